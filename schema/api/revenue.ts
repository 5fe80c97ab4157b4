import { z } from 'zod';
import { PAYMENT_TYPES } from './rent.ts';

/** POST /api/rent/generate takes an empty body (docs/rules.md §7): the server picks the current period. */
export const RentGenerateBody = z.strictObject({}, { error: 'Generating rent takes no parameters' });

/** The answer of POST /api/rent/generate: the period run and the payments this run created. */
export const RentGeneratedDto = z.object({ period: z.string(), created: z.number().int() }).meta({ id: 'RentGenerated' });
export type RentGeneratedDto = z.infer<typeof RentGeneratedDto>;

/** One territory's line of the revenue center's projection (schema/rules/earnings.ts). */
export const TerritoryRevenueDto = z
  .object({
    territory_id: z.number().int(),
    name: z.string(),
    base: z.number(),
    multiplier_bonus: z.number(),
    ad_revenue: z.number(),
    /** What the monthly payout mints to the owner for this territory. */
    to_owner: z.number(),
  })
  .meta({ id: 'TerritoryRevenue' });
export type TerritoryRevenueDto = z.infer<typeof TerritoryRevenueDto>;

/** GET /api/revenue/summary/{userId}: the revenue center's Overview (docs/rules.md §2), projected and paid. */
export const RevenueSummaryDto = z
  .object({
    user_id: z.string(),
    territory_count: z.number().int(),
    ownership_multiplier: z.number(),
    revenue_event_multiplier: z.number(),
    base_revenue: z.number(),
    multiplier_bonus: z.number(),
    /** Ad revenue of the player's territories; for the Wanakt, also every owned wonder's. */
    ad_revenue: z.number(),
    /** The part of ad_revenue that is every owned wonder's, paid to the Wanakt (0 for anyone else). */
    wonder_ad_revenue: z.number(),
    /** Tribute this period: what the player's vassals owe it for the current 6-month rent period (not part of total_monthly). */
    feudal_tribute: z.number(),
    /** Monthly earnings: base + multiplier bonus + ad revenue, what the earnings job mints to the player for a month. */
    total_monthly: z.number(),
    territories: z.array(TerritoryRevenueDto),
    /** The latest monthly payout the ledger holds for the player, or null before the first. */
    last_payout: z.object({ month: z.string(), amount: z.number() }).nullable(),
  })
  .meta({ id: 'RevenueSummary' });
export type RevenueSummaryDto = z.infer<typeof RevenueSummaryDto>;

export const RENT_FLOW_STATUSES = ['projected', 'due', 'overdue', 'paid'] as const;

/**
 * One rent flow of the period. 'projected' is what the rules say the territory owes while no
 * payment has been generated for it yet; the others are a generated payment.
 */
export const RentFlowDto = z
  .object({
    payer_territory_id: z.number().int(),
    payer_territory_name: z.string(),
    payer_id: z.string(),
    payer_username: z.string(),
    payee_territory_id: z.number().int().nullable(),
    payee_territory_name: z.string().nullable(),
    payee_id: z.string(),
    payee_username: z.string(),
    payment_type: z.enum(PAYMENT_TYPES),
    amount: z.number(),
    status: z.enum(RENT_FLOW_STATUSES),
    payment_id: z.number().int().nullable(),
    due_date: z.string().nullable(),
  })
  .meta({ id: 'RentFlow' });
export type RentFlowDto = z.infer<typeof RentFlowDto>;

/** GET /api/payments/waterfall/{userId}: what a player collects from vassals and pays to overlords this period. */
export const RentWaterfallDto = z
  .object({
    user_id: z.string(),
    period: z.string(),
    collects: z.array(RentFlowDto),
    pays: z.array(RentFlowDto),
    collects_total: z.number(),
    pays_total: z.number(),
    net: z.number(),
  })
  .meta({ id: 'RentWaterfall' });
export type RentWaterfallDto = z.infer<typeof RentWaterfallDto>;
