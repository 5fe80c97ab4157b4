import type { KeyedPage, PageRequest } from '../../../schema/api/pages.ts';
import type { HierarchyNode, VassalCursor } from '../../../schema/api/territories.ts';
import { WORLD_PAGE_SIZE } from '../../../schema/api/territory-list.ts';
import { WANAKT_USER_ID } from '../../../schema/constants.ts';
import { rentDue, rentOwed } from '../../../schema/rules/rent.ts';
import { rentRecipient } from '../../../schema/rules/feudal.ts';
import type { Queryable } from '../../infra/db/database.ts';
import { nullableNumber, rankInTree, territoryRows, toDto, type TerritoryRow } from './territories.ts';

const rentTerms = (row: Pick<TerritoryRow, 'type' | 'monthly_revenue' | 'rent_amount'>) => ({
  type: row.type,
  monthly_revenue: Number(row.monthly_revenue),
  rent_amount: nullableNumber(row.rent_amount),
});

interface Holder {
  name: string;
  owner_id: string | null;
  owner_name: string | null;
}

/** What a node says beside its territory's fields, from its lord, the seat and what its vassals owe it. */
function nodeOf(
  row: TerritoryRow,
  lord: Holder | undefined,
  seat: Holder | undefined,
  vassals: HierarchyNode[],
  vassalCount: number,
  collectsRent: number,
) {
  // Whom a territory's rent goes to: the Wanakt for a main city, its lord's owner otherwise.
  const payee =
    rentRecipient(row.type) === 'wanakt'
      ? { id: WANAKT_USER_ID, name: seat?.owner_id === WANAKT_USER_ID ? seat.owner_name : null }
      : { id: lord?.owner_id ?? null, name: lord?.owner_name ?? null };
  const pays = rentOwed({ ...rentTerms(row), owner_id: row.owner_id }, payee.id)?.amount ?? 0;
  return {
    ...toDto(row),
    overlord: lord ? { name: lord.name } : null,
    vassals,
    vassal_count: vassalCount,
    collectsRent,
    paysRent: pays,
    paysTo: pays > 0 ? payee.name : null,
    paysNobody: row.owner_id !== null && payee.id === null && rentDue(rentTerms(row)) !== null,
    rent_amount: nullableNumber(row.rent_amount),
  } satisfies HierarchyNode;
}

const isRoot = (row: TerritoryRow) => row.type === 'main' || row.parent_territory_id === null;
const treeOrder = (a: TerritoryRow, b: TerritoryRow) =>
  rankInTree(a.type) - rankInTree(b.type) || a.name.localeCompare(b.name) || a.id - b.id;

/**
 * The feudal tree of docs/rules.md §2, as a list of its roots with every vassal nested under its
 * overlord: the roots are the main cities plus any other territory with no parent, so every
 * territory appears exactly once. `paysRent` and `collectsRent` are what the rent cycle bills per
 * period, by the same rentOwed (before any rent discount event): an unowned vassal pays nobody, and
 * rent to an unowned lord goes to nobody (`paysNobody`). A world of more than WORLD_PAGE_SIZE
 * territories is answered by its first page of roots, unnested (rootsOrVassals).
 */
export async function territoryHierarchy(sql: Queryable): Promise<KeyedPage<HierarchyNode, VassalCursor>> {
  const [{ count }] = await sql<{ count: number }[]>`select count(*)::int as count from territories`;
  if (count > WORLD_PAGE_SIZE) return rootsOrVassals(sql, null, { after: null, limit: WORLD_PAGE_SIZE });
  const rows = await territoryRows(sql, { all: true });
  const byId = new Map(rows.map((row) => [row.id, row]));
  const children = new Map<number, TerritoryRow[]>();
  for (const row of rows) {
    if (isRoot(row)) continue;
    const siblings = children.get(row.parent_territory_id!) ?? [];
    siblings.push(row);
    children.set(row.parent_territory_id!, siblings);
  }
  const seat = rows.find((row) => row.type === 'wanakt');
  const lordOf = (row: TerritoryRow) => (row.parent_territory_id === null ? undefined : byId.get(row.parent_territory_id));
  const node = (row: TerritoryRow): HierarchyNode => {
    const vassals = [...(children.get(row.id) ?? [])].sort(treeOrder);
    const collects = vassals.reduce((sum, vassal) => sum + nodeOf(vassal, row, seat, [], 0, 0).paysRent, 0);
    return nodeOf(row, lordOf(row), seat, vassals.map(node), vassals.length, collects);
  };
  return { rows: rows.filter(isRoot).sort(treeOrder).map(node), next: null };
}

/**
 * A page of the tree's roots (lord null) or of one lord's vassals, in the tree's order, each with
 * its vassal_count and what it collects but no vassals nested: what a reader of a large world
 * expands one branch at a time. The sums are counted in the database, grouped by what decides
 * rentDue, so a lord of a hundred thousand villages costs a few rows.
 */
export async function rootsOrVassals(
  sql: Queryable,
  lord: number | null,
  page: PageRequest<VassalCursor>,
): Promise<KeyedPage<HierarchyNode, VassalCursor>> {
  const rows = await territoryRows(sql, { branch: { lord, page } });
  const shown = rows.slice(0, page.limit);
  if (shown.length === 0) return { rows: [], next: null };
  const lordIds = [...new Set(shown.flatMap((row) => (row.parent_territory_id === null ? [] : [row.parent_territory_id])))];
  const holders = sql<(Holder & { id: number; type: TerritoryRow['type'] })[]>`
    select t.id, t.name, t.type, t.owner_id, u.username as owner_name from territories t left join users u on u.id = t.owner_id
     where t.id in ${sql(lordIds.length > 0 ? lordIds : [0])} or t.id = (select id from territories where type = 'wanakt' order by id limit 1)`;
  const [found, owed] = await Promise.all([
    holders,
    sql<
      {
        lord_id: number;
        type: TerritoryRow['type'];
        monthly_revenue: string;
        rent_amount: string | null;
        vassals: number;
        paying: number;
      }[]
    >`
      select v.parent_territory_id as lord_id, v.type, v.monthly_revenue::text, v.rent_amount::text, count(*)::int as vassals,
             count(*) filter (where v.owner_id is not null and l.owner_id is not null and v.owner_id <> l.owner_id)::int as paying
        from territories v join territories l on l.id = v.parent_territory_id
       where v.parent_territory_id in ${sql(shown.map((row) => row.id))} and v.type <> 'main'
       group by v.parent_territory_id, v.type, v.monthly_revenue, v.rent_amount`,
  ]);
  const byId = new Map(found.map((holder) => [holder.id, holder]));
  const seat = found.find((holder) => holder.type === 'wanakt');
  const counts = new Map<number, { vassals: number; collects: number }>();
  for (const group of owed) {
    const sum = counts.get(group.lord_id) ?? { vassals: 0, collects: 0 };
    sum.vassals += group.vassals;
    sum.collects += group.paying * (rentDue(rentTerms(group))?.amount ?? 0);
    counts.set(group.lord_id, sum);
  }
  const nodes = shown.map((row) => {
    const sum = counts.get(row.id) ?? { vassals: 0, collects: 0 };
    const holder = row.parent_territory_id === null ? undefined : byId.get(row.parent_territory_id);
    return nodeOf(row, holder, seat, [], sum.vassals, sum.collects);
  });
  const last = shown.at(-1)!;
  return { rows: nodes, next: rows.length > page.limit ? [rankInTree(last.type), last.name, last.id] : null };
}
