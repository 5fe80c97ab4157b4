import type { HierarchyNode } from '../../../schema/api/territories.ts';
import { WANAKT_USER_ID, type TerritoryType } from '../../../schema/constants.ts';
import { rentDue, rentOwed } from '../../../schema/rules/rent.ts';
import { rentRecipient } from '../../../schema/rules/feudal.ts';
import type { Queryable } from '../../infra/db/database.ts';
import { nullableNumber, territoryRows, toDto, type TerritoryRow } from './territories.ts';

// The order rows take under one overlord: the feudal levels from the top, then the side branches.
const TYPE_ORDER: TerritoryType[] = ['wanakt', 'main', 'wonder', 'city', 'town', 'village', 'sub', 'common'];

const rentTerms = (row: TerritoryRow) => ({
  type: row.type,
  monthly_revenue: Number(row.monthly_revenue),
  rent_amount: nullableNumber(row.rent_amount),
  owner_id: row.owner_id,
});

/**
 * The feudal tree of docs/rules.md §2, as a list of its roots with every vassal nested under its overlord.
 * The roots are the main cities plus any other territory with no parent, so every territory
 * appears exactly once. `paysRent` and `collectsRent` are what the rent cycle bills per period,
 * by the same rentOwed (before any rent discount event): an unowned vassal pays nobody, and rent
 * to an unowned lord goes to nobody (`paysNobody`).
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

  const seat = rows.find((row) => row.type === 'wanakt');
  const overlordOf = (row: TerritoryRow) => (row.parent_territory_id === null ? undefined : byId.get(row.parent_territory_id));
  // Whom a territory's rent goes to: the Wanakt for a main city, its lord's owner otherwise.
  const payeeOf = (row: TerritoryRow) =>
    rentRecipient(row.type) === 'wanakt'
      ? { id: WANAKT_USER_ID, name: seat?.owner_id === WANAKT_USER_ID ? seat.owner_name : null }
      : { id: overlordOf(row)?.owner_id ?? null, name: overlordOf(row)?.owner_name ?? null };
  const rentOf = (row: TerritoryRow) => rentOwed(rentTerms(row), payeeOf(row).id)?.amount ?? 0;

  const node = (row: TerritoryRow): HierarchyNode => {
    const vassals = ordered(children.get(row.id) ?? []);
    const overlord = overlordOf(row);
    const payee = payeeOf(row);
    const pays = rentOf(row);
    return {
      ...toDto(row),
      overlord: overlord ? { name: overlord.name } : null,
      vassals: vassals.map(node),
      collectsRent: vassals.reduce((sum, vassal) => sum + rentOf(vassal), 0),
      paysRent: pays,
      paysTo: pays > 0 ? payee.name : null,
      paysNobody: row.owner_id !== null && payee.id === null && rentDue(rentTerms(row)) !== null,
      rent_amount: nullableNumber(row.rent_amount),
    };
  };
  return ordered(rows.filter(isRoot)).map(node);
}
