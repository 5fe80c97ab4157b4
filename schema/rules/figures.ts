import type { TerritoryEarning } from './earnings.ts';

// Every figure a player reads has one name, one line that explains it, and one rule.
// The revenue center's five names are the product's own (its Overview lists base territory
// revenue, multiplier bonus, ad revenue, feudal tribute income and total monthly).
// A territory's figures come from territoryEarning (earnings.ts); a player's from the functions
// below. The earnings job, the API answers and the screens all call these, so a figure of one
// name is the same number wherever it appears.

export interface FigureName {
  name: string;
  /** One line, shown on hover or under the figure. */
  explains: string;
}

export const FIGURES = {
  base_revenue: { name: 'Base Territory Revenue', explains: "The territory's own revenue per month, before any multiplier." },
  multiplier_bonus: {
    name: 'Multiplier Bonus',
    explains: 'What the ownership, upgrade, chain and event multipliers add to the base revenue each month.',
  },
  ad_revenue: {
    name: 'Ad Revenue',
    explains: "15% of the base revenue × the upgrade and type factors, each month; a wonder's goes to the Wanakt.",
  },
  monthly_earnings: {
    name: 'Total Monthly',
    explains: 'What the payout on the 1st of each month mints to the owner: base revenue + multiplier bonus + ad revenue.',
  },
  tribute: {
    name: 'Feudal Tribute Income',
    explains: 'The rent vassals owe this owner for the current 6-month rent period, paid through the rent cycle, not the monthly payout.',
  },
  rent_owed: { name: 'Rent Owed', explains: "The rent this owner's territories owe their lords for the current 6-month period." },
  earnings_paid_30d: {
    name: 'Earnings Paid, Last 30 Days',
    explains: 'Monthly earnings the ledger paid to this player in the last 30 days.',
  },
  earnings_paid_month: {
    name: 'Paid Last Month',
    explains: 'What the last monthly payout minted, territory by territory, as the ledger holds it.',
  },
  tribute_paid_30d: { name: 'Tribute Received, Last 30 Days', explains: 'Rent vassals paid to this player in the last 30 days.' },
} as const satisfies Record<string, FigureName>;

export type FigureKey = keyof typeof FIGURES;

export interface MonthlyEarnings {
  base_revenue: number;
  multiplier_bonus: number;
  /** Ad revenue paid to this player: its own territories', and every wonder's for the Wanakt. */
  ad_revenue: number;
  /** The part of ad_revenue that is the wonders' (0 for anyone but the Wanakt). */
  wonder_ad_revenue: number;
  monthly_earnings: number;
}

/**
 * A player's monthly earnings from its territories' earnings (ownerEarnings) and, for the Wanakt,
 * every owned wonder's earning: exactly what the earnings job mints to the player for a month,
 * before the supply cap (supplyScale) cuts a month that would pass it.
 */
export function monthlyEarnings(own: readonly TerritoryEarning[], wonders: readonly TerritoryEarning[] = []): MonthlyEarnings {
  const sum = (list: readonly TerritoryEarning[], pick: (earning: TerritoryEarning) => number) =>
    list.reduce((total, earning) => total + pick(earning), 0);
  const base = sum(own, (earning) => earning.base);
  const bonus = sum(own, (earning) => earning.multiplierBonus);
  const ownAds = sum(own, (earning) => earning.toOwner - earning.base - earning.multiplierBonus);
  const wonderAds = sum(wonders, (earning) => earning.toWanakt);
  return {
    base_revenue: base,
    multiplier_bonus: bonus,
    ad_revenue: ownAds + wonderAds,
    wonder_ad_revenue: wonderAds,
    monthly_earnings: base + bonus + ownAds + wonderAds,
  };
}

export interface ObligationAmount {
  payeeId: string | null;
  amount: number;
}

/** Tribute this period: what the period's obligations owe the player. */
export function tributeOwedTo(obligations: readonly ObligationAmount[], userId: string): number {
  return obligations.reduce((total, item) => (item.payeeId === userId ? total + item.amount : total), 0);
}
