import { z } from 'zod';
import { LEDGER_REASONS } from './statement.ts';
import { ProfileTrade } from './profiles.ts';
import { REGIONS } from '../rules/region.ts';
import { TERRITORY_TYPES } from '../constants.ts';

/** The two kinds of account DRK can leave or reach, and 'minted' where it came into being. */
export const ACCOUNT_KINDS = ['minted', 'treasury', 'player'] as const;

const Drk = z.number().int().nonnegative();
const Month = z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/);
const Day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);
const Share = z.number().min(0).max(1);

export const SupplyPoint = z.object({ day: Day, total_supply: Drk });

export const MintedMonth = z.object({ month: Month, reason: z.enum(LEDGER_REASONS), amount: Drk, movements: Drk });

export const FlowMonth = z.object({
  month: Month,
  from_kind: z.enum(ACCOUNT_KINDS),
  to_kind: z.enum(ACCOUNT_KINDS).exclude(['minted']),
  reason: z.enum(LEDGER_REASONS),
  amount: Drk,
  movements: Drk,
});

export const MarketDay = z.object({
  day: Day,
  territory_type: z.string(),
  trades: Drk,
  volume: Drk,
  median_price: z.number().nonnegative(),
});

/** The market's price level on a day: 100 on the first day of the window with trades. */
export const PriceIndexPoint = z.object({ day: Day, index: z.number().nonnegative() });

/** How many days the by-region prices of each type cover. */
export const REGIONAL_WINDOW_DAYS = 30;

/** One region's market, of the sales that count (docs/rules.md §4 "Trades that count"). */
export const RegionalMarket = z.object({
  region: z.enum(REGIONS),
  /** Each type sold there over the last REGIONAL_WINDOW_DAYS days: sales, DRK and the median price. */
  by_type: z.array(z.object({ territory_type: z.enum(TERRITORY_TYPES), trades: Drk, volume: Drk, median_price: z.number().nonnegative() })),
  /** The region's own price index over the daily window, as the market's (100 on its first day with sales). */
  price_index: z.array(PriceIndexPoint),
});

export const Concentration = z.object({
  /** Player accounts counted (the Wanakt's treasury is not a holder). */
  holders: Drk,
  held: Drk,
  top_1_percent_share: Share,
  top_10_percent_share: Share,
  gini: Share,
});

export const CapProjection = z.object({
  /** DRK minted over the pace window, and the window's length in days. */
  minted_in_window: Drk,
  window_days: z.number().int().positive(),
  remaining: Drk,
  /** Whole days since the first DRK was minted: a pace needs window_days of them. */
  history_days: z.number().int().nonnegative(),
  /** The month the cap is reached if minting keeps the window's pace; null when nothing was minted in it or the history is shorter than the window. */
  cap_month: Month.nullable(),
});

export const SupplyAudit = z.object({
  checked_at: z.string(),
  ok: z.boolean(),
  problems: z.array(z.string()),
  total_supply: Drk,
  circulating_supply: Drk,
  balances: Drk,
});

/** GET /api/economy: every figure of the public economy page, from the rollups and balances. */
export const EconomyOverview = z.object({
  as_of: z.string(),
  supply: z.object({ total_supply: Drk, circulating_supply: Drk, max_supply: Drk }),
  /** The total supply after each day that minted, over the daily window. */
  supply_history: z.array(SupplyPoint),
  minted_by_month: z.array(MintedMonth),
  flows_by_month: z.array(FlowMonth),
  market_by_day: z.array(MarketDay),
  price_index: z.array(PriceIndexPoint),
  /** The same by region (schema/rules/region.ts); a region without a counted sale in the window is left out. */
  market_by_region: z.array(RegionalMarket),
  /** The latest sales the trade filter left out of the prices above, with why (docs/rules.md §4 "Trades that count"). */
  trades_left_out: z.array(ProfileTrade),
  concentration: Concentration,
  projection: CapProjection,
  last_audit: SupplyAudit.nullable(),
});

/** How many of the latest left-out trades the economy page lists. */
export const TRADES_LEFT_OUT_LISTED = 20;

export type MintedMonthDto = z.infer<typeof MintedMonth>;
export type FlowMonthDto = z.infer<typeof FlowMonth>;
export type SupplyAuditDto = z.infer<typeof SupplyAudit>;
export type EconomyOverviewDto = z.infer<typeof EconomyOverview>;

/** GET /api/economy/audit: the latest check, or null before the first. */
export const AuditAnswer = z.object({ last_audit: SupplyAudit.nullable() });
export type AuditAnswerDto = z.infer<typeof AuditAnswer>;
/** POST /api/economy/audit takes an empty body: it always re-checks everything. */
export const AuditBody = z.strictObject({}, { error: 'Running the audit takes no parameters' });
