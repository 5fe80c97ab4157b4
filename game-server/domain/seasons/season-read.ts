import { REFUSALS_SHOWN, STANDINGS_SIZE, type CurrentSeasonDto, type PaidSeasonDto, type SeasonDto } from '../../../schema/api/seasons.ts';
import type { SeasonTaskKey } from '../../../schema/rules/seasons.ts';
import type { Queryable } from '../../infra/db/database.ts';
import { seasonStandings } from '../standings/season-standings.ts';
import { progressOf, type SeasonRow } from './progress.ts';

interface StandingRow {
  user_id: string;
  username: string;
  weight: number;
  tasks: number;
  rank: number;
}

async function seasonDto(sql: Queryable, season: SeasonRow, viewerId: string | null, now: Date): Promise<SeasonDto> {
  const ranked = seasonStandings(sql, season.number);
  const [top, [total]] = await Promise.all([
    sql<StandingRow[]>`select * from (${ranked}) s order by rank limit ${STANDINGS_SIZE}`,
    sql<{ weight: number }[]>`select coalesce(sum(weight), 0)::int as weight from season_completions where season = ${season.number}`,
  ]);
  let you: SeasonDto['you'] = null;
  let progress: Record<SeasonTaskKey, number> | null = null;
  const completed = new Set<string>();
  if (viewerId) {
    const [[mine], refusals, done] = await Promise.all([
      sql<StandingRow[]>`select * from (${ranked}) s where user_id = ${viewerId}`,
      sql<{ task: SeasonTaskKey; at: Date; why: string }[]>`
        select task, at, why from season_actions where season = ${season.number} and user_id = ${viewerId} and not counted
         order by at desc limit ${REFUSALS_SHOWN}`,
      sql<{ task: string }[]>`select task from season_completions where season = ${season.number} and user_id = ${viewerId}`,
    ]);
    for (const row of done) completed.add(row.task);
    progress = await progressOf(sql, season.number, viewerId);
    you = {
      weight: mine?.weight ?? 0,
      rank: mine?.rank ?? null,
      not_counted: refusals.map((row) => ({ task: row.task, at: row.at.toISOString(), why: row.why })),
    };
  }
  return {
    number: season.number,
    status: season.starts_at <= now ? 'running' : 'upcoming',
    starts_at: season.starts_at.toISOString(),
    ends_at: season.ends_at.toISOString(),
    announced_at: season.announced_at.toISOString(),
    pool: Number(season.pool),
    tasks: season.tasks.map((task) => ({
      ...task,
      progress: progress ? (completed.has(task.key) ? task.target : Math.min(progress[task.key], task.target)) : null,
      completed: completed.has(task.key),
    })),
    total_weight: total.weight,
    standings: top.map(({ username, weight, tasks, rank }) => ({ username, weight, tasks, rank })),
    you,
  };
}

async function lastPaid(sql: Queryable): Promise<PaidSeasonDto | null> {
  const [season] = await sql<SeasonRow[]>`select * from seasons where paid_at is not null order by number desc limit 1`;
  if (!season) return null;
  const payouts = await sql<{ username: string; weight: number; amount: string }[]>`
    select u.username, p.weight, p.amount::text from season_payouts p join users u on u.id = p.user_id
     where p.season = ${season.number} order by p.amount desc, p.weight desc, u.username`;
  return {
    number: season.number,
    starts_at: season.starts_at.toISOString(),
    ends_at: season.ends_at.toISOString(),
    pool: Number(season.pool),
    paid_at: season.paid_at!.toISOString(),
    paid_total: Number(season.paid_total),
    payouts: payouts.map((row) => ({ ...row, amount: Number(row.amount) })),
  };
}

/**
 * The season page's figures (docs/rules.md §10): the season running at `now` (between seasons, the
 * one announced next) with its tasks, the viewer's progress and the public standings, and every
 * payout of the last season paid. Read in a snapshot so the figures agree.
 */
export async function currentSeason(sql: Queryable, viewerId: string | null, now: Date): Promise<CurrentSeasonDto> {
  const [season] = await sql<SeasonRow[]>`select * from seasons where ends_at > ${now} order by number limit 1`;
  return { season: season ? await seasonDto(sql, season, viewerId, now) : null, last: await lastPaid(sql) };
}
