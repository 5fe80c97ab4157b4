import { remindRent, type ReminderKey } from '../domain/notifications/rent-reminders.ts';
import { noticesCreated } from '../domain/notifications/notifications.ts';
import type { ServiceDeps } from '../domain/service-deps.ts';
import { emit } from '../infra/events/outbox.ts';
import { runBatches, type BatchRunOptions } from './batch-run.ts';

// The hourly rent reminders of their job. A rent period falls due for every owned territory at
// once, half a million payments in a world of a million: the run reminds them batch after batch,
// each one transaction with its notices, where it once reminded 5,000 an hour.

/** Reminds every payer of rent due soon or overdue who has not heard of it yet; answers how many were reminded. */
export async function remindAllRent(deps: ServiceDeps, options: BatchRunOptions = {}): Promise<{ reminded: number }> {
  let reminded = 0;
  let after: ReminderKey | null = null;
  await runBatches(
    deps,
    options,
    async (work) => {
      const batch = await remindRent(work, after, options.batchSize);
      await emit(work.tx, ...noticesCreated(batch.notices));
      after = batch.last;
      return { reminded: batch.notices.length, done: batch.last === null };
    },
    (batch) => (reminded += batch.reminded),
  );
  return { reminded };
}
