import type { CommandOf } from '../../../schema/commands/index.ts';
import { ESCROW_USER_ID, WANAKT_USER_ID } from '../../../schema/constants.ts';
import { belowLeast, decideBid, decideCancel, decideStart } from '../../../schema/rules/auctions.ts';
import { auctionOutbid } from '../../../schema/rules/notifications.ts';
import { auctionRow, endBid, factsOfAuction, holdBid, leadingBid, lockAuction, readAuction } from '../../domain/economy/auctions.ts';
import { lockAccounts } from '../../domain/economy/ledger.ts';
import { linkBetween } from '../../domain/fair-play/links.ts';
import { noticesCreated, notify } from '../../domain/notifications/notifications.ts';
import { lockTerritory } from '../../domain/world/territories.ts';
import { conflict, forbidden } from '../../errors.ts';
import type { DomainEvent } from '../../infra/events/domain-events.ts';
import { emit } from '../../infra/events/outbox.ts';
import { created, ok, userOf, type InTransaction } from '../handler.ts';
import { refuseWhileHeld } from '../../domain/holds/trade-holds.ts';
import { decided, requireOwner } from '../owner.ts';

// docs/rules.md §4 "Auctions". Every command here locks the territory first, then the auction, then
// the accounts it pays in one id order (docs/write-path.md), so two bids, a bid and the settlement
// job, or a bid and a cancellation queue and the second sees what the first did.

const changed = (territoryId: number): DomainEvent => ({ type: 'auctions.changed', territoryIds: [territoryId] });

export const startAuction: InTransaction<CommandOf<'auction.start'>> = {
  inTransaction: true,
  async run({ tx, now, actor }, { type, territoryId, body }) {
    const seller = userOf(actor);
    const territory = await lockTerritory(tx, territoryId);
    requireOwner(type, actor, territory, 'auction it');
    await refuseWhileHeld(tx, seller.id, now, `auction ${territory.name}`);
    const [counts] = await tx<{ running: number; last_day: number; here: boolean }[]>`
      select count(*) filter (where status = 'running')::int as running,
             count(*) filter (where created_at > ${new Date(now.getTime() - 86_400_000)})::int as last_day,
             (select exists (select 1 from auctions where territory_id = ${territoryId} and status = 'running')) as here
        from auctions where seller_id = ${seller.id}`;
    const { message } = decided(
      decideStart(
        { name: territory.name, type: territory.type, ownerId: territory.owner_id, running: counts.here },
        seller.id,
        { startPrice: body.start_price, reserve: body.reserve },
        { running: counts.running, lastDay: counts.last_day },
        WANAKT_USER_ID,
      ),
    );
    const [{ id }] = await tx<{ id: number }[]>`
      insert into auctions (territory_id, seller_id, start_price, reserve, created_at, ends_at)
      values (${territoryId}, ${seller.id}, ${body.start_price}, ${body.reserve}, ${now}, ${new Date(now.getTime() + body.duration_hours * 3_600_000)})
      returning id`;
    // A listing would sell it beside the auction: it ends as the auction starts.
    const listed = territory.sale_price !== null;
    if (listed) await tx`update territories set sale_price = null where id = ${territoryId}`;
    await emit(tx, changed(territoryId), ...(listed ? [{ type: 'territories.changed' as const, territoryIds: [territoryId] }] : []));
    return created({
      message: listed ? `${message}; its listing ended` : message,
      auction: await readAuction(tx, id, seller.id),
    });
  },
};

export const bidOnAuction: InTransaction<CommandOf<'auction.bid'>> = {
  inTransaction: true,
  async run({ tx, now, actor }, { auctionId, body }) {
    const bidder = userOf(actor);
    // Before the locks, so a hot auction's other bids do not wait on them: a bid too low (the least
    // only rises), and, docs/rules.md §10 "Fair play", an account linked to the seller, which would
    // only drive its own price up (an auction's seller never changes).
    const seen = await auctionRow(tx, auctionId);
    const low = seen.status === 'running' ? belowLeast(factsOfAuction(seen), body.amount) : null;
    if (low) throw conflict(low.message);
    const link = await linkBetween(tx, bidder.id, seen.seller_id);
    if (link) throw conflict(`You cannot bid on ${seen.territory_name}: you and its seller count as one player. ${link.reason}`);
    const { territory, auction } = await lockAuction(tx, auctionId);
    const leader = leadingBid(auction);
    await lockAccounts(tx, [ESCROW_USER_ID, bidder.id, ...(leader ? [leader.bidderId] : [])]);
    const [{ balance }] = await tx<{ balance: string }[]>`select drk_balance::text as balance from users where id = ${bidder.id}`;
    const { endsAt, extended, message } = decided(
      decideBid(factsOfAuction(auction), { id: bidder.id, balance: Number(balance) }, body.amount, now),
    );
    const events: DomainEvent[] = [changed(territory.id)];
    const paid = [bidder.id];
    if (leader) {
      await endBid(tx, leader, territory.id, 'outbid', now);
      const notices = await notify(tx, [auctionOutbid(leader.bidderId, territory.name, leader.amount, 'outbid')], now);
      events.push(...noticesCreated(notices));
      paid.push(leader.bidderId);
    }
    const [{ id }] = await tx<{ id: number }[]>`
      insert into auction_bids (auction_id, bidder_id, amount, created_at) values (${auctionId}, ${bidder.id}, ${body.amount}, ${now}) returning id`;
    await holdBid(tx, { id, bidderId: bidder.id, territoryId: territory.id, amount: body.amount }, now);
    if (extended) await tx`update auctions set ends_at = ${endsAt} where id = ${auctionId}`;
    await emit(tx, ...events, { type: 'balances.changed', userIds: paid });
    return created({ message, auction: await readAuction(tx, auctionId, bidder.id) });
  },
};

export const cancelAuction: InTransaction<CommandOf<'auction.cancel'>> = {
  inTransaction: true,
  async run({ tx, now, actor }, { auctionId }) {
    const { territory, auction } = await lockAuction(tx, auctionId);
    if (userOf(actor).id !== auction.seller_id) throw forbidden(`Only the seller can cancel the auction of ${territory.name}`);
    decided(decideCancel(factsOfAuction(auction), auction.bids > 0));
    await tx`update auctions set status = 'cancelled', ended_at = ${now} where id = ${auctionId}`;
    await emit(tx, changed(territory.id));
    return ok({ message: `You cancelled the auction of ${territory.name}`, auction: await readAuction(tx, auctionId, auction.seller_id) });
  },
};
