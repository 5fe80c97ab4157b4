import { settleAuction } from '../commands/settle-auction.ts';
import { auctionsDue } from '../domain/economy/auctions.ts';
import type { ServiceDeps } from '../domain/service-deps.ts';
import { inTransaction } from '../infra/db/database.ts';

/** Every 10 seconds: an auction is settled within seconds of its end, by the game's clock. */
export const AUCTION_SETTLEMENT_CRON = '*/10 * * * * *';
// A run settles at most this many auctions; the next run takes the rest.
const AUCTIONS_PER_RUN = 200;

/**
 * docs/rules.md §4 "Auctions": settles each auction whose end has passed, in a transaction of its
 * own. Every process runs it; an auction is settled once, by whichever locks it first
 * (settleAuction finds it ended, or its end moved by a last bid, otherwise). Answers the auctions
 * this run settled.
 */
export async function settleAuctions(deps: ServiceDeps): Promise<number[]> {
  const settled: number[] = [];
  for (const id of await auctionsDue(deps.sql, deps.clock(), AUCTIONS_PER_RUN))
    if (await inTransaction(deps.sql, (tx) => settleAuction({ tx, now: deps.clock() }, id))) settled.push(id);
  return settled;
}
