import type { SupplyAuditDto } from '../../../schema/api/economy.ts';
import type { Queryable } from '../../infra/db/database.ts';
import type { Work } from '../service-deps.ts';
import { checkInvariants } from './supply.ts';

interface AuditRow {
  checked_at: Date;
  ok: boolean;
  problems: string[];
  total_supply: string;
  circulating_supply: string;
  balances: string;
}

function toDto(row: AuditRow): SupplyAuditDto {
  return {
    checked_at: row.checked_at.toISOString(),
    ok: row.ok,
    problems: row.problems,
    total_supply: Number(row.total_supply),
    circulating_supply: Number(row.circulating_supply),
    balances: Number(row.balances),
  };
}

/**
 * Re-checks the money invariants over the whole ledger and keeps the result as the public audit
 * line, in the command's transaction. Its first statement makes that transaction one snapshot, so
 * every sum is read at the same moment whatever commits meanwhile.
 */
export async function runSupplyAudit({ tx, now }: Work): Promise<SupplyAuditDto> {
  await tx`set transaction isolation level repeatable read`;
  const report = await checkInvariants(tx);
  const [row] = await tx<AuditRow[]>`
    insert into supply_audits (checked_at, ok, problems, total_supply, circulating_supply, balances)
    values (${now}, ${report.ok}, ${report.problems}, ${report.supply.total_supply}, ${report.supply.circulating_supply}, ${report.balances})
    returning checked_at, ok, problems, total_supply::text, circulating_supply::text, balances::text`;
  return toDto(row);
}

export async function lastSupplyAudit(sql: Queryable): Promise<SupplyAuditDto | null> {
  const [row] = await sql<AuditRow[]>`
    select checked_at, ok, problems, total_supply::text, circulating_supply::text, balances::text
      from supply_audits order by id desc limit 1`;
  return row ? toDto(row) : null;
}
