import { ESCROW_USER_ID } from '../../schema/constants.ts';
import { settlement } from '../../schema/rules/auctions.ts';
import { auctionEndedUnsold, auctionSold, auctionWon, type NoticeDraft } from '../../schema/rules/notifications.ts';
import { endAuction, endBid, leadingBid, lockAuction } from '../domain/economy/auctions.ts';
import { lockAccounts } from '../domain/economy/ledger.ts';
import { noticesCreated, notify } from '../domain/notifications/notifications.ts';
import type { Work } from '../domain/service-deps.ts';
import { emit } from '../infra/events/outbox.ts';
import { completePurchase } from './complete-purchase.ts';

/**
 * docs/rules.md §4 "Auctions": ends one auction whose end has passed, once. Under the territory's
 * and the auction's locks it finds the auction still running and due, or does nothing (another
 * process settled it first, or a last bid moved its end): so a bid and the settlement never both
 * happen, and two settlements settle once. Sold: the leader's held DRK comes back to it and pays
 * the seller through the purchase path (the owner changes, the offers on it end, a sale between
 * linked accounts is marked). Unsold (no bid, or below the reserve): the leader's DRK comes back.
 * Answers whether it settled the auction.
 */
export async function settleAuction(work: Work, auctionId: number): Promise<boolean> {
  const { tx, now } = work;
  const { territory, auction } = await lockAuction(tx, auctionId);
  if (auction.status !== 'running' || auction.ends_at > now) return false;
  const leader = leadingBid(auction);
  const outcome = settlement(leader, auction.reserve === null ? null : Number(auction.reserve));
  if (outcome.outcome === 'sold' && leader) {
    const offers = await tx<{ buyer_id: string }[]>`
      select buyer_id from territory_offers where territory_id = ${territory.id} and status = 'open'`;
    await lockAccounts(tx, [ESCROW_USER_ID, leader.bidderId, auction.seller_id, ...offers.map((offer) => offer.buyer_id)]);
    await endAuction(tx, auctionId, 'sold', now);
    await endBid(tx, leader, territory.id, 'won', now);
    await completePurchase(
      work,
      territory,
      { id: leader.bidderId, username: leader.bidderName },
      {
        price: outcome.price,
        payeeId: auction.seller_id,
        saleNotices: [
          auctionWon(leader.bidderId, territory.name, outcome.price),
          auctionSold(auction.seller_id, territory.name, leader.bidderName, outcome.price),
        ],
      },
    );
    await emit(tx, { type: 'auctions.changed', territoryIds: [territory.id] });
    return true;
  }
  await endAuction(tx, auctionId, 'unsold', now);
  const drafts: NoticeDraft[] = [auctionEndedUnsold(auction.seller_id, territory.name, leader?.amount ?? null, 'seller')];
  if (leader) {
    await lockAccounts(tx, [ESCROW_USER_ID, leader.bidderId]);
    await endBid(tx, leader, territory.id, 'returned', now);
    drafts.push(auctionEndedUnsold(leader.bidderId, territory.name, leader.amount, 'leader'));
  }
  const notices = await notify(tx, drafts, now);
  await emit(
    tx,
    ...noticesCreated(notices),
    { type: 'auctions.changed', territoryIds: [territory.id] },
    ...(leader ? [{ type: 'balances.changed' as const, userIds: [leader.bidderId] }] : []),
  );
  return true;
}
