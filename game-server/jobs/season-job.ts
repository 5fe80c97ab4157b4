import { WANAKT_USER_ID } from '../../schema/constants.ts';
import { inTransaction } from '../infra/db/database.ts';
import { emit } from '../infra/events/outbox.ts';
import { noticesCreated } from '../domain/notifications/notifications.ts';
import { announceSeasons, lockEndedSeason, paySeason, type SeasonPayout, type SeasonSettings } from '../domain/seasons/season-end.ts';
import type { ServiceDeps } from '../domain/service-deps.ts';

export interface SeasonRun {
  paid: SeasonPayout[];
  /** The seasons this run announced: none when already announced, or when the treasury cannot cover a pool yet. */
  announced: number[];
}

/**
 * The season job (SEASON_CRON, hourly by default), run by the game's clock: pays every season that
 * has ended and is not paid yet, each in a transaction of its own with the event that shows the new
 * balances, then announces the running season if none is, and the next one. Paying is once per season whatever runs at once: the
 * season's row is locked and marked paid with its transfers.
 */
export async function runSeasons(deps: ServiceDeps, settings: SeasonSettings): Promise<SeasonRun> {
  const paid: SeasonPayout[] = [];
  for (;;) {
    const payout = await inTransaction(deps.sql, async (tx) => {
      const work = { tx, now: deps.clock() };
      const season = await lockEndedSeason(tx, work.now);
      if (!season) return null;
      const { payout, notices } = await paySeason(work, season);
      await emit(
        tx,
        ...noticesCreated(notices),
        ...(payout.paid > 0
          ? [{ type: 'balances.changed' as const, userIds: [WANAKT_USER_ID, ...payout.payouts.map((entry) => entry.userId)] }]
          : []),
      );
      return payout;
    });
    if (!payout) break;
    paid.push(payout);
  }
  const announced = await inTransaction(deps.sql, (tx) => announceSeasons({ tx, now: deps.clock() }, settings));
  return { paid, announced };
}
