import { z } from 'zod';
import type { PaymentType } from './rent.ts';

/** POST /api/rent/generate takes an empty body (SPEC §7): the server picks the current period. */
export const RentGenerateBody = z.strictObject({}, { error: 'Generating rent takes no parameters' });

/** The answer of POST /api/rent/generate: the period run and the payments this run created. */
export interface RentGeneratedDto {
  period: string;
  created: number;
}

/** One territory's line of the revenue center's projection (schema/rules/earnings.ts). */
export interface TerritoryRevenueDto {
  territory_id: number;
  name: string;
  base: number;
  multiplier_bonus: number;
  ad_revenue: number;
  /** What the monthly payout mints to the owner for this territory. */
  to_owner: number;
}

/** GET /api/revenue/summary/{userId}: the revenue center's Overview (SPEC §2), projected and paid. */
export interface RevenueSummaryDto {
  user_id: string;
  territory_count: number;
  ownership_multiplier: number;
  revenue_event_multiplier: number;
  base_revenue: number;
  multiplier_bonus: number;
  /** Ad revenue of the player's territories; for the Wanakt, also every owned wonder's. */
  ad_revenue: number;
  /** What the player's vassals owe per rent period, spread over its months. */
  feudal_tribute: number;
  total_monthly: number;
  territories: TerritoryRevenueDto[];
  /** The latest monthly payout the ledger holds for the player, or null before the first. */
  last_payout: { month: string; amount: number } | null;
}

export const RENT_FLOW_STATUSES = ['projected', 'due', 'overdue', 'paid'] as const;
export type RentFlowStatus = (typeof RENT_FLOW_STATUSES)[number];

/**
 * One rent flow of the period. 'projected' is what the rules say the territory owes while no
 * payment has been generated for it yet; the others are a generated payment.
 */
export interface RentFlowDto {
  payer_territory_id: number;
  payer_territory_name: string;
  payer_id: string;
  payer_username: string;
  payee_territory_id: number | null;
  payee_territory_name: string | null;
  payee_id: string;
  payee_username: string;
  payment_type: PaymentType;
  amount: number;
  status: RentFlowStatus;
  payment_id: number | null;
  due_date: string | null;
}

/** GET /api/payments/waterfall/{userId}: what a player collects from vassals and pays to overlords this period. */
export interface RentWaterfallDto {
  user_id: string;
  period: string;
  collects: RentFlowDto[];
  pays: RentFlowDto[];
  collects_total: number;
  pays_total: number;
  net: number;
}
