// The public economy page's derived figures (docs/rules.md §2, `/economy`: open books): pure arithmetic over sums the
// database has already made, so each rule is tested without one.

export interface BalanceSums {
  holders: number;
  held: number;
  /** What the top 1 % and top 10 % of holders hold (rounded up to whole accounts). */
  top1Held: number;
  top10Held: number;
  /** Σ rank × balance with the balances in ascending order and ranks from 1. */
  rankWeighted: number;
}

/**
 * Shares of the top 1 % and 10 % and the Gini coefficient, from the closed form
 * G = 2·Σ i·x_i / (n·Σ x) − (n + 1) / n over ascending balances; an economy nobody holds anything
 * in is perfectly equal.
 */
export function concentration(sums: BalanceSums) {
  const { holders, held } = sums;
  if (holders === 0 || held === 0) {
    return { holders, held, top_1_percent_share: 0, top_10_percent_share: 0, gini: 0 };
  }
  const gini = (2 * sums.rankWeighted) / (holders * held) - (holders + 1) / holders;
  return {
    holders,
    held,
    top_1_percent_share: round4(sums.top1Held / held),
    top_10_percent_share: round4(sums.top10Held / held),
    gini: round4(Math.min(1, Math.max(0, gini))),
  };
}

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * The UTC month ('YYYY-MM') at which `remaining` DRK are minted at the pace of the last window, or
 * null without a pace. A pace needs the whole window behind it (`historyDays`: how long minting has
 * gone on): on a game's first day the starting grants of twenty minutes, spread over the window,
 * moved the month by three months at each registration.
 */
export function projectCapMonth(
  now: Date,
  remaining: number,
  mintedInWindow: number,
  windowDays: number,
  historyDays: number,
): string | null {
  if (remaining <= 0) return monthOf(now);
  if (mintedInWindow <= 0 || historyDays < windowDays) return null;
  const days = remaining / (mintedInWindow / windowDays);
  const reached = now.getTime() + days * DAY_MS;
  // Beyond what a Date can hold the cap is, for any reader, never reached.
  if (!Number.isFinite(reached) || reached > 8.64e15) return null;
  return monthOf(new Date(reached));
}

export function monthOf(date: Date): string {
  return date.toISOString().slice(0, 7);
}

export interface TypeDay {
  day: string;
  territory_type: string;
  trades: number;
  median_price: number;
}

/**
 * A trade-weighted price index: each type's median price on a day against that type's median on
 * the first day it traded in the window, averaged with the day's trades as weights, ×100. Types
 * are compared only with themselves, so a day of village sales does not look like a crash after
 * a day of city sales.
 */
export function priceIndex(days: TypeDay[]): { day: string; index: number }[] {
  const base = new Map<string, number>();
  const byDay = new Map<string, { weighted: number; trades: number }>();
  for (const row of [...days].sort((a, b) => a.day.localeCompare(b.day))) {
    if (!base.has(row.territory_type) && row.median_price > 0) base.set(row.territory_type, row.median_price);
    const reference = base.get(row.territory_type);
    if (reference === undefined) continue;
    const sum = byDay.get(row.day) ?? { weighted: 0, trades: 0 };
    sum.weighted += (row.median_price / reference) * row.trades;
    sum.trades += row.trades;
    byDay.set(row.day, sum);
  }
  return [...byDay].map(([day, sum]) => ({ day, index: Math.round((sum.weighted / sum.trades) * 1000) / 10 }));
}

function round4(value: number): number {
  return Math.round(value * 10_000) / 10_000;
}
