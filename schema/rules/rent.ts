import { MAIN_CITY_RENT, SUB_TERRITORY_RENT, type TerritoryType } from '../constants.ts';
import { discountedPrice } from './economy.ts';
import { plural } from '../format.ts';

export const RENT_PERIOD_MONTHS = 6;
/** Rent of a period falls due this many days after the period is generated. */
export const RENT_DUE_DAYS = 30;

// docs/rules.md §1 and §9: who pays whom, and what share of monthly revenue, per 6-month period.
export const FEUDAL_SHARE: Partial<Record<TerritoryType, { overlord: TerritoryType; percent: number }>> = {
  village: { overlord: 'town', percent: 30 },
  town: { overlord: 'city', percent: 25 },
  city: { overlord: 'main', percent: 20 },
};

export interface RentPayer {
  type: TerritoryType;
  monthly_revenue: number;
  /** The rent the Wanakt set for this territory, or null for the rule's default. */
  rent_amount: number | null;
}

export interface RentDue {
  amount: number;
  payment_type: 'rent' | 'sub_rent';
}

/**
 * What a territory owes its overlord for one period, or null when it owes nothing (wonders, common
 * areas and the Wanakt's seat pay no rent). A rent the Wanakt set replaces the rule's amount.
 */
export function rentDue(payer: RentPayer): RentDue | null {
  const share = FEUDAL_SHARE[payer.type];
  let amount: number;
  if (payer.type === 'main') amount = MAIN_CITY_RENT;
  else if (payer.type === 'sub') amount = SUB_TERRITORY_RENT;
  else if (share) amount = Math.round((payer.monthly_revenue * share.percent) / 100);
  else return null;
  if (payer.rent_amount !== null) amount = payer.rent_amount;
  if (amount <= 0) return null;
  return { amount, payment_type: payer.type === 'sub' ? 'sub_rent' : 'rent' };
}

/**
 * What a territory's owner must pay for one period, or null when nothing is owed. Rent to an
 * unowned lord goes to nobody: the lord's land has no owner to be paid, so no payment is made and
 * the treasury takes nothing either. Nor does an owner pay itself. A rent discount event lowers
 * the amount. The rent cycle bills exactly this; the map, /rent and the dashboard show it.
 */
export function rentOwed(payer: RentPayer & { owner_id: string | null }, payeeId: string | null, rentMultiplier = 1): RentDue | null {
  if (payer.owner_id === null || payeeId === null || payeeId === payer.owner_id) return null;
  const due = rentDue(payer);
  if (!due) return null;
  const amount = discountedPrice(due.amount, rentMultiplier);
  return amount > 0 ? { ...due, amount } : null;
}

/** 'Due in N days' or 'Overdue by N days', counted in whole days ('Due in 1 day' for one). */
export function dueLabel(dueDate: Date, now: Date): string {
  const days = Math.ceil((dueDate.getTime() - now.getTime()) / 86_400_000);
  return days >= 0 ? `Due in ${plural(days, 'day')}` : `Overdue by ${plural(-days, 'day')}`;
}

/** The period a moment falls in: '2026-H1' (January to June) or '2026-H2'. */
export function rentPeriodOf(moment: Date): string {
  return `${moment.getUTCFullYear()}-H${moment.getUTCMonth() < 6 ? 1 : 2}`;
}
