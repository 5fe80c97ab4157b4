import type { TerritoryDto } from '../../schema/api/territory.ts';
import type { TerritoryTier, TerritoryType, UpgradeTier } from '../../schema/constants.ts';
import { tierOfType } from '../../schema/rules/territory.ts';
import type { Queryable } from '../db/database.ts';

interface TerritoryRow {
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
  visits: string;
}

const nullableNumber = (value: string | null) => (value === null ? null : Number(value));

function toDto(row: TerritoryRow): TerritoryDto {
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

export async function listTerritories(sql: Queryable): Promise<TerritoryDto[]> {
  const rows = await sql<TerritoryRow[]>`
    select t.id, t.name, t.type, t.owner_id, u.username as owner_name, t.parent_territory_id, t.description,
           t.latitude::text, t.longitude::text, t.monthly_revenue::text, t.price::text, t.sale_price::text,
           t.purchase_price::text, t.population::text, t.upgrade_tier, t.visits::text
      from territories t left join users u on u.id = t.owner_id
     order by t.id`;
  return rows.map(toDto);
}
