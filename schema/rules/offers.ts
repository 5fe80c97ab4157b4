import type { TerritoryType } from '../constants.ts';
import { formatDrk } from '../format.ts';
import { isRealmTerritory, realmRefusal, shortOfDrk, type Refusal } from './market.ts';

// docs/rules.md §4 "Offers": a player offers DRK for a territory another player owns, the DRK held
// in escrow until the offer ends. No I/O: the server decides with these under the territory's row
// lock, and the browser checks the same before it asks.

/** How long an offer stands, in hours: the buyer chooses, a week unless it says otherwise. */
export const OFFER_MIN_HOURS = 1;
export const OFFER_MAX_HOURS = 30 * 24;
export const OFFER_DEFAULT_HOURS = 7 * 24;
/** Open offers one player may have at once, and one territory may receive. */
export const MAX_OPEN_OFFERS_PER_PLAYER = 20;
export const MAX_OPEN_OFFERS_PER_TERRITORY = 50;
/** Offers one player may make in any hour (withdrawn ones count). */
export const OFFERS_PER_HOUR = 30;

export const OFFER_STATUSES = ['open', 'accepted', 'declined', 'withdrawn', 'expired', 'voided'] as const;
export type OfferStatus = (typeof OFFER_STATUSES)[number];

const refuse = (message: string): Refusal => ({ ok: false, message });

/** A territory as an offer on it needs it. */
export interface OfferTarget {
  name: string;
  type: TerritoryType;
  ownerId: string | null;
  minOffer: number | null;
}

/** What the buyer already has under way, counted under the territory's lock. */
export interface OfferCounts {
  buyerOpen: number;
  territoryOpen: number;
  buyerLastHour: number;
  /** Whether this buyer already has an open offer on this territory. */
  buyerHasOne: boolean;
}

/**
 * A new offer: only on land a player owns (the Wanakt's land and land nobody owns are sold at their
 * price, and the realm's never), never on one's own, at least the owner's minimum, within the
 * limits, and only with the DRK to hold.
 */
export function decideOffer(
  territory: OfferTarget,
  buyer: { id: string; balance: number },
  amount: number,
  counts: OfferCounts,
  treasuryId: string,
): { ok: true; message: string } | Refusal {
  if (isRealmTerritory(territory.type)) return refuse(realmRefusal(territory.name));
  if (territory.ownerId === null || territory.ownerId === treasuryId)
    return refuse(`${territory.name} belongs to no player: offers are made to players, the treasury's land is bought at its price`);
  if (territory.ownerId === buyer.id) return refuse(`You already own ${territory.name}`);
  if (territory.minOffer !== null && amount < territory.minOffer)
    return refuse(`The owner of ${territory.name} takes no offer below ${formatDrk(territory.minOffer)}`);
  if (counts.buyerHasOne) return refuse(`You already have an open offer on ${territory.name}: withdraw it to offer another price`);
  if (counts.buyerOpen >= MAX_OPEN_OFFERS_PER_PLAYER)
    return refuse(`You have ${MAX_OPEN_OFFERS_PER_PLAYER} open offers, the most one player may have: withdraw one first`);
  if (counts.territoryOpen >= MAX_OPEN_OFFERS_PER_TERRITORY)
    return refuse(`${territory.name} has ${MAX_OPEN_OFFERS_PER_TERRITORY} open offers, the most it takes: try again when one ends`);
  if (counts.buyerLastHour >= OFFERS_PER_HOUR) return refuse(`You have made ${OFFERS_PER_HOUR} offers in the last hour: wait a while`);
  if (buyer.balance < amount) return refuse(shortOfDrk(amount, buyer.balance));
  return { ok: true, message: `You offered ${formatDrk(amount)} for ${territory.name}; the DRK is held until the offer ends` };
}

/** An offer as its rules read it. */
export interface OfferFacts {
  status: OfferStatus;
  amount: number;
  expiresAt: Date;
  counterPrice: number | null;
  counterExpiresAt: Date | null;
}

/** The counter that binds the owner now, if any: one whose time has not run out. */
export function standingCounter(offer: OfferFacts, now: Date): { price: number; expiresAt: Date } | null {
  if (offer.counterPrice === null || offer.counterExpiresAt === null || offer.counterExpiresAt <= now) return null;
  return { price: offer.counterPrice, expiresAt: offer.counterExpiresAt };
}

/** Whether an offer still stands: open, and its time not run out (the expiry job ends it soon after). */
export function isLive(offer: OfferFacts, now: Date): boolean {
  return offer.status === 'open' && offer.expiresAt > now;
}

const ended = (territory: string) => refuse(`That offer on ${territory} has ended`);

/**
 * The owner answers with a price of its own, standing for `forHours` (at most until the offer
 * expires). It binds the owner: while it stands the owner neither counters again nor declines.
 */
export function decideCounter(
  offer: OfferFacts,
  territory: string,
  price: number,
  forHours: number | undefined,
  now: Date,
): { ok: true; expiresAt: Date; message: string } | Refusal {
  if (!isLive(offer, now)) return ended(territory);
  const standing = standingCounter(offer, now);
  if (standing) return refuse(`Your counter of ${formatDrk(standing.price)} stands until ${standing.expiresAt.toISOString()}`);
  if (price <= offer.amount) return refuse(`A counter asks more than the offer of ${formatDrk(offer.amount)}: accept the offer instead`);
  const wanted = forHours === undefined ? offer.expiresAt : new Date(now.getTime() + forHours * 3_600_000);
  const expiresAt = wanted < offer.expiresAt ? wanted : offer.expiresAt;
  return { ok: true, expiresAt, message: `You asked ${formatDrk(price)} for ${territory}` };
}

/** The owner declines: not while its own counter binds it. */
export function decideDecline(offer: OfferFacts, territory: string, now: Date): { ok: true } | Refusal {
  if (!isLive(offer, now)) return ended(territory);
  const standing = standingCounter(offer, now);
  if (standing) return refuse(`Your counter of ${formatDrk(standing.price)} binds you until ${standing.expiresAt.toISOString()}`);
  return { ok: true };
}

/** The buyer takes the owner's counter: its price, if it still stands and is the one the buyer saw. */
export function decideCounterAcceptance(
  offer: OfferFacts,
  territory: string,
  seenPrice: number | undefined,
  now: Date,
): { ok: true; price: number } | Refusal {
  if (!isLive(offer, now)) return ended(territory);
  const standing = standingCounter(offer, now);
  if (!standing) return refuse(`There is no standing counter on your offer for ${territory}`);
  if (seenPrice !== undefined && seenPrice !== standing.price)
    return refuse(`The counter for ${territory} is now ${formatDrk(standing.price)}`);
  return { ok: true, price: standing.price };
}

/** When an offer made now for this many hours (within 1 hour to 30 days, as the body checks) ends. */
export const offerExpiry = (forHours: number, now: Date): Date => new Date(now.getTime() + forHours * 3_600_000);
