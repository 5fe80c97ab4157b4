import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  AUCTION_SOFT_CLOSE_MS,
  decideBid,
  decideCancel,
  decideStart,
  endAfterBid,
  minNextBid,
  settlement,
  type AuctionFacts,
} from './auctions.ts';

const TREASURY = 'wanakt-admin';
const now = new Date('2026-06-01T12:00:00Z');
const running: AuctionFacts = {
  territory: 'Austin',
  status: 'running',
  sellerId: 'seller',
  startPrice: 100,
  endsAt: new Date(now.getTime() + 3_600_000),
  leader: null,
};

describe('[§4 auctions] the least next bid', () => {
  it('when nobody has bid, then it is the start price; after a bid, the bid raised by 5 % rounded up and at least 1 DRK', () => {
    expect(minNextBid(100, null)).toBe(100);
    expect(minNextBid(100, 100)).toBe(105);
    expect(minNextBid(101, 101)).toBe(107);
    expect(minNextBid(1, 1)).toBe(2);
    expect(minNextBid(1, 19)).toBe(20);
  });

  it('when any bid leads, then the least next bid is above it', () => {
    fc.assert(fc.property(fc.integer({ min: 1, max: 10_000_000 }), (leading) => minNextBid(1, leading) > leading));
  });
});

describe('[§4 auctions] the soft close', () => {
  it('when a bid comes in the last 5 minutes, then the end moves to 5 minutes after it; earlier, the end stays', () => {
    const end = new Date(now.getTime() + 2 * 60_000);
    expect(endAfterBid(end, now)).toEqual(new Date(now.getTime() + AUCTION_SOFT_CLOSE_MS));
    const far = new Date(now.getTime() + 10 * 60_000);
    expect(endAfterBid(far, now)).toEqual(far);
  });

  it('when any bid is accepted, then the end never moves earlier and is at least 5 minutes away', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 7 * 24 * 3_600_000 }), (left) => {
        const end = new Date(now.getTime() + left);
        const moved = endAfterBid(end, now);
        expect(moved.getTime()).toBeGreaterThanOrEqual(end.getTime());
        expect(moved.getTime() - now.getTime()).toBeGreaterThanOrEqual(AUCTION_SOFT_CLOSE_MS);
      }),
    );
  });
});

describe('[§4 auctions] decideBid', () => {
  const bidder = { id: 'ann', balance: 1_000 };

  it('when a bid meets the least and the bidder can hold it, then it leads, and in the last minutes it says the end moved', () => {
    expect(decideBid(running, bidder, 100, now)).toMatchObject({ ok: true, extended: false, endsAt: running.endsAt });
    const late = { ...running, endsAt: new Date(now.getTime() + 60_000) };
    expect(decideBid(late, bidder, 100, now)).toMatchObject({
      ok: true,
      extended: true,
      message: 'You lead the auction of Austin with 100 DRK; the end moved to 5 minutes from now',
    });
  });

  it('when the seller, the leader, a low bid, a short balance or an ended auction bids, then each is refused with its reason', () => {
    const led = { ...running, leader: { bidderId: 'ann', amount: 200 } };
    expect(decideBid(running, { id: 'seller', balance: 1_000 }, 100, now)).toEqual({
      ok: false,
      message: 'You cannot bid on your own auction of Austin',
    });
    expect(decideBid(led, bidder, 500, now)).toEqual({ ok: false, message: 'You already lead the auction of Austin' });
    expect(decideBid(led, { id: 'bob', balance: 1_000 }, 209, now)).toEqual({
      ok: false,
      message: 'The next bid on Austin must be at least 210 DRK',
    });
    expect(decideBid(running, { id: 'bob', balance: 50 }, 100, now)).toEqual({
      ok: false,
      message: 'You need 100 DRK but only have 50 DRK',
    });
    expect(decideBid({ ...running, endsAt: now }, bidder, 100, now)).toEqual({ ok: false, message: 'The auction of Austin has ended' });
    expect(decideBid({ ...running, status: 'sold' }, bidder, 100, now)).toEqual({ ok: false, message: 'The auction of Austin has ended' });
  });
});

describe('[§4 auctions] starting, cancelling and the end', () => {
  const territory = { name: 'Austin', type: 'city' as const, ownerId: 'seller', running: false };
  const counts = { running: 0, lastDay: 0 };

  it('when its owner auctions it within the limits, then it starts; otherwise each refusal says why', () => {
    expect(decideStart(territory, 'seller', { startPrice: 100, reserve: 100 }, counts, TREASURY)).toEqual({
      ok: true,
      message: 'Austin is up for auction from 100 DRK',
    });
    expect(decideStart({ ...territory, type: 'wonder' }, 'seller', { startPrice: 1, reserve: null }, counts, TREASURY).ok).toBe(false);
    expect(decideStart({ ...territory, running: true }, 'seller', { startPrice: 1, reserve: null }, counts, TREASURY)).toEqual({
      ok: false,
      message: 'Austin is already being auctioned',
    });
    expect(decideStart(territory, 'seller', { startPrice: 100, reserve: 99 }, counts, TREASURY)).toEqual({
      ok: false,
      message: 'The reserve (99 DRK) cannot be below the start price (100 DRK)',
    });
    expect(decideStart(territory, 'seller', { startPrice: 1, reserve: null }, { running: 10, lastDay: 0 }, TREASURY).ok).toBe(false);
    expect(decideStart(territory, 'seller', { startPrice: 1, reserve: null }, { running: 0, lastDay: 20 }, TREASURY).ok).toBe(false);
    expect(decideStart({ ...territory, ownerId: TREASURY }, TREASURY, { startPrice: 1, reserve: null }, counts, TREASURY).ok).toBe(false);
  });

  it('when the seller cancels, then only a running auction without a bid is cancelled', () => {
    expect(decideCancel(running, false)).toEqual({ ok: true });
    expect(decideCancel(running, true)).toEqual({ ok: false, message: 'The auction of Austin has bids: it can no longer be cancelled' });
    expect(decideCancel({ ...running, status: 'cancelled' }, false).ok).toBe(false);
  });

  it('when it ends, then it is sold to a leader at or above the reserve, and unsold without a bid or below the reserve', () => {
    expect(settlement({ amount: 500 }, null)).toEqual({ outcome: 'sold', price: 500 });
    expect(settlement({ amount: 500 }, 500)).toEqual({ outcome: 'sold', price: 500 });
    expect(settlement({ amount: 499 }, 500)).toEqual({ outcome: 'unsold', belowReserve: true });
    expect(settlement(null, 500)).toEqual({ outcome: 'unsold', belowReserve: false });
  });
});
