import { z } from 'zod';

/** Player-to-player and treasury sales of territories over the last 30 days, from the ledger. */
export const MarketStatsDto = z
  .object({
    trades_30d: z.number().int(),
    /** Average price paid in those trades, in whole DRK; null when there were none. */
    average_price_30d: z.number().nullable(),
    volume_30d: z.number(),
    /** Change in traded volume against the 30 days before, in percent; null when those had none. */
    volume_growth_percent: z.number().nullable(),
  })
  .meta({ id: 'MarketStats' });
export type MarketStatsDto = z.infer<typeof MarketStatsDto>;
