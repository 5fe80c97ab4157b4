import { WANAKT_USER_ID } from '../../../schema/constants.ts';
import { regionOf } from '../../../schema/rules/region.ts';
import { seasonTaskCompleted } from '../../../schema/rules/notifications.ts';
import { dayOf, longestStreak, SEASON_TASK_KEYS, type SeasonTask, type SeasonTaskKey } from '../../../schema/rules/seasons.ts';
import type { Queryable } from '../../infra/db/database.ts';
import { notify } from '../notifications/notifications.ts';
import type { Work } from '../service-deps.ts';
import { hasVerifiedEmail, NOT_VERIFIED, PAID_LATE, sharedBetween } from './fair-play.ts';

export interface SeasonRow {
  number: number;
  starts_at: Date;
  ends_at: Date;
  announced_at: Date;
  pool: string;
  tasks: SeasonTask[];
  paid_at: Date | null;
  paid_total: string | null;
}

/** The season running at `now`, if one was announced for it. */
export async function runningSeason(tx: Queryable, now: Date): Promise<SeasonRow | null> {
  const [season] = await tx<SeasonRow[]>`select * from seasons where starts_at <= ${now} and ends_at > ${now}`;
  return season ?? null;
}

/** Something a player did that may count toward a task; `key` makes it one (a day, a payment, a trade). */
export interface SeasonAction {
  userId: string;
  task: SeasonTaskKey;
  key: string;
  /** Null when it counts; else why not, as the season page tells the player. */
  refused: string | null;
}

/**
 * Each task's progress for one player, read from its counted actions and, for the regions, from the
 * land it holds now: nothing is tallied apart from the facts.
 */
export async function progressOf(tx: Queryable, season: number, userId: string): Promise<Record<SeasonTaskKey, number>> {
  const actions = await tx<{ task: SeasonTaskKey; key: string }[]>`
    select task, key from season_actions where season = ${season} and user_id = ${userId} and counted`;
  const land = await tx<{ latitude: number; longitude: number }[]>`
    select latitude::float8 as latitude, longitude::float8 as longitude from territories where owner_id = ${userId}`;
  const count = (task: SeasonTaskKey) => actions.filter((action) => action.task === task).length;
  const days = actions.filter((action) => action.task === 'play_days').map((action) => action.key);
  const regions = new Set(land.map((place) => regionOf(place.latitude, place.longitude)).filter((region) => region !== null));
  return {
    play_days: days.length,
    streak: longestStreak(days),
    trade: count('trade'),
    regions: regions.size,
    rent_on_time: count('rent_on_time'),
    vassal_rent: count('vassal_rent'),
  };
}

/** Completes the tasks these players have reached, once each, with a notice. */
async function completeTasks({ tx, now }: Work, season: SeasonRow, userIds: readonly string[]): Promise<void> {
  const players = [...new Set(userIds)].filter((id) => id !== WANAKT_USER_ID);
  const reached: { season: number; user_id: string; task: SeasonTaskKey; weight: number; completed_at: Date }[] = [];
  for (const userId of players) {
    const progress = await progressOf(tx, season.number, userId);
    for (const task of season.tasks)
      if (SEASON_TASK_KEYS.includes(task.key) && progress[task.key] >= task.target)
        reached.push({ season: season.number, user_id: userId, task: task.key, weight: task.weight, completed_at: now });
  }
  if (reached.length === 0) return;
  const completed = await tx<{ user_id: string; task: SeasonTaskKey }[]>`
    insert into season_completions ${tx(reached)} on conflict do nothing returning user_id, task`;
  const nameOf = (key: SeasonTaskKey) => season.tasks.find((task) => task.key === key)!.name;
  await notify(
    tx,
    completed.map((row) => seasonTaskCompleted(row.user_id, season.number, nameOf(row.task))),
    now,
  );
}

/**
 * Records actions toward the running season's tasks (none outside a season) and completes the tasks
 * they finish. An action already recorded is kept as it was, except that one which did not count
 * becomes counted when it is done again in a way that counts (a day of play after the address is
 * verified).
 */
export async function recordSeasonActions(work: Work, actions: readonly SeasonAction[]): Promise<void> {
  const season = await runningSeason(work.tx, work.now);
  if (!season) return;
  const rows = actions
    .filter((action) => action.userId !== WANAKT_USER_ID)
    .map((action) => ({
      season: season.number,
      user_id: action.userId,
      task: action.task,
      key: action.key,
      counted: action.refused === null,
      why: action.refused,
      at: work.now,
    }));
  if (rows.length > 0)
    await work.tx`
      insert into season_actions ${work.tx(rows)}
      on conflict (season, user_id, task, key) do update set counted = true, why = null, at = excluded.at
       where not season_actions.counted and excluded.counted`;
  await completeTasks(work, season, rows.map((row) => row.user_id));
}

/** Completes what these players' land now reaches (the regions task), after land changed hands. */
export async function noteLandHeld(work: Work, userIds: readonly string[]): Promise<void> {
  const season = await runningSeason(work.tx, work.now);
  if (season) await completeTasks(work, season, userIds);
}

/** A visit of the game: the day counts toward the days and the streak while the account's e-mail is verified. */
export async function recordPlayDay(work: Work, userId: string): Promise<void> {
  const verified = await hasVerifiedEmail(work.tx, userId);
  await recordSeasonActions(work, [{ userId, task: 'play_days', key: dayOf(work.now), refused: verified ? null : NOT_VERIFIED }]);
}

/** A listing bought from another player: a trade for both sides, unless they count as one person. */
export async function recordTrade(work: Work, trade: { buyerId: string; sellerId: string | null; territoryId: number }): Promise<void> {
  const { buyerId, sellerId } = trade;
  if (sellerId === null || sellerId === WANAKT_USER_ID || sellerId === buyerId) return noteLandHeld(work, [buyerId]);
  const refused = await sharedBetween(work.tx, buyerId, sellerId);
  const key = `territory ${trade.territoryId} at ${work.now.toISOString()}`;
  await recordSeasonActions(work, [
    { userId: buyerId, task: 'trade', key, refused },
    { userId: sellerId, task: 'trade', key, refused },
  ]);
}

/** A rent payment paid: on time for its payer, or not; collected for its payee, unless they count as one person. */
export async function recordRentPaid(work: Work, paymentId: number): Promise<void> {
  const [payment] = await work.tx<{ payer_id: string; payee_id: string; on_time: boolean }[]>`
    select payer_id, payee_id, paid_at <= due_date as on_time from rent_payments where id = ${paymentId} and paid_at is not null`;
  if (!payment) return;
  const key = `rent payment ${paymentId}`;
  await recordSeasonActions(work, [
    { userId: payment.payer_id, task: 'rent_on_time', key, refused: payment.on_time ? null : PAID_LATE },
    { userId: payment.payee_id, task: 'vassal_rent', key, refused: await sharedBetween(work.tx, payment.payer_id, payment.payee_id) },
  ]);
}
