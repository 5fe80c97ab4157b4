import type { TerritoryDto } from '../../schema/api/territory.ts';
import type { TerritoryTier, TerritoryType, UpgradeTier } from '../../schema/constants.ts';
import { tierOfType } from '../../schema/rules/territory.ts';
import type { Queryable, Tx } from '../db/database.ts';
import { notFound } from '../errors.ts';

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

type Filter = { all: true } | { id: number } | { ids: readonly number[] } | { ownerId: string } | { forSale: true };

/** Every territory read goes through this one query, so all of them answer the same fields. */
export async function territoryRows(q: Queryable, filter: Filter): Promise<TerritoryRow[]> {
  const where =
    'id' in filter ? q`where t.id = ${filter.id}`
    : 'ids' in filter ? q`where t.id in ${q(filter.ids)}`
    : 'ownerId' in filter ? q`where t.owner_id = ${filter.ownerId}`
    : 'forSale' in filter ? q`where t.sale_price is not null`
    : q``;
  const order = 'forSale' in filter ? q`order by t.sale_price, t.id` : q`order by t.id`;
  return q<TerritoryRow[]>`
    select t.id, t.name, t.type, t.owner_id, u.username as owner_name, t.parent_territory_id, t.description,
           t.latitude::text, t.longitude::text, t.monthly_revenue::text, t.price::text, t.sale_price::text,
           t.purchase_price::text, t.population::text, t.upgrade_tier, t.rent_amount::text, t.visits::text
      from territories t left join users u on u.id = t.owner_id
     ${where} ${order}`;
}

export async function listTerritories(sql: Queryable): Promise<TerritoryDto[]> {
  return (await territoryRows(sql, { all: true })).map(toDto);
}

/** The territories of these ids that exist, in id order: what a live view re-reads after a change. */
export async function readTerritories(sql: Queryable, ids: readonly number[]): Promise<TerritoryDto[]> {
  if (ids.length === 0) return [];
  return (await territoryRows(sql, { ids })).map(toDto);
}

export async function readTerritory(sql: Queryable, id: number): Promise<TerritoryDto> {
  const [row] = await territoryRows(sql, { id });
  if (!row) throw notFound('Territory not found');
  return toDto(row);
}

/** Listed territories, cheapest first; every listing shows, the buyer's own included. */
export async function listTerritoriesForSale(sql: Queryable): Promise<TerritoryDto[]> {
  return (await territoryRows(sql, { forSale: true })).map(toDto);
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
    select id, name, type, owner_id, sale_price::text, upgrade_tier from territories where id = ${id} for update`;
  if (!row) throw notFound('Territory not found');
  return { ...row, sale_price: nullableNumber(row.sale_price) };
}
