import type { CommandOf } from '../../../schema/commands/index.ts';
import { ESCROW_USER_ID, WANAKT_USER_ID } from '../../../schema/constants.ts';
import { isRealmTerritory, realmRefusal } from '../../../schema/rules/market.ts';
import { offerCountered, offerReceived } from '../../../schema/rules/notifications.ts';
import {
  decideCounter,
  decideCounterAcceptance,
  decideDecline,
  decideOffer,
  isLive,
  offerExpiry,
  type OfferStatus,
} from '../../../schema/rules/offers.ts';
import { formatDrk } from '../../../schema/format.ts';
import { endOffer, factsOfOffer, holdForOffer, lockOffer, offersEnded, readOffer, type OfferRow } from '../../domain/economy/offers.ts';
import { lockAccounts } from '../../domain/economy/ledger.ts';
import { refuseUnderAuction } from '../../domain/economy/auctions.ts';
import { noticesCreated, notify } from '../../domain/notifications/notifications.ts';
import type { Work } from '../../domain/service-deps.ts';
import { lockTerritory, type LockedTerritory } from '../../domain/world/territories.ts';
import { conflict, forbidden } from '../../errors.ts';
import { emit } from '../../infra/events/outbox.ts';
import { completePurchase } from '../complete-purchase.ts';
import { refuseWhileHeld } from '../../domain/holds/trade-holds.ts';
import { created, ok, userOf, type InTransaction } from '../handler.ts';
import { decided, requireOwner } from '../owner.ts';
import type { Actor } from '../../../schema/commands/policy.ts';

// docs/rules.md §4 "Offers". Every command here locks the territory first, then the offer, then the
// accounts it pays in one id order (docs/write-path.md), so two answers to offers on one territory,
// or an answer and a withdrawal, queue and the second sees what the first did.

const changed = (territoryId: number) => ({ type: 'offers.changed' as const, territoryIds: [territoryId] });

/** Re-reads an offer after a command changed it, for the answer. */
async function answer(work: Work, offerId: number, message: string) {
  return { message, offer: await readOffer(work.tx, offerId, work.now) };
}

function requireBuyer(actor: Actor, offer: OfferRow, action: string): void {
  if (userOf(actor).id !== offer.buyer_id) throw forbidden(`Only the player who made this offer can ${action}`);
}

function requireSeller(actor: Actor, territory: LockedTerritory, offer: OfferRow, action: string): void {
  if (userOf(actor).id !== territory.owner_id || offer.owner_id !== territory.owner_id)
    throw forbidden(`Only the owner of ${territory.name} can ${action}`);
}

/** Asked first: an offer that has ended says so to anyone, whoever owns its territory now. */
function requireOpen(offer: OfferRow): void {
  if (offer.status !== 'open') throw conflict(`That offer on ${offer.territory_name} has ended`);
}

export const makeOffer: InTransaction<CommandOf<'offer.make'>> = {
  inTransaction: true,
  async run(work, { territoryId, body }) {
    const { tx, now } = work;
    const buyer = userOf(work.actor);
    const territory = await lockTerritory(tx, territoryId);
    // The buyer's row is locked before its offers are counted, so its offers at once queue on the limits.
    await lockAccounts(tx, [ESCROW_USER_ID, buyer.id]);
    const [facts] = await tx<{ min_offer: string | null; balance: string }[]>`
      select (select min_offer::text from territories where id = ${territoryId}) as min_offer,
             (select drk_balance::text from users where id = ${buyer.id}) as balance`;
    const [counts] = await tx<{ buyer_open: number; territory_open: number; last_hour: number; has_one: boolean }[]>`
      select count(*) filter (where buyer_id = ${buyer.id} and status = 'open')::int as buyer_open,
             count(*) filter (where territory_id = ${territoryId} and status = 'open')::int as territory_open,
             count(*) filter (where buyer_id = ${buyer.id} and created_at > ${new Date(now.getTime() - 3_600_000)})::int as last_hour,
             coalesce(bool_or(buyer_id = ${buyer.id} and territory_id = ${territoryId} and status = 'open'), false) as has_one
        from territory_offers
       where buyer_id = ${buyer.id} or (territory_id = ${territoryId} and status = 'open')`;
    const { message } = decided(
      decideOffer(
        {
          name: territory.name,
          type: territory.type,
          ownerId: territory.owner_id,
          minOffer: facts.min_offer === null ? null : Number(facts.min_offer),
        },
        { id: buyer.id, balance: Number(facts.balance) },
        body.amount,
        {
          buyerOpen: counts.buyer_open,
          territoryOpen: counts.territory_open,
          buyerLastHour: counts.last_hour,
          buyerHasOne: counts.has_one,
        },
        WANAKT_USER_ID,
      ),
    );
    const [{ id }] = await tx<{ id: number }[]>`
      insert into territory_offers (territory_id, buyer_id, owner_id, amount, created_at, expires_at)
      values (${territoryId}, ${buyer.id}, ${territory.owner_id!}, ${body.amount}, ${now}, ${offerExpiry(body.expires_in_hours, now)})
      returning id`;
    await holdForOffer({ tx, now }, { id, buyerId: buyer.id, territoryId, amount: body.amount });
    const notices = await notify(tx, [offerReceived(territory.owner_id!, territory.name, buyer.username, body.amount)], now);
    await emit(tx, ...noticesCreated(notices), { type: 'balances.changed', userIds: [buyer.id] }, changed(territoryId));
    return created(await answer(work, id, message));
  },
};

