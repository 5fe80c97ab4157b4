import type { HierarchyNode } from '../schema/api/territories.ts';
import { RENT_PERIOD_MONTHS, rentDue } from '../schema/rules/rent.ts';
import { flattenHierarchy, rentRecipient } from '../schema/rules/feudal.ts';
import { formatDrk } from './format.ts';
import { UNOWNED } from '../schema/display-names.ts';

export interface FeudalFigures {
  counts: Record<'main' | 'city' | 'town' | 'village', number>;
  /** What every owned vassal owes its overlord (and every owned main city the Wanakt) per rent period. */
  rentsPerPeriod: number;
  /** The same, spread over the period's months. */
  rentsPerMonth: number;
  /** What the rules would have every territory owe per period if every one had an owner. */
  fullRealmPerPeriod: number;
}

export function feudalFigures(roots: readonly HierarchyNode[]): FeudalFigures {
  const counts = { main: 0, city: 0, town: 0, village: 0 };
  let rentsPerPeriod = 0;
  let fullRealmPerPeriod = 0;
  for (const node of flattenHierarchy(roots)) {
    if (node.type in counts) counts[node.type as keyof typeof counts]++;
    rentsPerPeriod += node.paysRent;
    fullRealmPerPeriod +=
      rentDue({ type: node.type, monthly_revenue: Number(node.monthly_revenue), rent_amount: node.rent_amount })?.amount ?? 0;
  }
  return { counts, rentsPerPeriod, rentsPerMonth: Math.round(rentsPerPeriod / RENT_PERIOD_MONTHS), fullRealmPerPeriod };
}

export interface Vassalage {
  /** The territories that pay this one's holder. */
  vassals: number;
  /** What they pay per rent period. */
  collects: number;
}

/**
 * Who pays a territory's holder, and how much per period. The Wanakt's seat has no vassals in the
 * tree, whose roots are the main cities, yet every main city pays its rent to the Wanakt
 * (docs/rules.md §1): the seat's vassals are the main cities.
 */
export function vassalageOf(node: HierarchyNode, roots: readonly HierarchyNode[]): Vassalage {
  if (node.type !== 'wanakt') return { vassals: node.vassals.length, collects: node.collectsRent };
  const mains = roots.filter((root) => rentRecipient(root.type) === 'wanakt');
  return { vassals: mains.length, collects: mains.reduce((sum, main) => sum + main.paysRent, 0) };
}

/** Who a territory's rent goes to: its overlord, or the Wanakt for a main city (docs/rules.md §1). */
export function payeeOf(node: Pick<HierarchyNode, 'type' | 'overlord'>): string | null {
  return rentRecipient(node.type) === 'wanakt' ? 'the Wanakt' : (node.overlord?.name ?? null);
}

/**
 * A territory's rent in one sentence, the same on the map panel, the rules dialog and the feudal
 * tree: how much, per what, to whom; or why it pays none (rent to an unowned lord goes to nobody).
 */
export function rentLine(node: Pick<HierarchyNode, 'type' | 'overlord' | 'paysRent' | 'paysTo' | 'paysNobody'>): string {
  if (node.paysRent > 0) return `Pays ${formatDrk(node.paysRent)} per period to ${node.paysTo ?? payeeOf(node) ?? 'its lord'}`;
  if (node.paysNobody)
    return `No rent: its lord${node.overlord ? `, ${node.overlord.name},` : ''} is ${UNOWNED}, and rent to an unowned lord goes to nobody`;
  return 'No rent';
}
