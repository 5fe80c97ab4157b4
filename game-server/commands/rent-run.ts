import type { RentGeneratedDto } from '../../schema/api/revenue.ts';
import { rentPeriodOf } from '../../schema/rules/rent.ts';
import { inTransaction } from '../infra/db/database.ts';
import { beginRentPass, billRentBatch, RENT_BATCH_SIZE, rentPeriodStart } from '../domain/economy/rent-cycle.ts';
import { noticesCreated } from '../domain/notifications/notifications.ts';
import { emit } from '../infra/events/outbox.ts';
import type { ServiceDeps } from '../domain/service-deps.ts';
import { runBatches, type BatchRunOptions } from './batch-run.ts';

// The rent cycle's run, shared by its 6-month job and the Wanakt's rent.generate command. A period
// can hold 100,000 territories, so the run commits in batches: each batch is one transaction with
// its payments, its notices and the event that shows the players their new payments due.

export interface RentRunOptions extends BatchRunOptions {
  /** The Wanakt who asked for the run, for the audit log; the schedule's runs are not logged. */
  auditBy?: string;
}

async function runPeriod(deps: ServiceDeps, period: string, restartCompleted: boolean, options: RentRunOptions): Promise<RentGeneratedDto> {
  // A period that is not one (say '2026-H3') is refused before anything is written.
  const periodStart = rentPeriodStart(period);
  const batchSize = options.batchSize ?? RENT_BATCH_SIZE;
  const begun = await inTransaction(deps.sql, (tx) => beginRentPass({ tx, now: deps.clock() }, period, restartCompleted, options.auditBy));
  if (!begun) return { period, created: 0 };
  let created = 0;
  await runBatches(
    deps,
    options,
    async (work) => {
      const billed = await billRentBatch(work, period, periodStart, batchSize);
      if (billed)
        await emit(
          work.tx,
          ...noticesCreated(billed.notices),
          ...(billed.parties.length > 0 ? [{ type: 'payments-due.changed' as const, userIds: billed.parties }] : []),
        );
      return billed;
    },
    (batch) => (created += batch.created),
  );
  return { period, created };
}

/**
 * Generates the period's payments due (the current period by default): a pass over every owned
 * territory in committed batches under a per-period advisory lock, each payment inserted at most
 * once by the unique (payer territory, period) key. Several processes at once share one pass; a
 * pass cut short by a crash is finished by the next run; a rerun adds only payments still missing
 * (territories owned since). Answers how many payments this run created.
 */
export function generateRentPeriod(
  deps: ServiceDeps,
  period = rentPeriodOf(deps.clock()),
  options: RentRunOptions = {},
): Promise<RentGeneratedDto> {
  return runPeriod(deps, period, true, options);
}

/** The scheduled run and the start-up catch-up: generates the period unless a pass of it already completed. */
export function ensureRentPeriod(
  deps: ServiceDeps,
  period = rentPeriodOf(deps.clock()),
  options: RentRunOptions = {},
): Promise<RentGeneratedDto> {
  return runPeriod(deps, period, false, options);
}
