import type { TerritoryType } from '../constants.ts';
import { formatDrk } from '../format.ts';
import { isRealmTerritory, realmRefusal, shortOfDrk, type Refusal } from './market.ts';

// docs/rules.md §4 "Auctions": an owner sells a territory to the highest bid, each leading bid's DRK
// held in escrow, and a late bid moves the end so nobody wins by sniping. No I/O: the server
// decides with these under the territory's and the auction's row locks, and the browser checks the
// same before it asks.

/** How long an auction runs, in hours, as its seller chooses: 1 hour to 7 days. */
export const AUCTION_MIN_HOURS = 1;
export const AUCTION_MAX_HOURS = 7 * 24;
export const AUCTION_DEFAULT_HOURS = 24;
/** A bid this close to the end moves the end to this long after the bid (the soft close). */
export const AUCTION_SOFT_CLOSE_MS = 5 * 60_000;
/** A bid beats the leader by at least this share of the leading bid, and at least 1 DRK. */
export const AUCTION_MIN_RAISE_PERCENT = 5;
/** Auctions one player may run at once. */
export const MAX_RUNNING_AUCTIONS_PER_PLAYER = 10;
/** Auctions one player may start in any day (cancelled ones count). */
export const AUCTIONS_PER_DAY = 20;
/** The auctions /marketplace lists as ending soon. */
export const AUCTIONS_ENDING_SOON = 20;

export const AUCTION_STATUSES = ['running', 'sold', 'unsold', 'cancelled', 'voided'] as const;
export type AuctionStatus = (typeof AUCTION_STATUSES)[number];

const refuse = (message: string): Refusal => ({ ok: false, message });

/** The least the next bid may be: the start price, or the leading bid raised by 5 % (at least 1 DRK). */
export function minNextBid(startPrice: number, leading: number | null): number {
  if (leading === null) return startPrice;
  return leading + Math.max(1, Math.ceil((leading * AUCTION_MIN_RAISE_PERCENT) / 100));
}

/** When an auction ends once a bid is accepted at `now`: 5 minutes after it, if that is later than its end. */
export function endAfterBid(endsAt: Date, now: Date): Date {
  const softClose = new Date(now.getTime() + AUCTION_SOFT_CLOSE_MS);
  return softClose > endsAt ? softClose : endsAt;
}

/** A territory as starting an auction on it needs it. */
export interface AuctionTarget {
  name: string;
  type: TerritoryType;
  ownerId: string | null;
  /** Whether an auction of it runs already. */
  running: boolean;
}

/**
 * A new auction: only by the player who owns the territory (never the realm's land, nor the
 * treasury's, sold at its price), one at a time per territory, a reserve no lower than the start
 * price, within the limits.
 */
export function decideStart(
  territory: AuctionTarget,
  sellerId: string,
  terms: { startPrice: number; reserve: number | null },
  counts: { running: number; lastDay: number },
  treasuryId: string,
): { ok: true; message: string } | Refusal {
  if (isRealmTerritory(territory.type)) return refuse(realmRefusal(territory.name));
  if (territory.ownerId !== sellerId || sellerId === treasuryId) return refuse(`Only the player who owns ${territory.name} can auction it`);
  if (territory.running) return refuse(`${territory.name} is already being auctioned`);
  if (terms.reserve !== null && terms.reserve < terms.startPrice)
    return refuse(`The reserve (${formatDrk(terms.reserve)}) cannot be below the start price (${formatDrk(terms.startPrice)})`);
  if (counts.running >= MAX_RUNNING_AUCTIONS_PER_PLAYER)
    return refuse(`You run ${MAX_RUNNING_AUCTIONS_PER_PLAYER} auctions, the most one player may: wait for one to end`);
  if (counts.lastDay >= AUCTIONS_PER_DAY) return refuse(`You have started ${AUCTIONS_PER_DAY} auctions in the last day: wait a while`);
  return { ok: true, message: `${territory.name} is up for auction from ${formatDrk(terms.startPrice)}` };
}

/** An auction as its rules read it. */
export interface AuctionFacts {
  territory: string;
  status: AuctionStatus;
  sellerId: string;
  startPrice: number;
  endsAt: Date;
  leader: { bidderId: string; amount: number } | null;
}

/** Whether bids are still taken: running, and its end not reached (the settlement job ends it soon after). */
export const isOpenForBids = (auction: Pick<AuctionFacts, 'status' | 'endsAt'>, now: Date) =>
  auction.status === 'running' && auction.endsAt > now;

/**
 * A bid below the least next bid, refused. The least only rises and an auction that ended never runs
 * again, so the server may refuse these on what it read before taking the locks.
 */
export function belowLeast(auction: AuctionFacts, amount: number): Refusal | null {
  const least = minNextBid(auction.startPrice, auction.leader?.amount ?? null);
  return amount < least ? refuse(`The next bid on ${auction.territory} must be at least ${formatDrk(least)}`) : null;
}

/**
 * A bid: on an auction still taking bids, by anyone but its seller (and the accounts linked to it,
 * which the server asks the fair-play rules about), not by the leader, at least the next minimum,
 * and only with the DRK to hold. Answers the end the bid leaves the auction with.
 */
export function decideBid(
  auction: AuctionFacts,
  bidder: { id: string; balance: number },
  amount: number,
  now: Date,
): { ok: true; endsAt: Date; extended: boolean; message: string } | Refusal {
  if (!isOpenForBids(auction, now)) return refuse(`The auction of ${auction.territory} has ended`);
  if (bidder.id === auction.sellerId) return refuse(`You cannot bid on your own auction of ${auction.territory}`);
  if (auction.leader?.bidderId === bidder.id) return refuse(`You already lead the auction of ${auction.territory}`);
  const low = belowLeast(auction, amount);
  if (low) return low;
  if (bidder.balance < amount) return refuse(shortOfDrk(amount, bidder.balance));
  const endsAt = endAfterBid(auction.endsAt, now);
  const extended = endsAt.getTime() !== auction.endsAt.getTime();
  return {
    ok: true,
    endsAt,
    extended,
    message: `You lead the auction of ${auction.territory} with ${formatDrk(amount)}${extended ? '; the end moved to 5 minutes from now' : ''}`,
  };
}

/** The seller calls an auction off: only before its first bid. */
export function decideCancel(auction: AuctionFacts, hasBids: boolean): { ok: true } | Refusal {
  if (auction.status !== 'running') return refuse(`The auction of ${auction.territory} has ended`);
  if (hasBids) return refuse(`The auction of ${auction.territory} has bids: it can no longer be cancelled`);
  return { ok: true };
}

/** How a due auction ends: sold to its leader at the leading bid, or unsold (no bid, or below the reserve). */
export function settlement(
  leader: { amount: number } | null,
  reserve: number | null,
): { outcome: 'sold'; price: number } | { outcome: 'unsold'; belowReserve: boolean } {
  if (leader === null) return { outcome: 'unsold', belowReserve: false };
  if (reserve !== null && leader.amount < reserve) return { outcome: 'unsold', belowReserve: true };
  return { outcome: 'sold', price: leader.amount };
}

/** docs/rules.md §4 "Auctions": while an auction runs its territory changes hands only by it, or by the Wanakt. */
export const underAuction = (territory: string) =>
  `${territory} is being auctioned: it changes hands only by the auction (the seller may cancel it before the first bid)`;
