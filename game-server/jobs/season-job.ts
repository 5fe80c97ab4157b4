import { WANAKT_USER_ID } from '../../schema/constants.ts';
import { inTransaction } from '../infra/db/database.ts';
import { emit } from '../infra/events/outbox.ts';
import { announceNextSeason, lockEndedSeason, paySeason, type SeasonPayout, type SeasonSettings } from '../domain/seasons/season-end.ts';
import type { ServiceDeps } from '../domain/service-deps.ts';

export interface SeasonRun {
  paid: SeasonPayout[];
  /** The season this run announced, or null (already announced, or the treasury cannot cover its pool yet). */
  announced: number | null;
}

/**
 * The season job (SEASON_CRON, hourly by default), run by the game's clock: pays every season that
 * has ended and is not paid yet, each in a transaction of its own with the event that shows the new
 * balances, then announces the next season. Paying is once per season whatever runs at once: the
 * season's row is locked and marked paid with its transfers.
 */
export async function runSeasons(deps: ServiceDeps, settings: SeasonSettings): Promise<SeasonRun> {
  const paid: SeasonPayout[] = [];
  for (;;) {
    const payout = await inTransaction(deps.sql, async (tx) => {
      const work = { tx, now: deps.clock() };
      const season = await lockEndedSeason(tx, work.now);
      if (!season) return null;
      const result = await paySeason(work, season);
      if (result.paid > 0)
        await emit(tx, { type: 'balances.changed', userIds: [WANAKT_USER_ID, ...result.payouts.map((payout) => payout.userId)] });
      return result;
    });
    if (!payout) break;
    paid.push(payout);
  }
  const announced = await inTransaction(deps.sql, (tx) => announceNextSeason({ tx, now: deps.clock() }, settings));
  return { paid, announced };
}
