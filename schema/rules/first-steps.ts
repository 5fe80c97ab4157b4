import { STARTING_BALANCE, type TerritoryType } from '../constants.ts';
import { formatDrk } from '../format.ts';
import type { Purchase, Refusal, TerritoryFacts } from './market.ts';

// A newcomer's first territory ("First steps"). Every new player is minted
// STARTING_BALANCE DRK, and the cheapest listing costs several times that, so a newcomer could
// not play without paying real money. Instead each player may once take one of the world's small
// territories still held by the treasury at the starter price: it pays that price from its grant
// to the treasury like any purchase, so every DRK still comes from the ledger and the cap, and it
// keeps the rest of the grant.

/** What the one starter claim costs: within the starting grant, with some of it left over. */
export const STARTER_PRICE = Math.floor(STARTING_BALANCE * 0.8);
/** The small territories a newcomer may start on: villages and common areas. */
export const STARTER_TYPES = ['village', 'common'] as const satisfies readonly TerritoryType[];
/** How many choices the welcome panel offers at once. */
export const STARTER_CHOICES = 6;

export interface StarterFacts {
  alreadyClaimed: boolean;
  ownsTerritories: number;
  balance: number;
}

/** Why a player may not make the starter claim, or null when it may. */
export function starterRefusal(facts: StarterFacts): string | null {
  if (facts.alreadyClaimed) return 'You have already claimed your starter territory';
  if (facts.ownsTerritories > 0) return 'Starter territories are for players who own no territory yet';
  if (facts.balance < STARTER_PRICE)
    return `You need ${formatDrk(STARTER_PRICE)} for a starter territory but only have ${formatDrk(facts.balance)}`;
  return null;
}

export interface StarterTerritory {
  type: TerritoryType;
  ownerId: string | null;
  salePrice: number | null;
}

/** Why this territory cannot be a starter territory, or null when it can. */
export function starterTerritoryRefusal(territory: StarterTerritory, name: string): string | null {
  if (!(STARTER_TYPES as readonly string[]).includes(territory.type))
    return `${name} is not a starter territory: choose a village or a common area`;
  if (territory.ownerId !== null || territory.salePrice === null) return `${name} has already been taken`;
  return null;
}

/**
 * The starter claim as a purchase: a player who may still claim takes a starter territory the
 * treasury has on the market, paying the starter price (not the listing's) to the treasury.
 */
export function decideStarterClaim(player: StarterFacts, territory: TerritoryFacts, treasuryId: string): Purchase | Refusal {
  const refusal = starterRefusal(player) ?? starterTerritoryRefusal(territory, territory.name);
  if (refusal) return { ok: false, message: refusal };
  return { ok: true, price: STARTER_PRICE, payeeId: treasuryId };
}
