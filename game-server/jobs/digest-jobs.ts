import type { DigestFrequency } from '../../schema/api/mail.ts';
import { digestReaders, queueDigest } from '../domain/mail/digest.ts';
import type { ServiceDeps } from '../domain/service-deps.ts';
import { inTransaction } from '../infra/db/database.ts';

/**
 * DIGEST_CRON (weekly) and DAILY_DIGEST_CRON (daily): each reader's digest in a transaction of its
 * own, so one player's summary never holds the others'. Answers how many were queued.
 */
export async function mailDigests(deps: ServiceDeps, frequency: Exclude<DigestFrequency, 'off'>): Promise<number> {
  let queued = 0;
  for (const userId of await digestReaders(deps.sql, frequency))
    if (await inTransaction(deps.sql, (tx) => queueDigest({ tx, now: deps.clock() }, userId, frequency))) queued++;
  return queued;
}
