import type { CommandType } from '../../schema/commands/index.ts';
import { mayActAsOwner, type Actor } from '../../schema/commands/policy.ts';
import type { TerritoryFacts } from '../../schema/rules/market.ts';
import { conflict, forbidden } from '../errors.ts';
import type { LockedTerritory } from '../domain/world/territories.ts';

/** The policy's owner-of-target line, asked once the territory is loaded and locked. */
export function requireOwner(type: CommandType, actor: Actor, territory: LockedTerritory, action: string): void {
  if (!mayActAsOwner(type, actor, territory.owner_id)) throw forbidden(`Only the owner of ${territory.name} can ${action}`);
}

/** A locked territory as the decide rules of schema/rules/market.ts read it. */
export const factsOf = (territory: LockedTerritory): TerritoryFacts => ({
  name: territory.name,
  type: territory.type,
  ownerId: territory.owner_id,
  salePrice: territory.sale_price,
});

/** A decide rule's refusal: every one of the market's is a conflict with the state (409). */
export function decided<T extends { ok: true }>(decision: T | { ok: false; message: string }): T {
  if (!decision.ok) throw conflict(decision.message);
  return decision;
}
