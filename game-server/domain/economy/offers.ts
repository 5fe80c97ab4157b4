import { ENDED_OFFERS_SHOWN, type OfferDto, type OfferListDto, type TerritoryOffersDto } from '../../../schema/api/offers.ts';
import { ESCROW_USER_ID } from '../../../schema/constants.ts';
import { offerEnded, type OfferEnd } from '../../../schema/rules/notifications.ts';
import { standingCounter, type OfferFacts, type OfferStatus } from '../../../schema/rules/offers.ts';
import { notFound } from '../../errors.ts';
import type { Queryable, Tx } from '../../infra/db/database.ts';
import type { DomainEvent } from '../../infra/events/domain-events.ts';
import { noticesCreated, notify } from '../notifications/notifications.ts';
import type { Work } from '../service-deps.ts';
import { lockTerritory, type LockedTerritory } from '../world/territories.ts';
import { lockAccounts, transfer } from './ledger.ts';

// docs/rules.md §4 "Offers": the escrow of an offer, its end, and what the pages read. An offer's DRK
// is held by the escrow account from the moment it is made to the moment it ends, by two ledger lines
// that name the offer (`offer:<id>`), so the invariant check (supply.ts) can tie each to its offer.

export interface OfferRow {
  id: number;
  territory_id: number;
  territory_name: string;
  buyer_id: string;
  buyer_name: string;
  owner_id: string;
  owner_name: string;
  amount: string;
  status: OfferStatus;
  counter_price: string | null;
  counter_expires_at: Date | null;
  created_at: Date;
  expires_at: Date;
  ended_at: Date | null;
}

export const offerReference = (id: number) => `offer:${id}`;

export const factsOfOffer = (row: OfferRow): OfferFacts => ({
  status: row.status,
  amount: Number(row.amount),
  expiresAt: row.expires_at,
  counterPrice: row.counter_price === null ? null : Number(row.counter_price),
  counterExpiresAt: row.counter_expires_at,
});

/** An offer as the API shows it: a counter whose time ran out is shown as none. */
export function toOfferDto(row: OfferRow, now: Date): OfferDto {
  const counter = row.status === 'open' ? standingCounter(factsOfOffer(row), now) : null;
  return {
    id: row.id,
    territory_id: row.territory_id,
    territory_name: row.territory_name,
    buyer_id: row.buyer_id,
    buyer_name: row.buyer_name,
    owner_id: row.owner_id,
    owner_name: row.owner_name,
    amount: Number(row.amount),
    status: row.status,
    counter_price: counter?.price ?? null,
    counter_expires_at: counter?.expiresAt.toISOString() ?? null,
    created_at: row.created_at.toISOString(),
    expires_at: row.expires_at.toISOString(),
    ended_at: row.ended_at?.toISOString() ?? null,
  };
}

const selectOffers = (sql: Queryable) => sql`
  select o.id, o.territory_id, t.name as territory_name, o.buyer_id, b.username as buyer_name, o.owner_id, w.username as owner_name,
         o.amount::text, o.status, o.counter_price::text, o.counter_expires_at, o.created_at, o.expires_at, o.ended_at
    from territory_offers o
    join territories t on t.id = o.territory_id
    join users b on b.id = o.buyer_id
    join users w on w.id = o.owner_id`;

/**
 * Locks an offer for a command: its territory first, then the offer (docs/write-path.md's order),
 * so an accept and a withdrawal of one offer, or two accepts on one territory, queue on the
 * territory and the second sees what the first did.
 */
export async function lockOffer(tx: Tx, offerId: number): Promise<{ territory: LockedTerritory; offer: OfferRow }> {
  const [target] = await tx<{ territory_id: number }[]>`select territory_id from territory_offers where id = ${offerId}`;
  if (!target) throw notFound('Offer not found');
  const territory = await lockTerritory(tx, target.territory_id);
  const [offer] = await tx<OfferRow[]>`${selectOffers(tx)} where o.id = ${offerId} for no key update of o`;
  return { territory, offer };
}

/** One offer as it stands now, without a lock: what a command answers after it wrote. */
export async function readOffer(sql: Queryable, offerId: number, now: Date): Promise<OfferDto> {
  const [offer] = await sql<OfferRow[]>`${selectOffers(sql)} where o.id = ${offerId}`;
  if (!offer) throw notFound('Offer not found');
  return toOfferDto(offer, now);
}

/** Moves the offer's DRK from its buyer to the escrow: a ledger line "held for an offer on X". */
export async function holdForOffer(
  { tx, now }: Work,
  offer: { id: number; buyerId: string; territoryId: number; amount: number },
): Promise<void> {
  await transfer(
    tx,
    offer.buyerId,
    ESCROW_USER_ID,
    {
      amount: offer.amount,
      reason: 'offer_hold',
      territoryId: offer.territoryId,
      reference: offerReference(offer.id),
    },
    now,
  );
}

/**
 * Ends an open offer and gives its DRK back to its buyer ("returned: offer on X ended"). Answers
 * false, moving nothing, for an offer that had already ended: each ends once.
 */
