import type { SupplyDto } from '../../../schema/api/currency.ts';
import { inSnapshot, isTransaction, type Queryable } from '../../infra/db/database.ts';

export type Supply = SupplyDto;

export async function readSupply(sql: Queryable): Promise<Supply> {
  const [row] = await sql<{ total_supply: string; circulating_supply: string; max_supply: string }[]>`
    select total_supply::text, circulating_supply::text, max_supply::text from currency_supply`;
  return {
    total_supply: Number(row.total_supply),
    circulating_supply: Number(row.circulating_supply),
    max_supply: Number(row.max_supply),
  };
}

export interface InvariantReport {
  ok: boolean;
  problems: string[];
  supply: Supply;
  balances: number;
}

/**
 * The money invariants of docs/design.md: the balances add up to the circulating supply, which never
 * passes the cap; the ledger's mints add up to the total supply; and replaying every account's
 * credits and debits gives exactly its balance. Read in one snapshot so concurrent writes
 * cannot make a healthy ledger look broken.
 */
export async function checkInvariants(sql: Queryable): Promise<InvariantReport> {
  const run = async (q: Queryable) => {
    const supply = await readSupply(q);
    const [sums] = await q<{ balances: string; minted: string }[]>`
      select (select coalesce(sum(drk_balance), 0)::text from users) as balances,
             (select coalesce(sum(amount), 0)::text from ledger where from_user_id is null) as minted`;
    const mismatched = await q<{ id: string; balance: string; replayed: string }[]>`
      select u.id, u.drk_balance::text as balance,
             (coalesce(credit.total, 0) - coalesce(debit.total, 0))::text as replayed
        from users u
        left join (select to_user_id as id, sum(amount) as total from ledger group by to_user_id) credit on credit.id = u.id
        left join (select from_user_id as id, sum(amount) as total from ledger where from_user_id is not null group by from_user_id) debit on debit.id = u.id
       where u.drk_balance <> coalesce(credit.total, 0) - coalesce(debit.total, 0)
       limit 10`;
    const balances = Number(sums.balances);
    const problems: string[] = [];
    if (balances !== supply.circulating_supply) problems.push(`balances ${balances} != circulating supply ${supply.circulating_supply}`);
    if (supply.circulating_supply > supply.total_supply) problems.push('circulating supply exceeds total supply');
    if (supply.total_supply > supply.max_supply) problems.push('total supply exceeds the maximum');
    if (Number(sums.minted) !== supply.total_supply) problems.push(`ledger mints ${sums.minted} != total supply ${supply.total_supply}`);
    for (const row of mismatched) problems.push(`account ${row.id}: balance ${row.balance} but ledger gives ${row.replayed}`);
    return { ok: problems.length === 0, problems, supply, balances };
  };
  return isTransaction(sql) ? run(sql) : inSnapshot(sql, run);
}

/** The lines a person reads after a restore or a check. */
export function describeInvariants(report: InvariantReport): string[] {
  const { supply, balances } = report;
  const figures = `total supply ${supply.total_supply}, circulating ${supply.circulating_supply}, balances ${balances}`;
  if (report.ok) return [`Ledger invariants: OK (${figures})`];
  return [`Ledger invariants: BROKEN (${figures})`, ...report.problems.map((problem) => `  ${problem}`)];
}
