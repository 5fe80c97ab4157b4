import { WANAKT_USER_ID } from '../../../schema/constants.ts';
import { seasonPaid } from '../../../schema/rules/notifications.ts';
import { oneSharePerCluster, seasonBounds, seasonNumberAt, SEASON_TASKS, splitPool } from '../../../schema/rules/seasons.ts';
import { conflict } from '../../errors.ts';
import { lockAccounts, transfer } from '../economy/ledger.ts';
import { clusters } from '../fair-play/links.ts';
import { notify, type StoredNotice } from '../notifications/notifications.ts';
import type { Work } from '../service-deps.ts';
import type { SeasonRow } from './progress.ts';

export interface SeasonSettings {
  /** Weeks a season lasts (SEASON_WEEKS). */
  weeks: number;
  /** DRK of the treasury each new season is announced with (SEASON_POOL). */
  pool: number;
  /** When season 1 starts (SEASON_EPOCH). */
  epoch: string;
}

/** The reference of a season's payout lines in the ledger. */
export const seasonReference = (season: number) => `season ${season}`;

/**
 * Announces the season running at `now` when none is (a new game, or a treasury that could not cover
 * a pool in time: a newcomer always finds a season to join), then the season after it, each with the
 * pool and the tasks it will keep, unless already announced. The treasury must hold each pool over the
 * pools of every season announced and not yet paid, so what is announced can be paid; otherwise that
 * season is not announced (and the job tries again next time). Answers the numbers announced.
 */
export async function announceSeasons(work: Work, settings: SeasonSettings): Promise<number[]> {
  const current = seasonNumberAt(work.now, settings.weeks, settings.epoch);
  const announced: number[] = [];
  for (const number of [current, current + 1]) {
    if (number >= 1 && (await announce(work, settings, number))) announced.push(number);
  }
  return announced;
}

async function announce({ tx, now }: Work, settings: SeasonSettings, number: number): Promise<boolean> {
  const { startsAt, endsAt } = seasonBounds(number, settings.weeks, settings.epoch);
  const rows = await tx<{ number: number }[]>`
    insert into seasons (number, starts_at, ends_at, pool, tasks, announced_at)
    select ${number}, ${startsAt}, ${endsAt}, ${settings.pool}, ${tx.json(SEASON_TASKS as never)}, ${now}
     where (select drk_balance from users where id = ${WANAKT_USER_ID})
           >= ${settings.pool} + (select coalesce(sum(pool), 0) from seasons where paid_at is null)
    on conflict (number) do nothing
    returning number`;
  return rows.length > 0;
}

export interface SeasonPayout {
  season: number;
  /** What moved from the treasury: the pool, or 0 when nobody completed a task. */
  paid: number;
  /** Each player's weight and share, in the order paid. */
  payouts: { userId: string; weight: number; amount: number }[];
}

/** The oldest season that has ended and is not paid yet, locked for its payout. */
export async function lockEndedSeason(tx: Work['tx'], now: Date): Promise<SeasonRow | null> {
  const [season] = await tx<SeasonRow[]>`
    select * from seasons where ends_at <= ${now} and paid_at is null order by number limit 1 for no key update`;
  return season ?? null;
}

/**
 * Pays an ended season's pool from the treasury by the weight of the tasks each player completed
 * (schema/rules/seasons.ts splitPool: whole DRK adding up to exactly the pool). Nothing is minted:
 * every payout is a transfer from the Wanakt's account. Linked accounts share one share
 * (oneSharePerCluster): the cluster's member with the most weight is paid it, the others nothing.
 * The season row is locked and marked paid in the same transaction, so a second run (or a second
 * process) finds it paid and pays nothing.
 */
export async function paySeason({ tx, now }: Work, season: SeasonRow): Promise<{ payout: SeasonPayout; notices: StoredNotice[] }> {
  const weights = await tx<{ user_id: string; weight: number }[]>`
    select user_id, sum(weight)::int as weight from season_completions where season = ${season.number} group by user_id order by user_id`;
  const linked = (await clusters(tx)).map((cluster) => cluster.members);
  const shares = splitPool(
    Number(season.pool),
    oneSharePerCluster(
      weights.map((row) => ({ userId: row.user_id, weight: row.weight })),
      linked,
    ),
  );
  const payouts = weights.map((row) => ({ userId: row.user_id, weight: row.weight, amount: shares.get(row.user_id) ?? 0 }));
  const paid = payouts.reduce((sum, payout) => sum + payout.amount, 0);
  if (paid > 0) {
    // docs/write-path.md: every user whose balance changes, locked in id order before any moves.
    await lockAccounts(tx, [WANAKT_USER_ID, ...payouts.map((payout) => payout.userId)]);
    const [treasury] = await tx<{ balance: string }[]>`select drk_balance::text as balance from users where id = ${WANAKT_USER_ID}`;
    if (Number(treasury.balance) < paid)
      throw conflict(
        `The treasury holds ${treasury.balance} DRK, short of season ${season.number}'s pool of ${paid} DRK: nothing was paid`,
      );
    for (const payout of payouts.filter((entry) => entry.amount > 0))
      await transfer(
        tx,
        WANAKT_USER_ID,
        payout.userId,
        {
          amount: payout.amount,
          reason: 'season_reward',
          reference: seasonReference(season.number),
        },
        now,
      );
  }
  if (payouts.length > 0)
    await tx`insert into season_payouts ${tx(payouts.map((payout) => ({ season: season.number, user_id: payout.userId, weight: payout.weight, amount: payout.amount })))}`;
  await tx`update seasons set paid_at = ${now}, paid_total = ${paid} where number = ${season.number}`;
  const notices = await notify(
    tx,
    payouts.filter((payout) => payout.amount > 0).map((payout) => seasonPaid(payout.userId, season.number, payout.amount)),
    now,
  );
  return { payout: { season: season.number, paid, payouts }, notices };
}
