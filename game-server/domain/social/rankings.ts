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
// The others sum territories, earnings and rent rows, which grow with the world, not with the
// number of players: each call sums them once, by the owner's id alone (the territories board from
// the territories_owner index), and names only the top places and the viewer's.
function boardValues(sql: Queryable, board: Exclude<RankingBoard, 'wealth'>, month: string) {
  switch (board) {
    case 'territories':
      return sql`select owner_id as user_id, count(*) as value from territories where owner_id is not null group by owner_id`;
    case 'earnings':
      return sql`
        select owner_id as user_id, sum(owner_paid) as value from territory_earnings
         where month = ${month} and owner_paid > 0 group by owner_id`;
    case 'tribute':
      // Rent between linked accounts (docs/rules.md §10 "Fair play") is one person paying itself: left out.
      return sql`select payee_id as user_id, sum(amount) as value from rent_payments where paid_at is not null and linked is null group by payee_id`;
  }
}

/** The previous month: the last one whose earnings have been paid. */
export function lastPaidMonth(now: Date): string {
  return earningsMonthOf(new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 1)));
}

/**
 * One ranking: its top places and the viewer's own, in one statement over one reading of the
 * board's sums. The viewer's place counts the players ahead of it rather than ranking them all.
 */
export async function readRanking(sql: Queryable, board: RankingBoard, viewerId: string | null, now: Date): Promise<RankingDto> {
  if (board === 'wealth') return readWealth(sql, viewerId);
  const rows = await sql<(RankedRow & { place: 'top' | 'you' })[]>`
    with board as materialized (
      select b.user_id, b.value from (${boardValues(sql, board, lastPaidMonth(now))}) b
       where b.value > 0 and not exists (select 1 from users w where w.id = b.user_id and w.is_wanakt)
    ), top as (
      select user_id, value, row_number() over (order by value desc, user_id)::int as rank
        from (select user_id, value from board order by value desc, user_id limit ${RANKING_SIZE}) best
    ), you as (
      select mine.user_id, mine.value,
             (select count(*) from board ahead
               where ahead.value > mine.value or (ahead.value = mine.value and ahead.user_id < mine.user_id))::int + 1 as rank
        from board mine where mine.user_id = ${viewerId}::text
    )
    select 'top' as place, r.user_id, u.username, r.value::text as value, r.rank from top r join users u on u.id = r.user_id
    union all
    select 'you', r.user_id, u.username, r.value::text, r.rank from you r join users u on u.id = r.user_id
    order by place, rank`;
  const you = rows.find((row) => row.place === 'you');
  return { board, top: rows.filter((row) => row.place === 'top').map(toDto), you: you ? toDto(you) : null };
}

type RankedRow = Row & { rank: number };
const toDto = ({ user_id, username, value, rank }: RankedRow): RankedPlayerDto => ({ user_id, username, rank, value: Number(value) });

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
