import { RANKING_SIZE, type RankedPlayerDto, type RankingBoard, type RankingDto } from '../../../schema/api/rankings.ts';
import { earningsMonthOf } from '../../../schema/rules/earnings.ts';
import type { Queryable } from '../../infra/db/database.ts';

interface Row {
  user_id: string;
  username: string;
  value: string;
}

// Each board is one aggregate of the data, the players ranked by it (ties by id, so a rank is
// stable). Wealth is the board that grows with the players; it reads the users_wealth_rank index.
// The others aggregate territories, earnings and rent rows, which grow with the world, not with
// the number of players.
function boardRows(sql: Queryable, board: Exclude<RankingBoard, 'wealth'>, month: string) {
  switch (board) {
    case 'territories':
      return sql<Row[]>`
        select u.id as user_id, u.username, count(*)::text as value
          from territories t join users u on u.id = t.owner_id where not u.is_wanakt group by u.id`;
    case 'earnings':
      return sql<Row[]>`
        select u.id as user_id, u.username, sum(e.owner_paid)::text as value
          from territory_earnings e join users u on u.id = e.owner_id
         where e.month = ${month} and e.owner_paid > 0 and not u.is_wanakt group by u.id`;
    case 'tribute':
      return sql<Row[]>`
        select u.id as user_id, u.username, sum(p.amount)::text as value
          from rent_payments p join users u on u.id = p.payee_id
         where p.paid_at is not null and not u.is_wanakt group by u.id`;
  }
}

/** The previous month: the last one whose earnings have been paid. */
function lastPaidMonth(now: Date): string {
  return earningsMonthOf(new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 1)));
}

/**
 * One ranking: its top places and the viewer's own. The board's aggregate is a subquery ranked
 * in the database, so only the top rows and the viewer's row leave it.
 */
export async function readRanking(sql: Queryable, board: RankingBoard, viewerId: string | null, now: Date): Promise<RankingDto> {
  if (board === 'wealth') return readWealth(sql, viewerId);
  const ranked = sql`
    select user_id, username, value, row_number() over (order by value::bigint desc, user_id)::int as rank
      from (${boardRows(sql, board, lastPaidMonth(now))}) board
     where value::bigint > 0`;
  const [top, you] = await Promise.all([
    sql<RankedRow[]>`select * from (${ranked}) r order by rank limit ${RANKING_SIZE}`,
    viewerId ? sql<RankedRow[]>`select * from (${ranked}) r where user_id = ${viewerId}` : Promise.resolve([]),
  ]);
  return { board, top: top.map(toDto), you: you[0] ? toDto(you[0]) : null };
}

type RankedRow = Row & { rank: number };
const toDto = (row: RankedRow): RankedPlayerDto => ({ ...row, value: Number(row.value) });

// The richest players walk the index in order; the viewer's place counts the entries above it.
async function readWealth(sql: Queryable, viewerId: string | null): Promise<RankingDto> {
  const top = await sql<Row[]>`
    select id as user_id, username, drk_balance::text as value from users
     where not is_wanakt and drk_balance > 0
     order by drk_balance desc, id limit ${RANKING_SIZE}`;
  let you: RankedPlayerDto | null = null;
  if (viewerId) {
    const [row] = await sql<RankedRow[]>`
      select u.id as user_id, u.username, u.drk_balance::text as value,
             ((select count(*) from users a where not a.is_wanakt and a.drk_balance > u.drk_balance)
              + (select count(*) from users a where not a.is_wanakt and a.drk_balance = u.drk_balance and a.id < u.id))::int + 1 as rank
        from users u where u.id = ${viewerId} and not u.is_wanakt and u.drk_balance > 0`;
    if (row) you = toDto(row);
  }
  return { board: 'wealth', top: top.map((row, index) => toDto({ ...row, rank: index + 1 })), you };
}
