import { earningsMonthOf } from '../../schema/rules/earnings.ts';
import { inTransaction } from '../infra/db/database.ts';
import { checkMonth, EARNINGS_BATCH_SIZE, payEarningsBatch, planEarningsMonth } from '../domain/economy/earnings.ts';
import { noticesCreated } from '../domain/notifications/notifications.ts';
import { emit } from '../infra/events/outbox.ts';
import type { ServiceDeps } from '../domain/service-deps.ts';
import { runBatches, type BatchRunOptions } from './batch-run.ts';

// The monthly earnings run of its job: the month is planned in one transaction, then minted in
// batches, each one transaction with its ledger lines and the event that shows the players paid.

export interface EarningsRun {
  month: string;
  /** Territories paid by this run. */
  territories: number;
  /** DRK minted by this run. */
  minted: number;
}

/**
 * Pays the month's earnings (the current month by default) through the ledger: each owned
 * territory's owner gets the rule's amount, a wonder's ad revenue goes to the Wanakt, once per
 * territory per month. Several processes share one run; a crashed run is finished by the next.
 */
export async function payMonthlyEarnings(
  deps: ServiceDeps,
  month = earningsMonthOf(deps.clock()),
  options: BatchRunOptions = {},
): Promise<EarningsRun> {
  checkMonth(month);
  const run: EarningsRun = { month, territories: 0, minted: 0 };
  if (!(await inTransaction(deps.sql, (tx) => planEarningsMonth({ tx, now: deps.clock() }, month)))) return run;
  await runBatches(
    deps,
    options,
    async (work) => {
      const paid = await payEarningsBatch(work, month, options.batchSize ?? EARNINGS_BATCH_SIZE);
      if (paid)
        await emit(
          work.tx,
          ...noticesCreated(paid.notices),
          ...(paid.paid.length > 0 ? [{ type: 'balances.changed' as const, userIds: paid.paid }] : []),
        );
      return paid;
    },
    (batch) => {
      run.territories += batch.territories;
      run.minted += batch.minted;
    },
  );
  return run;
}
