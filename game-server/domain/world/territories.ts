import {
  encodeMarketplaceCursor,
  type MarketplacePageDto,
  type MarketplaceSearch,
  type MarketplaceSort,
} from '../../../schema/api/marketplace.ts';
import { takePage, type KeyedPage, type PageRequest } from '../../../schema/api/pages.ts';
import type { VassalCursor } from '../../../schema/api/territories.ts';
import type { TerritoryDto } from '../../../schema/api/territory.ts';
import { VIEW_TERRITORY_FIELDS, type ViewTerritoryDto } from '../../../schema/api/world-view.ts';
import { TERRITORY_TYPES, type TerritoryTier, type TerritoryType, type UpgradeTier } from '../../../schema/constants.ts';
import { REGION_BOXES } from '../../../schema/rules/region.ts';
import { tierOfType } from '../../../schema/rules/territory.ts';
import type { Queryable, Tx } from '../../infra/db/database.ts';
import { notFound } from '../../errors.ts';

export interface TerritoryRow {
  id: number;
  name: string;
  type: TerritoryType;
  owner_id: string | null;
  owner_name: string | null;
  parent_territory_id: number | null;
  description: string;
  latitude: string;
  longitude: string;
  monthly_revenue: string;
  price: string;
  sale_price: string | null;
  purchase_price: string | null;
  population: string;
  upgrade_tier: UpgradeTier;
  rent_amount: string | null;
  visits: string;
}

export const nullableNumber = (value: string | null) => (value === null ? null : Number(value));

export function toDto(row: TerritoryRow): TerritoryDto {
  const tier: TerritoryTier = tierOfType(row.type);
  return {
    id: row.id,
    name: row.name,
    type: row.type,
    tier,
    owner_id: row.owner_id,
    owner_name: row.owner_name,
    parent_territory_id: row.parent_territory_id,
    description: row.description,
    latitude: row.latitude,
    longitude: row.longitude,
    monthly_revenue: row.monthly_revenue,
    price: Number(row.price),
    sale_price: nullableNumber(row.sale_price),
    purchase_price: nullableNumber(row.purchase_price),
    basePrice: Number(row.price),
    population: Number(row.population),
    upgrade_tier: row.upgrade_tier,
    visits: Number(row.visits),
  };
}

/**
 * A marketplace search reads one page past `after`, and one row more to tell whether a page follows;
 * so do the world's pages in id order (`page`) and the listings cheapest first (`forSale`).
 */
type Filter =
  | { all: true }
  | { id: number }
  | { ids: readonly number[] }
  | { ownerId: string }
  | { page: PageRequest<number> }
  | { forSale: PageRequest<ListingKey> }
  | { branch: { lord: number | null; page: PageRequest<VassalCursor> } }
  | { market: MarketplaceSearch };

// The order rows take under one overlord in the feudal tree: the feudal levels from the top, then the side branches.
const TREE_ORDER: TerritoryType[] = ['wanakt', 'main', 'wonder', 'city', 'town', 'village', 'sub', 'common'];

/** A type's place in the tree's order, as SQL's array_position counts it (from 1). */
export const rankInTree = (type: TerritoryType) => TREE_ORDER.indexOf(type) + 1;

/** Where a page of the listings, cheapest first, starts: the sale price and id of the last one seen. */
export type ListingKey = [salePrice: number, id: number];

