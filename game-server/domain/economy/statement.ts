import {
  ESCROW_NAME,
  MINTED_NAME,
  TREASURY_NAME,
  type LedgerReason,
  type StatementFilters,
  type StatementLineDto,
  type StatementPageDto,
} from '../../../schema/api/statement.ts';
import { pageAnswer, takePage } from '../../../schema/api/pages.ts';
import { ESCROW_USER_ID } from '../../../schema/constants.ts';
import { inSnapshot, type Sql, type Tx } from '../../infra/db/database.ts';

export interface StatementRequest extends StatementFilters {
  /** Lines older than this ledger id: the key of the last line of the page before. */
  cursor?: [id: string];
  limit: number;
}

function monthRange(month: string): [Date, Date] {
  const [year, number] = month.split('-').map(Number);
  return [new Date(Date.UTC(year, number - 1, 1)), new Date(Date.UTC(year, number, 1))];
}

/**
 * One page of an account's statement, newest first. The running balance is replayed over all the
 * account's movements before the filters apply, so a filtered line still shows the balance the
 * account really had after it. Balance and lines are read in one snapshot, so they agree even
 * while DRK moves.
 */
export async function statementPage(sql: Sql, userId: string, request: StatementRequest): Promise<StatementPageDto> {
  return accountSnapshot(sql, async (tx) => {
    const [account] = await tx<{ drk_balance: string }[]>`select drk_balance::text from users where id = ${userId}`;
    const rows = await statementLines(tx, userId, { ...request, after: request.cursor?.[0] }, request.limit + 1);
    const { items, next_cursor } = pageAnswer(takePage(rows, request.limit, (line): [id: string] => [line.id]));
    return { balance: Number(account.drk_balance), lines: items, next_cursor };
  });
}

/** Every line the filters keep, newest first, up to `limit`: what the CSV export holds. */
export function statementExport(sql: Sql, userId: string, filters: StatementFilters, limit: number): Promise<StatementLineDto[]> {
  return accountSnapshot(sql, (tx) => statementLines(tx, userId, filters, limit));
}

// One account's movements are a few hundred rows read by index; parallel workers would only add
// their start-up time to every page.
function accountSnapshot<T>(sql: Sql, work: (tx: Tx) => Promise<T>): Promise<T> {
  return inSnapshot(sql, async (tx) => {
    await tx`set local max_parallel_workers_per_gather = 0`;
    return work(tx);
  });
}

async function statementLines(
  tx: Tx,
  userId: string,
  request: StatementFilters & { after?: string },
  limit: number,
): Promise<StatementLineDto[]> {
  const month = request.month ? monthRange(request.month) : null;
  const rows = await tx<
    {
      id: string;
      created_at: Date;
      reason: LedgerReason;
      amount: string;
      running_balance: string;
      counterparty: string;
      territory_name: string | null;
    }[]
  >`
    with mine as (
      select id, created_at, reason, to_user_id as other_id, -amount as delta, territory_id from ledger where from_user_id = ${userId}
      union all
      select id, created_at, reason, from_user_id as other_id, amount as delta, territory_id from ledger where to_user_id = ${userId}
    ), running as (
      select *, sum(delta) over (order by id) as running_balance from mine
    )
    select r.id::text, r.created_at, r.reason, r.delta::text as amount, r.running_balance::text,
           case when r.other_id is null then ${MINTED_NAME} when u.id = ${ESCROW_USER_ID} then ${ESCROW_NAME} when a.id is not null then '[' || a.tag || '] ' || a.name when u.is_wanakt then ${TREASURY_NAME} else u.username end as counterparty,
           t.name as territory_name
      from running r
      left join users u on u.id = r.other_id
      left join alliances a on a.treasury_id = u.id
      left join territories t on t.id = r.territory_id
     where true
       ${request.after ? tx`and r.id < ${request.after}` : tx``}
       ${request.reason ? tx`and r.reason = ${request.reason}` : tx``}
       ${month ? tx`and r.created_at >= ${month[0]} and r.created_at < ${month[1]}` : tx``}
     order by r.id desc
     limit ${limit}`;
  return rows.map((row) => ({
    id: row.id,
    created_at: row.created_at.toISOString(),
    reason: row.reason,
    counterparty: row.counterparty,
    amount: Number(row.amount),
    running_balance: Number(row.running_balance),
    territory_name: row.territory_name,
  }));
}
