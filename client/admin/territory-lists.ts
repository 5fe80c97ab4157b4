import type { HierarchyNode } from '../../schema/api/territories.ts';
import { rentDue } from '../../schema/rules/rent.ts';

/** Every territory of the feudal tree, overlords before their vassals. */
export function flattenHierarchy(roots: readonly HierarchyNode[]): HierarchyNode[] {
  const all: HierarchyNode[] = [];
  const visit = (node: HierarchyNode) => {
    all.push(node);
    node.vassals.forEach(visit);
  };
  roots.forEach(visit);
  return all;
}

/** Wonders, common areas and the Wanakt's seat owe nobody, so a rent set on them would do nothing. */
export function paysRent(territory: Pick<HierarchyNode, 'type' | 'monthly_revenue'>): boolean {
  return rentDue({ type: territory.type, monthly_revenue: Number(territory.monthly_revenue), rent_amount: null }) !== null;
}