export async function endOffer(tx: Tx, offer: OfferRow, status: Exclude<OfferStatus, 'open'>, now: Date): Promise<boolean> {
  const ended =
    await tx`update territory_offers set status = ${status}, ended_at = ${now} where id = ${offer.id} and status = 'open' returning id`;
  if (ended.length === 0) return false;
  await transfer(
    tx,
    ESCROW_USER_ID,
    offer.buyer_id,
    {
      amount: Number(offer.amount),
      reason: 'offer_return',
      territoryId: offer.territory_id,
      reference: offerReference(offer.id),
    },
    now,
  );
  return true;
}

/** The events of offers that ended: their buyers' balances, their notices, the pages that show them. */
export async function offersEnded(work: Work, ended: readonly OfferRow[], why: OfferEnd | null): Promise<DomainEvent[]> {
  if (ended.length === 0) return [];
  const notices = why
    ? await notify(
        work.tx,
        ended.map((offer) => offerEnded(offer.buyer_id, offer.territory_name, Number(offer.amount), why)),
        work.now,
      )
    : [];
  return [
    ...noticesCreated(notices),
    { type: 'balances.changed', userIds: [...new Set(ended.map((offer) => offer.buyer_id))] },
    { type: 'offers.changed', territoryIds: [...new Set(ended.map((offer) => offer.territory_id))] },
  ];
}

/**
 * docs/rules.md §4 "Offers": a territory that changes owner ends every open offer on it (but the one
 * accepted, already ended), each buyer's DRK returned, and drops its owner's minimum offer, in the
 * transaction of the change. Called by changeOwner, the one place an owner changes, with the
 * territory locked; it locks the offers, then every account the change will pay or charge (`alsoPaying`)
 * with the buyers' in one id order, so the payments that follow wait on nobody.
 */
export async function voidOffersOn(work: Work, territoryId: number, alsoPaying: readonly string[]): Promise<DomainEvent[]> {
  await work.tx`update territories set min_offer = null where id = ${territoryId} and min_offer is not null`;
  const open = await work.tx<
    OfferRow[]
  >`${selectOffers(work.tx)} where o.territory_id = ${territoryId} and o.status = 'open' order by o.id for no key update of o`;
  if (open.length === 0) return [];
  await lockAccounts(work.tx, [ESCROW_USER_ID, ...open.map((offer) => offer.buyer_id), ...alsoPaying]);
  for (const offer of open) await endOffer(work.tx, offer, 'voided', work.now);
  return offersEnded(work, open, 'voided');
}

/** Open offers due to expire, oldest first: the expiry job ends each in a transaction of its own. */
export async function offersDue(sql: Queryable, now: Date, limit: number): Promise<number[]> {
  const rows = await sql<{ id: number }[]>`
    select id from territory_offers where status = 'open' and expires_at <= ${now} order by expires_at, id limit ${limit}`;
  return rows.map((row) => row.id);
}

/**
 * Ends one offer whose time ran out, if it is still open and due: answers the events to emit, or
 * null when another process (or a command) ended it first.
 */
export async function expireOffer(work: Work, offerId: number): Promise<DomainEvent[] | null> {
  const { offer } = await lockOffer(work.tx, offerId);
  if (offer.status !== 'open' || offer.expires_at > work.now) return null;
  if (!(await endOffer(work.tx, offer, 'expired', work.now))) return null;
  return offersEnded(work, [offer], 'expired');
}

/** GET /api/territories/{id}/offers: the best open offer for anyone, every one for its owner, the viewer's own. */
export async function territoryOffers(
  sql: Queryable,
  territoryId: number,
  viewerId: string | null,
  now: Date,
): Promise<TerritoryOffersDto> {
  const [territory] = await sql<{ owner_id: string | null; min_offer: string | null }[]>`
    select owner_id, min_offer::text from territories where id = ${territoryId}`;
  if (!territory) throw notFound('Territory not found');
  const open = (
    await sql<OfferRow[]>`${selectOffers(sql)} where o.territory_id = ${territoryId} and o.status = 'open' order by o.amount desc, o.id`
  ).map((row) => toOfferDto(row, now));
  const best = open[0] ?? null;
  return {
    min_offer: territory.min_offer === null ? null : Number(territory.min_offer),
    open: open.length,
    best: best && { amount: best.amount, expires_at: best.expires_at },
    offers: viewerId !== null && viewerId === territory.owner_id ? open : null,
    mine: open.find((offer) => offer.buyer_id === viewerId) ?? null,
  };
}

/** A player's offers (`made`) or the offers on its land (`received`): open ones, then the latest ended. */
export async function playerOffers(sql: Queryable, userId: string, side: 'made' | 'received', now: Date): Promise<OfferListDto> {
  const who = side === 'made' ? sql`o.buyer_id = ${userId}` : sql`o.owner_id = ${userId}`;
  const open = await sql<OfferRow[]>`${selectOffers(sql)} where ${who} and o.status = 'open' order by o.created_at desc, o.id desc`;
  const ended = await sql<OfferRow[]>`
    ${selectOffers(sql)} where ${who} and o.status <> 'open' order by o.ended_at desc, o.id desc limit ${ENDED_OFFERS_SHOWN}`;
  return { offers: [...open, ...ended].map((row) => toOfferDto(row, now)) };
}
