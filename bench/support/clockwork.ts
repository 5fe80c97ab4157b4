import type { Sql } from '../../game-server/infra/db/database.ts';
import { earningsMonthOf } from '../../schema/rules/earnings.ts';
import { rentPeriodOf } from '../../schema/rules/rent.ts';

/** The current period and month marked done, so the server's start-up catch-up does not run them again while it is measured. */
export async function markClockworkDone(sql: Sql, now: Date): Promise<void> {
  await sql`
    insert into rent_periods (period, first_started_at, pass_started_at, rent_multiplier, completed_at)
    values (${rentPeriodOf(now)}, ${now}, ${now}, 1, ${now}) on conflict (period) do update set completed_at = ${now}`;
  await sql`
    insert into earnings_months (month, planned_at, revenue_multiplier, planned_total, supply_remaining, completed_at)
    values (${earningsMonthOf(now)}, ${now}, 1, 0, 0, ${now}) on conflict (month) do update set completed_at = ${now}`;
}