/** Every territory read goes through this one query, so all of them answer the same fields. */
export async function territoryRows(q: Queryable, filter: Filter): Promise<TerritoryRow[]> {
  const where =
    'id' in filter
      ? q`where t.id = ${filter.id}`
      : 'ids' in filter
        ? q`where t.id in ${q(filter.ids)}`
        : 'ownerId' in filter
          ? q`where t.owner_id = ${filter.ownerId}`
          : 'page' in filter
            ? q`where t.id > ${filter.page.after ?? 0}`
            : 'forSale' in filter
              ? q`where t.sale_price is not null ${filter.forSale.after ? q`and (t.sale_price, t.id) > (${filter.forSale.after[0]}, ${filter.forSale.after[1]})` : q``}`
              : 'branch' in filter
                ? branchWhere(q, filter.branch.lord, filter.branch.page.after)
                : 'market' in filter
                  ? q`${marketWhere(q, filter.market)} ${afterCursor(q, filter.market)}`
                  : q``;
  const order =
    'forSale' in filter
      ? q`order by t.sale_price, t.id limit ${filter.forSale.limit + 1}`
      : 'page' in filter
        ? q`order by t.id limit ${filter.page.limit + 1}`
        : 'branch' in filter
          ? q`order by ${treeRank(q)}, t.name collate "C", t.id limit ${filter.branch.page.limit + 1}`
          : 'market' in filter
            ? q`${marketOrder(q, filter.market)} limit ${filter.market.limit + 1}`
            : q`order by t.id`;
  return q<TerritoryRow[]>`
    select t.id, t.name, t.type, t.owner_id, u.username as owner_name, t.parent_territory_id, t.description,
           t.latitude::text, t.longitude::text, t.monthly_revenue::text, t.price::text, t.sale_price::text,
           t.purchase_price::text, t.population::text, t.upgrade_tier, t.rent_amount::text, t.visits::text
      from territories t left join users u on u.id = t.owner_id
     ${where} ${order}`;
}

const treeRank = (q: Queryable) => q`array_position(${TREE_ORDER as string[]}::text[], t.type)`;

/** The tree's roots (the main cities and every territory without a parent), or one lord's vassals, past a cursor. */
function branchWhere(q: Queryable, lord: number | null, after: VassalCursor | null) {
  const rows =
    lord === null ? q`(t.type = 'main' or t.parent_territory_id is null)` : q`t.parent_territory_id = ${lord} and t.type <> 'main'`;
  const past = after ? q`and (${treeRank(q)}, t.name collate "C", t.id) > (${after[0]}, ${after[1]} collate "C", ${after[2]})` : q``;
  return q`where ${rows} ${past}`;
}

/** The listings a marketplace search matches, whatever page is read. */
function marketWhere(q: Queryable, search: MarketplaceSearch) {
  const types = search.tier ? TERRITORY_TYPES.filter((type) => tierOfType(type) === search.tier) : null;
  return q`where t.sale_price is not null
    ${search.q ? q`and t.name ilike ${`%${search.q.replace(/[\\%_]/g, (char) => `\\${char}`)}%`}` : q``}
    ${search.type ? q`and t.type = ${search.type}` : q``}
    ${types ? q`and t.type in ${q(types)}` : q``}
    ${search.min_price !== undefined ? q`and t.sale_price >= ${search.min_price}` : q``}
    ${search.max_price !== undefined ? q`and t.sale_price <= ${search.max_price}` : q``}
    ${search.region ? q`and ${regionCase(q)} = ${search.region}` : q``}`;
}

/** schema/rules/region.ts's regionOf in SQL, of the territory aliased `t`: the first box that holds it names its region. */
export function regionCase(q: Queryable) {
  const whens = REGION_BOXES.reduce(
    (sql, box) => q`${sql} when t.latitude >= ${box.minLatitude} and t.latitude < ${box.maxLatitude}
      and t.longitude >= ${box.minLongitude} and t.longitude < ${box.maxLongitude} then ${box.region}`,
    q``,
  );
  return q`(case ${whens} end)`;
}

// Names compare byte by byte (collate "C"), so both databases page them in the same order.
function marketOrder(q: Queryable, { sort }: MarketplaceSearch) {
  switch (sort) {
    case 'price_asc':
      return q`order by t.sale_price, t.id`;
    case 'price_desc':
      return q`order by t.sale_price desc, t.id desc`;
    case 'name':
      return q`order by t.name collate "C", t.id`;
    case 'revenue':
      return q`order by t.monthly_revenue desc, t.id desc`;
    case 'newest':
      return q`order by t.id desc`;
  }
}

function afterCursor(q: Queryable, { after }: MarketplaceSearch) {
  if (!after) return q``;
  switch (after.sort) {
    case 'price_asc':
      return q`and (t.sale_price, t.id) > (${after.key}, ${after.id})`;
    case 'price_desc':
      return q`and (t.sale_price, t.id) < (${after.key}, ${after.id})`;
    case 'name':
      return q`and (t.name collate "C", t.id) > (${after.key} collate "C", ${after.id})`;
    case 'revenue':
      return q`and (t.monthly_revenue, t.id) < (${after.key}, ${after.id})`;
    case 'newest':
      return q`and t.id < ${after.id}`;
  }
}

