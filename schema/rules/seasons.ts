// Seasons (docs/rules.md §10): a fixed pool of the treasury's DRK, announced with its tasks before the
// season starts, shared at its end by the weight of the tasks each player completed. Pure rules: the
// calendar, the tasks and the split.

export const SEASON_TASK_KEYS = ['play_days', 'streak', 'trade', 'regions', 'rent_on_time', 'vassal_rent'] as const;
export type SeasonTaskKey = (typeof SEASON_TASK_KEYS)[number];

export interface SeasonTask {
  key: SeasonTaskKey;
  name: string;
  /** What counts toward it, as the season page says. */
  rule: string;
  target: number;
  /** What completing it adds to the player's weight. */
  weight: number;
}

/** The tasks a season is announced with: stored with the season, so a later change of this list never touches one announced. */
export const SEASON_TASKS: readonly SeasonTask[] = [
  {
    key: 'play_days',
    name: 'Play on 20 days',
    rule: 'A day counts when you visit the game while your account has a verified e-mail address.',
    target: 20,
    weight: 3,
  },
  { key: 'streak', name: 'A 7-day streak', rule: 'Seven counted days in a row.', target: 7, weight: 2 },
  {
    key: 'trade',
    name: 'Trade land 3 times',
    rule: 'Buy a listing from, or sell one to, another player who shares no network address and no payment card with you.',
    target: 3,
    weight: 2,
  },
  {
    key: 'regions',
    name: 'Hold land in three regions',
    rule: 'Hold territories in three of the map’s regions at once.',
    target: 3,
    weight: 2,
  },
  { key: 'rent_on_time', name: 'Pay your rent on time', rule: 'Pay a rent bill by its due date.', target: 1, weight: 1 },
  {
    key: 'vassal_rent',
    name: 'Collect from your vassals',
    rule: 'Receive rent paid by a vassal who shares no network address and no payment card with you.',
    target: 1,
    weight: 1,
  },
];

export const SEASON_WEEKS_DEFAULT = 6;
/** Season 1 starts here (a Monday, 00:00 UTC); each season starts when the one before ends. */
export const SEASON_EPOCH = '2026-01-05T00:00:00Z';

const WEEK_MS = 7 * 86_400_000;

/** The number of the season running at `moment` (season 1 starts at the epoch); 0 before it. */
export function seasonNumberAt(moment: Date, weeks: number, epoch = SEASON_EPOCH): number {
  const elapsed = moment.getTime() - new Date(epoch).getTime();
  return elapsed < 0 ? 0 : Math.floor(elapsed / (weeks * WEEK_MS)) + 1;
}

/** When season `number` starts and ends (the end excluded). */
export function seasonBounds(number: number, weeks: number, epoch = SEASON_EPOCH): { startsAt: Date; endsAt: Date } {
  const start = new Date(epoch).getTime() + (number - 1) * weeks * WEEK_MS;
  return { startsAt: new Date(start), endsAt: new Date(start + weeks * WEEK_MS) };
}

/** The UTC day of a moment, as a play day is keyed. */
export const dayOf = (moment: Date): string => moment.toISOString().slice(0, 10);

/** The longest run of consecutive days among these (each 'YYYY-MM-DD'). */
export function longestStreak(days: readonly string[]): number {
  const sorted = [...new Set(days)].sort();
  let best = 0;
  let run = 0;
  let previous = Number.NaN;
  for (const day of sorted) {
    const at = Date.parse(`${day}T00:00:00Z`) / 86_400_000;
    run = at === previous + 1 ? run + 1 : 1;
    previous = at;
    best = Math.max(best, run);
  }
  return best;
}

export interface Share {
  userId: string;
  weight: number;
}

/**
 * Splits a pool by weight into whole DRK that add up to exactly the pool: each player gets the
 * floor of its exact share, and the DRK left over go one each to the largest remainders, ties to
 * the larger weight, then to the smaller user id, so any run on the same weights pays the same.
 * Players of weight 0 get nothing; with no weight at all nothing is paid.
 */
export function splitPool(pool: number, shares: readonly Share[]): Map<string, number> {
  const weighted = shares.filter((share) => share.weight > 0);
  const total = weighted.reduce((sum, share) => sum + share.weight, 0);
  const paid = new Map<string, number>();
  if (total === 0 || pool <= 0) return paid;
  // BigInt: pool × weight can pass 2^53 for a large pool and many players.
  const exact = weighted.map((share) => {
    const product = BigInt(pool) * BigInt(share.weight);
    return { ...share, floor: Number(product / BigInt(total)), remainder: Number(product % BigInt(total)) };
  });
  let left = pool - exact.reduce((sum, share) => sum + share.floor, 0);
  const order = [...exact].sort(
    (a, b) => b.remainder - a.remainder || b.weight - a.weight || (a.userId < b.userId ? -1 : a.userId > b.userId ? 1 : 0),
  );
  for (const share of order) {
    const extra = left > 0 ? 1 : 0;
    left -= extra;
    if (share.floor + extra > 0) paid.set(share.userId, share.floor + extra);
  }
  return paid;
}

/**
 * Linked accounts share one share of the pool (docs/rules.md §10 "Fair play"): of each cluster,
 * only the member with the most weight (ties: the smaller id) enters the split, with its own
 * weight; the cluster's other members enter with none. Accounts in no cluster enter as they are.
 */
export function oneSharePerCluster(shares: readonly Share[], clusters: readonly (readonly string[])[]): Share[] {
  const clusterOf = new Map(clusters.flatMap((members, index) => members.map((member) => [member, index] as const)));
  const best = new Map<number, Share>();
  for (const share of shares) {
    const cluster = clusterOf.get(share.userId);
    if (cluster === undefined) continue;
    const held = best.get(cluster);
    if (!held || share.weight > held.weight || (share.weight === held.weight && share.userId < held.userId)) best.set(cluster, share);
  }
  return shares.map((share) => {
    const cluster = clusterOf.get(share.userId);
    return cluster === undefined || best.get(cluster) === share ? share : { ...share, weight: 0 };
  });
}
