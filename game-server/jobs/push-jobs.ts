import { claimNextPush, forgetOldPushes, settlePush } from '../domain/push/push-sending.ts';
import type { ServiceDeps } from '../domain/service-deps.ts';
import { inTransaction } from '../infra/db/database.ts';
import type { Logger } from '../infra/logger.ts';
import { sendPush, type PushOptions } from '../infra/push/push-service.ts';

/** How often each process sends the pushes due (six fields: seconds first): a notice reaches a phone moments after it is stored. */
export const PUSH_SEND_CRON = '*/5 * * * * *';

// A run stops after this many, so a stopping process's last run ends soon; the next run goes on.
const MAX_PER_RUN = 50;
// Far longer than a POST may take (PushOptions.timeoutMs), so a slow push service never makes a row look abandoned.
const LEASE_SECONDS = 120;

/**
 * Sends the pushes due, one at a time: each is claimed in a transaction of its own, POSTed, then
 * settled in another (docs/rules.md §11 "Push"). Answers how many went.
 */
export async function sendDuePushes(deps: ServiceDeps & { log: Logger }, options: PushOptions): Promise<number> {
  let sent = 0;
  for (let count = 0; count < MAX_PER_RUN; count++) {
    const claimed = await inTransaction(deps.sql, (tx) => claimNextPush({ tx, now: deps.clock() }, LEASE_SECONDS));
    if (!claimed) break;
    const result = await sendPush(claimed.target, JSON.stringify(claimed.payload), options);
    const { givenUp } = await inTransaction(deps.sql, (tx) => settlePush({ tx, now: deps.clock() }, claimed, result));
    if (result.outcome === 'sent') sent++;
    if (givenUp && result.outcome !== 'sent')
      deps.log.warn(
        `Push ${claimed.id} to ${new URL(claimed.target.endpoint).host} given up after ${claimed.attempts} tries: ${result.error}`,
      );
  }
  return sent;
}

/** Hourly housekeeping, not the 5-second sender's work: finished deliveries older than a week go. */
export function forgetFinishedPushes(deps: ServiceDeps): Promise<void> {
  return inTransaction(deps.sql, (tx) => forgetOldPushes({ tx, now: deps.clock() }));
}