/** One page of a marketplace search, the cursor of the page after it, and how many listings match. */
export async function searchMarketplace(q: Queryable, search: MarketplaceSearch): Promise<MarketplacePageDto> {
  const [rows, [{ total }]] = await Promise.all([
    territoryRows(q, { market: search }),
    q<{ total: number }[]>`select count(*)::int as total from territories t ${marketWhere(q, search)}`,
  ]);
  const page = rows.slice(0, search.limit);
  const last = page.at(-1);
  const more = rows.length > search.limit && last !== undefined;
  return {
    listings: page.map(toDto),
    next_cursor: more ? encodeMarketplaceCursor({ sort: search.sort, key: sortKey(search.sort, last), id: last.id }) : null,
    total,
  };
}

function sortKey(sort: MarketplaceSort, row: TerritoryRow): number | string | null {
  switch (sort) {
    case 'price_asc':
    case 'price_desc':
      return Number(row.sale_price);
    case 'name':
      return row.name;
    case 'revenue':
      return Number(row.monthly_revenue);
    case 'newest':
      return null;
  }
}

export async function listTerritories(sql: Queryable): Promise<TerritoryDto[]> {
  return (await territoryRows(sql, { all: true })).map(toDto);
}

/** The territories of these ids that exist, in id order: what a live view re-reads after a change. */
export async function readTerritories(sql: Queryable, ids: readonly number[]): Promise<TerritoryDto[]> {
  if (ids.length === 0) return [];
  return (await territoryRows(sql, { ids })).map(toDto);
}

/** The territories of these ids as the map draws their markers, in id order. */
export async function readViewTerritories(sql: Queryable, ids: readonly number[]): Promise<ViewTerritoryDto[]> {
  const territories = await readTerritories(sql, ids);
  return territories.map(
    (territory) => Object.fromEntries(VIEW_TERRITORY_FIELDS.map((field) => [field, territory[field]])) as ViewTerritoryDto,
  );
}

export async function readTerritory(sql: Queryable, id: number): Promise<TerritoryDto> {
  const [row] = await territoryRows(sql, { id });
  if (!row) throw notFound('Territory not found');
  return toDto(row);
}

/** Territories in id order after `page.after`, a page of them, and where the next page starts. */
export async function pageTerritories(sql: Queryable, page: PageRequest<number>): Promise<KeyedPage<TerritoryDto, number>> {
  return takePage((await territoryRows(sql, { page })).map(toDto), page.limit, (territory) => territory.id);
}

/** Listed territories, cheapest first, a page at a time; every listing shows, the buyer's own included. */
export async function pageTerritoriesForSale(sql: Queryable, page: PageRequest<ListingKey>): Promise<KeyedPage<TerritoryDto, ListingKey>> {
  const rows = (await territoryRows(sql, { forSale: page })).map(toDto);
  return takePage(rows, page.limit, (territory): ListingKey => [territory.sale_price!, territory.id]);
}

export async function listTerritoriesOf(sql: Queryable, userId: string): Promise<TerritoryDto[]> {
  const [user] = await sql`select 1 from users where id = ${userId}`;
  if (!user) throw notFound('User not found');
  return (await territoryRows(sql, { ownerId: userId })).map(toDto);
}

export interface LockedTerritory {
  id: number;
  name: string;
  type: TerritoryType;
  owner_id: string | null;
  sale_price: number | null;
  upgrade_tier: UpgradeTier;
}

/** Locks one territory's row for the rest of the transaction, so writers to it queue. */
export async function lockTerritory(tx: Tx, id: number): Promise<LockedTerritory> {
  const [row] = await tx<(Omit<LockedTerritory, 'sale_price'> & { sale_price: string | null })[]>`
    select id, name, type, owner_id, sale_price::text, upgrade_tier from territories where id = ${id} for no key update`;
  if (!row) throw notFound('Territory not found');
  return { ...row, sale_price: nullableNumber(row.sale_price) };
}
