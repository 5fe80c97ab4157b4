import type { HierarchyNode } from '../../schema/api/territories.ts';
import type { TerritoryType } from '../../schema/constants.ts';
import { rentDue } from '../../schema/rules/rent.ts';
import type { Queryable } from '../db/database.ts';
import { nullableNumber, territoryRows, toDto, type TerritoryRow } from './territories.ts';

// The order rows take under one overlord: the feudal levels from the top, then the side branches.
const TYPE_ORDER: TerritoryType[] = ['wanakt', 'main', 'wonder', 'city', 'town', 'village', 'sub', 'common'];

const rentOf = (row: TerritoryRow) =>
  row.owner_id === null
    ? 0
    : (rentDue({ type: row.type, monthly_revenue: Number(row.monthly_revenue), rent_amount: nullableNumber(row.rent_amount) })?.amount ?? 0);

/**
 * The feudal tree of SPEC §2, as a list of its roots with every vassal nested under its overlord.
 * The roots are the main cities plus any other territory with no parent, so every territory
 * appears exactly once. `collectsRent` adds up what the owned vassals owe per rent period, with
 * the same rentDue the rent cycle charges; an unowned vassal has nobody to pay.
 */
export async function territoryHierarchy(sql: Queryable): Promise<HierarchyNode[]> {
  const rows = await territoryRows(sql, { all: true });
  const byId = new Map(rows.map((row) => [row.id, row]));
  const isRoot = (row: TerritoryRow) => row.type === 'main' || row.parent_territory_id === null || !byId.has(row.parent_territory_id);
  const children = new Map<number, TerritoryRow[]>();
  for (const row of rows) {
    if (isRoot(row)) continue;
    const siblings = children.get(row.parent_territory_id!) ?? [];
    siblings.push(row);
    children.set(row.parent_territory_id!, siblings);
  }
  const ordered = (list: TerritoryRow[]) =>
    [...list].sort((a, b) => TYPE_ORDER.indexOf(a.type) - TYPE_ORDER.indexOf(b.type) || a.name.localeCompare(b.name) || a.id - b.id);

  const node = (row: TerritoryRow): HierarchyNode => {
    const vassals = ordered(children.get(row.id) ?? []);
    const overlord = row.parent_territory_id === null ? undefined : byId.get(row.parent_territory_id);
    return {
      ...toDto(row),
      overlord: overlord ? { name: overlord.name } : null,
      vassals: vassals.map(node),
      collectsRent: vassals.reduce((sum, vassal) => sum + rentOf(vassal), 0),
      paysRent: rentOf(row),
      rent_amount: nullableNumber(row.rent_amount),
    };
  };
  return ordered(rows.filter(isRoot)).map(node);
}
