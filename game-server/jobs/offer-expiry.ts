import { expireOffer, offersDue } from '../domain/economy/offers.ts';
import type { ServiceDeps } from '../domain/service-deps.ts';
import { inTransaction } from '../infra/db/database.ts';
import { emit } from '../infra/events/outbox.ts';

/** Every minute: an offer ends within a minute of its time, by the game's clock. */
export const OFFER_EXPIRY_CRON = '* * * * *';
// A run ends at most this many offers; the next run takes the rest.
const OFFERS_PER_RUN = 500;

/**
 * docs/rules.md §4 "Offers": ends each open offer whose time ran out, its DRK back to its buyer, in
 * a transaction of its own. Every process runs it; an offer is ended once, by whichever locks it
 * first (expireOffer finds it no longer open otherwise). Answers the offers this run ended.
 */
export async function expireOffers(deps: ServiceDeps): Promise<number[]> {
  const ended: number[] = [];
  for (const id of await offersDue(deps.sql, deps.clock(), OFFERS_PER_RUN)) {
    const done = await inTransaction(deps.sql, async (tx) => {
      const events = await expireOffer({ tx, now: deps.clock() }, id);
      if (events) await emit(tx, ...events);
      return events !== null;
    });
    if (done) ended.push(id);
  }
  return ended;
}
