import { UPGRADE_COST, type TerritoryType, type UpgradeTier } from '../constants.ts';
import { canUpgrade, discountedPrice } from './economy.ts';
import { formatDrk } from '../format.ts';

// The rules of buying, selling and improving a territory (docs/rules.md §4, §5). Each takes what the
// service loaded and answers what is to change, or why nothing may: no I/O, so the server decides
// with them under its row locks and the browser checks the same before it asks.

export type Refusal = { ok: false; message: string };
const refuse = (message: string): Refusal => ({ ok: false, message });

/** A territory as the rules need it. */
export interface TerritoryFacts {
  name: string;
  type: TerritoryType;
  ownerId: string | null;
  salePrice: number | null;
}

/** The Wanakt's seat and the wonders belong to the realm (docs/rules.md §1 "Wonders belong to the world"). */
export function isRealmTerritory(type: TerritoryType): boolean {
  return type === 'wanakt' || type === 'wonder';
}

export const realmRefusal = (name: string) => `${name} belongs to the realm and cannot change hands`;

/** docs/rules.md §5's 'Insufficient Balance' words, the same from the ledger and the purchase dialog. */
export const shortOfDrk = (needed: number, available: number) => `You need ${formatDrk(needed)} but only have ${formatDrk(available)}`;

export type Purchase = { ok: true; price: number; payeeId: string };

/**
 * docs/rules.md §5 "Purchase": the buyer pays the asking price to the seller, or to the treasury for a
 * territory nobody owns. `seenPrice`, when given, guards against paying a price the seller raised
 * after the buyer looked; `balance`, when known, refuses a buyer who cannot pay.
 */
export function decidePurchase(
  territory: TerritoryFacts,
  buyer: { id: string; balance?: number },
  treasuryId: string,
  seenPrice?: number,
): Purchase | Refusal {
  if (territory.ownerId === buyer.id) return refuse(`You already own ${territory.name}`);
  if (territory.salePrice === null) return refuse(`${territory.name} is not for sale`);
  if (seenPrice !== undefined && seenPrice !== territory.salePrice)
    return refuse(`The price of ${territory.name} is now ${formatDrk(territory.salePrice)}`);
  if (buyer.balance !== undefined && buyer.balance < territory.salePrice) return refuse(shortOfDrk(territory.salePrice, buyer.balance));
  return { ok: true, price: territory.salePrice, payeeId: territory.ownerId ?? treasuryId };
}

/** The owner lists its territory at a price, or withdraws the listing (null). Realm territories are never sold. */
export function decideListing(territory: TerritoryFacts, salePrice: number | null): { ok: true; message: string } | Refusal {
  if (salePrice !== null && isRealmTerritory(territory.type)) return refuse(realmRefusal(territory.name));
  return {
    ok: true,
    message: salePrice === null ? `${territory.name} is no longer for sale` : `${territory.name} is for sale at ${formatDrk(salePrice)}`,
  };
}

export type Assignment = { ok: true; reason: 'gift' | 'assignment'; message: string };

/** docs/rules.md §4 "Ownership": the Wanakt gives a territory away (price 0) or assigns it for a price. */
export function decideAssignment(
  territory: TerritoryFacts,
  recipient: { id: string; username: string },
  price: number,
): Assignment | Refusal {
  if (isRealmTerritory(territory.type)) return refuse(realmRefusal(territory.name));
  if (territory.ownerId === recipient.id) return refuse(`${recipient.username} already owns ${territory.name}`);
  return price === 0
    ? { ok: true, reason: 'gift', message: `${territory.name} was given to ${recipient.username} as a gift` }
    : { ok: true, reason: 'assignment', message: `${territory.name} was assigned to ${recipient.username} for ${formatDrk(price)}` };
}

/**
 * The owner gives its territory to another player (docs/rules.md §4 "Ownership": a gift moves no DRK).
 * The realm's territories never change hands, and a gift to oneself changes nothing.
 */
export function decideGift(
  territory: TerritoryFacts,
  recipient: { id: string; username: string },
): { ok: true; message: string } | Refusal {
  if (isRealmTerritory(territory.type)) return refuse(realmRefusal(territory.name));
  if (territory.ownerId === recipient.id) return refuse(`You already own ${territory.name}`);
  return { ok: true, message: `${territory.name} was given to ${recipient.username}` };
}

/** docs/rules.md §4 "Upgrade tiers": any higher tier, at its docs/rules.md §9 cost less a running upgrade-discount event. */
export function decideUpgrade(
  territory: { name: string; upgradeTier: UpgradeTier },
  tier: UpgradeTier,
  discountMultiplier: number,
): { ok: true; cost: number; message: string } | Refusal {
  if (!canUpgrade(territory.upgradeTier, tier))
    return refuse(`${territory.name} is already ${territory.upgradeTier}; choose a higher tier than that`);
  const cost = discountedPrice(UPGRADE_COST[tier], discountMultiplier);
  return { ok: true, cost, message: `${territory.name} is now ${tier} (${formatDrk(cost)})` };
}
