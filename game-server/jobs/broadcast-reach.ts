import { inTransaction } from '../infra/db/database.ts';
import type { ServiceDeps } from '../domain/service-deps.ts';
import { recordBroadcastReach } from '../domain/social/broadcasts.ts';
import type { ReachTally } from '../domain/social/reach-tally.ts';

// The one writer of broadcasts' reach (docs/design.md "Jobs"): each process writes what its own
// rooms delivered, so a broadcast screen sees its reach within seconds of the broadcast going out.

export const REACH_CRON = '*/2 * * * * *';

/** Writes the reach this process's rooms counted since the last run; what fails to write waits for the next run. */
export async function writeBroadcastReach(deps: ServiceDeps, tally: ReachTally): Promise<void> {
  const reach = tally.take();
  if (reach.length === 0) return;
  try {
    await inTransaction(deps.sql, (tx) => recordBroadcastReach({ tx, now: deps.clock() }, reach));
  } catch (error) {
    tally.putBack(reach);
    throw error;
  }
}
