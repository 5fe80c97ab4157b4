import { WANAKT_USER_ID } from '../../../schema/constants.ts';
import { regionOf } from '../../../schema/rules/region.ts';
import { seasonTaskCompleted } from '../../../schema/rules/notifications.ts';
import { dayOf, longestStreak, SEASON_TASK_KEYS, type SeasonTask, type SeasonTaskKey } from '../../../schema/rules/seasons.ts';
import type { Queryable } from '../../infra/db/database.ts';
import { notify, type StoredNotice } from '../notifications/notifications.ts';
import type { Work } from '../service-deps.ts';
import type { Link } from '../fair-play/links.ts';
import { hasVerifiedEmail, LAND_COUNTED, LAND_GIVEN, NOT_VERIFIED, PAID_LATE } from './fair-play.ts';

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

/** The key of a territory's action toward the regions task: one holder per season counts it. */
const landKey = (territoryId: number) => `territory ${territoryId}`;

/**
 * Each task's progress for one player, read from its counted actions and, for the regions, from the
 * land it holds now whose purchase counted for it this season: nothing is tallied apart from the facts.
 */
export async function progressOf(tx: Queryable, season: number, userId: string): Promise<Record<SeasonTaskKey, number>> {
  const actions = await tx<{ task: SeasonTaskKey; key: string }[]>`
    select task, key from season_actions where season = ${season} and user_id = ${userId} and counted`;
  const land = await tx<{ latitude: number; longitude: number }[]>`
    select t.latitude::float8 as latitude, t.longitude::float8 as longitude
      from territories t join season_actions a on a.key = 'territory ' || t.id
     where t.owner_id = ${userId} and a.season = ${season} and a.user_id = ${userId} and a.task = 'regions' and a.counted`;
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
async function completeTasks({ tx, now }: Work, season: SeasonRow, userIds: readonly string[]): Promise<StoredNotice[]> {
  const players = [...new Set(userIds)].filter((id) => id !== WANAKT_USER_ID);
  const reached: { season: number; user_id: string; task: SeasonTaskKey; weight: number; completed_at: Date }[] = [];
  for (const userId of players) {
    const progress = await progressOf(tx, season.number, userId);
    for (const task of season.tasks)
      if (SEASON_TASK_KEYS.includes(task.key) && progress[task.key] >= task.target)
        reached.push({ season: season.number, user_id: userId, task: task.key, weight: task.weight, completed_at: now });
  }
  if (reached.length === 0) return [];
  const completed = await tx<{ user_id: string; task: SeasonTaskKey }[]>`
    insert into season_completions ${tx(reached)} on conflict do nothing returning user_id, task`;
  const nameOf = (key: SeasonTaskKey) => season.tasks.find((task) => task.key === key)!.name;
  return notify(
    tx,
    completed.map((row) => seasonTaskCompleted(row.user_id, season.number, nameOf(row.task))),
    now,
  );
}

/**
 * Records actions toward the running season's tasks (none outside a season) and completes the tasks
 * they finish. An action already recorded is kept as it was, except that one which did not count
 * becomes counted when it is done again in a way that counts (a day of play after the address is
 * verified). Returns the notices of the tasks completed, for the caller to announce (services never emit).
 */
export async function recordSeasonActions(work: Work, actions: readonly SeasonAction[]): Promise<StoredNotice[]> {
  const season = await runningSeason(work.tx, work.now);
  if (!season) return [];
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
  if (rows.length === 0) return [];
  // Only an action new or newly counted can complete a task: a visit's beat on a day already counted checks nothing.
  const changed = await work.tx<{ user_id: string }[]>`
    insert into season_actions ${work.tx(rows)}
    on conflict (season, user_id, task, key) do update set counted = true, why = null, at = excluded.at
     where not season_actions.counted and excluded.counted
    returning user_id`;
  return completeTasks(
    work,
    season,
    changed.map((row) => row.user_id),
  );
}

/**
 * Land given to a player or assigned by the Wanakt: it completes no task for the receiver
 * (docs/rules.md §10 "Fair play"), and the season page says so.
 */
export async function recordLandReceived(work: Work, userId: string, territoryId: number): Promise<StoredNotice[]> {
  return recordSeasonActions(work, [{ userId, task: 'regions', key: landKey(territoryId), refused: LAND_GIVEN }]);
}

/** A visit of the game: the day counts toward the days and the streak while the account's e-mail is verified. */
export async function recordPlayDay(work: Work, userId: string): Promise<StoredNotice[]> {
  const verified = await hasVerifiedEmail(work.tx, userId);
  return recordSeasonActions(work, [{ userId, task: 'play_days', key: dayOf(work.now), refused: verified ? null : NOT_VERIFIED }]);
}

/** Why a territory bought now does not count toward the buyer's regions: another holder counted it first this season. */
async function landCountedElsewhere({ tx, now }: Work, buyerId: string, territoryId: number): Promise<string | null> {
  const [other] = await tx`
    select 1 from season_actions a join seasons s on s.number = a.season
     where s.starts_at <= ${now} and s.ends_at > ${now}
       and a.task = 'regions' and a.key = ${landKey(territoryId)} and a.counted and a.user_id <> ${buyerId}`;
  return other ? LAND_COUNTED : null;
}

/**
 * A territory bought: a trade for both sides and land toward the buyer's regions, unless the trade
 * does not count (`refused`, why: linked accounts, or the trade filter of docs/rules.md §4); a
 * territory counts toward regions for its first holder of the season only. A purchase from the
 * treasury is no trade, but its land counts.
 */
export async function recordTrade(
  work: Work,
  trade: { buyerId: string; sellerId: string | null; territoryId: number; refused: string | null },
): Promise<StoredNotice[]> {
  const { buyerId, sellerId, territoryId, refused } = trade;
  const land: SeasonAction = {
    userId: buyerId,
    task: 'regions',
    key: landKey(territoryId),
    refused: refused ?? (await landCountedElsewhere(work, buyerId, territoryId)),
  };
  if (sellerId === null || sellerId === WANAKT_USER_ID || sellerId === buyerId) return recordSeasonActions(work, [land]);
  const key = `territory ${territoryId} at ${work.now.toISOString()}`;
  return recordSeasonActions(work, [
    { userId: buyerId, task: 'trade', key, refused },
    { userId: sellerId, task: 'trade', key, refused },
    land,
  ]);
}

/**
 * A rent payment paid: on time for its payer, or not; collected for its payee. Neither counts
 * between linked accounts (`link`, the linking service's answer).
 */
export async function recordRentPaid(work: Work, paymentId: number, link: Link | null): Promise<StoredNotice[]> {
  const [payment] = await work.tx<{ payer_id: string; payee_id: string; on_time: boolean }[]>`
    select payer_id, payee_id, paid_at <= due_date as on_time from rent_payments where id = ${paymentId} and paid_at is not null`;
  if (!payment) return [];
  const key = `rent payment ${paymentId}`;
  return recordSeasonActions(work, [
    { userId: payment.payer_id, task: 'rent_on_time', key, refused: link?.reason ?? (payment.on_time ? null : PAID_LATE) },
    { userId: payment.payee_id, task: 'vassal_rent', key, refused: link?.reason ?? null },
  ]);
}
