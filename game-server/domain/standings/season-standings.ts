import type { Queryable } from '../../infra/db/database.ts';

// The season's standings (docs/rules.md §10), apart from the season's services so the away summary
// (domain/away) reads the same ranking the season page shows without depending on them.

/**
 * Everyone's weight in a season, ranked: the most weight first, then who reached it first, then by
 * id. With `before`, the standings as they stood then: only the tasks completed before it count.
 */
export function seasonStandings(sql: Queryable, season: number, before?: Date) {
  return sql`
    select c.user_id, u.username, sum(c.weight)::int as weight, count(*)::int as tasks,
           row_number() over (order by sum(c.weight) desc, max(c.completed_at), c.user_id)::int as rank
      from season_completions c join users u on u.id = c.user_id
     where c.season = ${season} ${before ? sql`and c.completed_at < ${before}` : sql``}
     group by c.user_id, u.username`;
}

/**
 * A player's place in the standings of the season running at `to` (docs/rules.md §10), as they
 * stood at `from` and at `to`, each the season page's ranking of the tasks completed by then: null
 * where it had completed none. Null between seasons.
 */
export async function seasonRankBetween(
  sql: Queryable,
  userId: string,
  from: Date,
  to: Date,
): Promise<{ number: number; then: number | null; now: number | null } | null> {
  const [season] = await sql<{ number: number }[]>`
    select number from seasons where starts_at <= ${to} and ends_at > ${to} order by number limit 1`;
  if (!season) return null;
  const rankAt = async (at: Date) => {
    const [mine] = await sql<{ rank: number }[]>`select rank from (${seasonStandings(sql, season.number, at)}) s where user_id = ${userId}`;
    return mine?.rank ?? null;
  };
  return { number: season.number, then: await rankAt(from), now: await rankAt(to) };
}
