import type { TerritoryType } from '../constants.ts';
import { rentDue } from './rent.ts';

// docs/rules.md §2 "who pays whom": rent climbs the feudal tree. Main cities pay the Wanakt (at its seat);
// every other territory pays the owner of its overlord, the territory it belongs to. The rent
// cycle's bulk SQL and the feudal screen both read it from here.

/** The territory types whose rent goes to the Wanakt rather than to an overlord. */
export const PAYS_THE_WANAKT: readonly TerritoryType[] = ['main'];

export type RentRecipient = 'wanakt' | 'overlord';

export function rentRecipient(type: TerritoryType): RentRecipient {
  return PAYS_THE_WANAKT.includes(type) ? 'wanakt' : 'overlord';
}

/**
 * The account a territory's rent goes to: the Wanakt's, or its overlord's owner (null when the
 * overlord is unowned, so nobody is owed).
 */
export function rentPayeeId(type: TerritoryType, overlordOwnerId: string | null, wanaktId: string): string | null {
  return rentRecipient(type) === 'wanakt' ? wanaktId : overlordOwnerId;
}

/** Every territory of the feudal tree, overlords before their vassals. */
export function flattenHierarchy<Node extends { vassals: readonly Node[] }>(roots: readonly Node[]): Node[] {
  const all: Node[] = [];
  const visit = (node: Node) => {
    all.push(node);
    node.vassals.forEach(visit);
  };
  roots.forEach(visit);
  return all;
}

/** Wonders, common areas and the Wanakt's seat owe nobody, so a rent set on them would do nothing. */
export function paysRent(territory: { type: TerritoryType; monthly_revenue: string | number }): boolean {
  return rentDue({ type: territory.type, monthly_revenue: Number(territory.monthly_revenue), rent_amount: null }) !== null;
}