/** The buyer withdraws its offer, or the owner declines it: the offer ends and its DRK goes back. */
function endingBy(status: Extract<OfferStatus, 'withdrawn' | 'declined'>): InTransaction<CommandOf<'offer.withdraw' | 'offer.decline'>> {
  return {
    inTransaction: true,
    async run(work, { offerId }) {
      const { territory, offer } = await lockOffer(work.tx, offerId);
      requireOpen(offer);
      if (status === 'withdrawn') requireBuyer(work.actor, offer, 'withdraw it');
      else {
        requireSeller(work.actor, territory, offer, 'decline offers on it');
        decided(decideDecline(factsOfOffer(offer), territory.name, work.now));
      }
      await endOffer(work.tx, offer, status, work.now);
      const events = await offersEnded(work, [offer], status === 'declined' ? 'declined' : null);
      await emit(work.tx, ...events);
      const message =
        status === 'withdrawn'
          ? `You withdrew your offer for ${territory.name}; ${formatDrk(Number(offer.amount))} is back in your balance`
          : `You declined ${offer.buyer_name}'s offer for ${territory.name}`;
      return ok(await answer(work, offerId, message));
    },
  };
}

export const withdrawOffer = endingBy('withdrawn');
export const declineOffer = endingBy('declined');

export const counterOffer: InTransaction<CommandOf<'offer.counter'>> = {
  inTransaction: true,
  async run(work, { offerId, body }) {
    const { tx, now } = work;
    const { territory, offer } = await lockOffer(tx, offerId);
    requireOpen(offer);
    requireSeller(work.actor, territory, offer, 'counter offers on it');
    const { expiresAt, message } = decided(decideCounter(factsOfOffer(offer), territory.name, body.price, body.expires_in_hours, now));
    await tx`update territory_offers set counter_price = ${body.price}, counter_expires_at = ${expiresAt} where id = ${offerId}`;
    const notices = await notify(tx, [offerCountered(offer.buyer_id, territory.name, offer.owner_name, body.price)], now);
    await emit(tx, ...noticesCreated(notices), changed(territory.id));
    return ok(await answer(work, offerId, message));
  },
};

/**
 * The sale an offer closes, at its price or the counter's: the offer ends (its hold back to its
 * buyer), then the purchase path pays the seller the price from the buyer, changes the owner, ends
 * every other offer and the listing, marks a sale between linked accounts and tells everyone.
 */
async function sell(work: Work, territory: LockedTerritory, offer: OfferRow, price: number): Promise<void> {
  await refuseUnderAuction(work.tx, territory);
  const others = await work.tx<{ buyer_id: string }[]>`
    select buyer_id from territory_offers where territory_id = ${territory.id} and status = 'open'`;
  await lockAccounts(work.tx, [ESCROW_USER_ID, offer.buyer_id, offer.owner_id, ...others.map((other) => other.buyer_id)]);
  await endOffer(work.tx, offer, 'accepted', work.now);
  await completePurchase(work, territory, { id: offer.buyer_id, username: offer.buyer_name }, { price, payeeId: offer.owner_id });
  await emit(work.tx, changed(territory.id));
}

export const acceptOffer: InTransaction<CommandOf<'offer.accept'>> = {
  inTransaction: true,
  async run(work, { offerId }) {
    const { territory, offer } = await lockOffer(work.tx, offerId);
    requireOpen(offer);
    requireSeller(work.actor, territory, offer, 'accept offers on it');
    if (isRealmTerritory(territory.type)) throw conflict(realmRefusal(territory.name));
    await refuseWhileHeld(work.tx, userOf(work.actor).id, work.now, `accept an offer on ${territory.name}`);
    if (!isLive(factsOfOffer(offer), work.now)) throw conflict(`That offer on ${territory.name} has ended`);
    const price = Number(offer.amount);
    await sell(work, territory, offer, price);
    return ok(await answer(work, offerId, `You sold ${territory.name} to ${offer.buyer_name} for ${formatDrk(price)}`));
  },
};

export const acceptCounter: InTransaction<CommandOf<'offer.accept-counter'>> = {
  inTransaction: true,
  async run(work, { offerId, body }) {
    const { territory, offer } = await lockOffer(work.tx, offerId);
    requireOpen(offer);
    requireBuyer(work.actor, offer, 'accept its counter');
    await refuseWhileHeld(work.tx, userOf(work.actor).id, work.now, `accept the counter-offer on ${territory.name}`);
    const { price } = decided(decideCounterAcceptance(factsOfOffer(offer), territory.name, body.price, work.now));
    await sell(work, territory, offer, price);
    return ok(await answer(work, offerId, `You now own ${territory.name}, bought for ${formatDrk(price)}`));
  },
};

export const setMinOffer: InTransaction<CommandOf<'territory.set-min-offer'>> = {
  inTransaction: true,
  async run({ tx, actor }, { type, territoryId, body }) {
    const territory = await lockTerritory(tx, territoryId);
    requireOwner(type, actor, territory, 'set its minimum offer');
    await tx`update territories set min_offer = ${body.min_offer} where id = ${territoryId}`;
    await emit(tx, changed(territoryId));
    return ok({
      message:
        body.min_offer === null
          ? `${territory.name} takes offers of any amount`
          : `${territory.name} takes no offer below ${formatDrk(body.min_offer)}`,
    });
  },
};
