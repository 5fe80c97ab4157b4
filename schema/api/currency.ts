import { z } from 'zod';
import { MAX_DRK_SUPPLY } from '../constants.ts';
import { UserId } from './ids.ts';

// docs/rules.md §5 "Mint": more than 0, and never more than the supply could ever hold. Within that, the
// remaining supply is the server's check (409), since it changes with every mint.
export const MINT_AMOUNT_INVALID = `Please enter a whole amount of DRK from 1 to ${MAX_DRK_SUPPLY}`;
export const MintBody = z.object({
  amount: z
    .number({ error: MINT_AMOUNT_INVALID })
    .int({ error: MINT_AMOUNT_INVALID })
    .min(1, { error: MINT_AMOUNT_INVALID })
    .max(MAX_DRK_SUPPLY, { error: MINT_AMOUNT_INVALID }),
  recipientId: UserId,
});

export const SupplyDto = z
  .object({ total_supply: z.number(), circulating_supply: z.number(), max_supply: z.number() })
  .meta({ id: 'Supply' });
export type SupplyDto = z.infer<typeof SupplyDto>;

export const MintedDto = z.object({ message: z.string(), supply: SupplyDto }).meta({ id: 'Minted' });
