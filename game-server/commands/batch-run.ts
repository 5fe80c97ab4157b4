import { inTransaction } from '../infra/db/database.ts';
import type { ServiceDeps, Work } from '../domain/service-deps.ts';

export interface BatchRunOptions {
  batchSize?: number;
  /** Runs after each committed batch; tests throw here to crash a run halfway. */
  afterBatch?: (batchNumber: number) => void | Promise<void>;
}

/**
 * The loop of a run too large for one transaction (the rent cycle, the monthly earnings): each
 * batch is one transaction of its own, with the events it emits; the run ends when a batch finds
 * nothing left (null: another process finished it) or says it was the last. Each committed batch
 * is handed to `tally`, then to the options' afterBatch.
 */
export async function runBatches<B extends { done: boolean }>(
  deps: ServiceDeps,
  options: BatchRunOptions,
  batch: (work: Work) => Promise<B | null>,
  tally: (batch: B) => void,
): Promise<void> {
  for (let batchNumber = 1; ; batchNumber++) {
    const committed = await inTransaction(deps.sql, (tx) => batch({ tx, now: deps.clock() }));
    if (!committed) return;
    tally(committed);
    await options.afterBatch?.(batchNumber);
    if (committed.done) return;
  }
}
