import { AWAY_AFTER_MS, SINCE_YESTERDAY_MS, type AwayPanelDto, type AwaySummaryDto } from '../../../schema/api/away.ts';
import type { Queryable } from '../../infra/db/database.ts';
import type { Work } from '../service-deps.ts';
import { awaySummary } from './summary.ts';

/**
 * A player's client saying it is there (on opening the game, then while it stays open), by the game's
 * clock: a visit an hour or more after the one before opens the absence its next panel summarises
 * (an absence still waiting to be dismissed grows to end at this visit). Answers whether a panel waits.
 */
export async function markVisit({ tx, now }: Work, userId: string): Promise<{ away: boolean }> {
  const awaySince = new Date(now.getTime() - AWAY_AFTER_MS);
  const [row] = await tx<{ away: boolean }[]>`
    insert into player_presence as p (user_id, last_seen_at) values (${userId}, ${now})
    on conflict (user_id) do update set
      away_from = case when p.last_seen_at <= ${awaySince} then coalesce(p.away_from, p.last_seen_at) else p.away_from end,
      away_to = case when p.last_seen_at <= ${awaySince} then ${now}::timestamptz else p.away_to end,
      last_seen_at = greatest(p.last_seen_at, ${now})
    returning p.away_from is not null as away`;
  return row;
}

/** The player read its panel: it goes until the next absence. */
export async function dismissAway({ tx }: Work, userId: string): Promise<AwayPanelDto> {
  await tx`update player_presence set away_from = null, away_to = null where user_id = ${userId}`;
  return { away: null };
}

/** The panel waiting for the player: the summary of its absence, or null. Read in a snapshot. */
export async function awayPanel(tx: Queryable, userId: string): Promise<AwayPanelDto> {
  const [presence] = await tx<{ away_from: Date | null; away_to: Date | null }[]>`
    select away_from, away_to from player_presence where user_id = ${userId}`;
  if (!presence?.away_from || !presence.away_to) return { away: null };
  return { away: await awaySummary(tx, userId, presence.away_from, presence.away_to) };
}

/**
 * The summary of the player's last day up to `now` (the game's clock), whether or not it was away:
 * the away panel's summary over a window that is always there. Read in a snapshot.
 */
export function sinceYesterday(tx: Queryable, userId: string, now: Date): Promise<AwaySummaryDto> {
  return awaySummary(tx, userId, new Date(now.getTime() - SINCE_YESTERDAY_MS), now);
}
