import type { TerritoryDto } from '../../../schema/api/territory.ts';
import { DEFAULT_MONTHLY_REVENUE, WANAKT_USER_ID, type TerritoryType } from '../../../schema/constants.ts';
import { duplicateSettlementMessage, existingSettlement } from '../../../schema/rules/presets.ts';
import { FEUDAL_SHARE } from '../../../schema/rules/rent.ts';
import { isRealmTerritory } from '../../../schema/rules/market.ts';
import { waitForTurnsFreely, type Tx } from '../../infra/db/database.ts';
import { badInput, conflict, notFound } from '../../errors.ts';
import type { Work } from '../service-deps.ts';
import { readTerritory } from './territories.ts';

const SETTLEMENT_LOCK = 7_310_014;

export interface NewSettlement {
  name: string;
  latitude: number;
  longitude: number;
  type: Exclude<TerritoryType, 'wanakt'>;
  basePrice: number;
  parent_territory_id?: number | null;
}

/** The level above: the feudal chain for cities, towns and villages; districts and common areas belong to a main city. */
function overlordTypeOf(type: TerritoryType): TerritoryType | null {
  if (type === 'sub' || type === 'common') return 'main';
  return FEUDAL_SHARE[type]?.overlord ?? null;
}

async function nearestOfType(tx: Tx, type: TerritoryType, latitude: number, longitude: number): Promise<number | null> {
  // Great-circle distance (haversine), so "nearest" holds across the antimeridian and near the poles.
  const [row] = await tx<{ id: number }[]>`
    select id from territories where type = ${type}
     order by asin(sqrt(
                power(sin(radians(latitude::float8 - ${latitude}) / 2), 2)
                + cos(radians(${latitude}::float8)) * cos(radians(latitude::float8))
                  * power(sin(radians(longitude::float8 - ${longitude}) / 2), 2))), id
     limit 1`;
  return row?.id ?? null;
}

async function overlordFor(tx: Tx, settlement: NewSettlement): Promise<number | null> {
  const overlordType = overlordTypeOf(settlement.type);
  const named = settlement.parent_territory_id ?? null;
  if (overlordType === null) {
    if (named !== null) throw badInput(`A ${settlement.type} territory has no overlord`);
    return null;
  }
  if (named === null) {
    const nearest = await nearestOfType(tx, overlordType, settlement.latitude, settlement.longitude);
    if (nearest === null) throw conflict(`There is no ${overlordType} yet for a new ${settlement.type} to belong to`);
    return nearest;
  }
  const [parent] = await tx<{ type: TerritoryType }[]>`select type from territories where id = ${named}`;
  if (!parent) throw notFound('Overlord territory not found');
  if (parent.type !== overlordType) throw badInput(`The overlord of a ${settlement.type} must be a ${overlordType}`);
  return named;
}

/**
 * The Wanakt founds a settlement (docs/rules.md §4 "Settlement creation"). It starts unowned and for sale at
 * its base price, under its overlord: the one named, or else the nearest of the level above. A
 * new wonder is public like the seeded ones: the Wanakt holds it and it is not for sale.
 */
export async function createSettlement({ tx, now }: Work, settlement: NewSettlement): Promise<TerritoryDto> {
  // One founding at a time, so two tabs sending the same preset cannot both find the name free.
  await waitForTurnsFreely(tx);
  await tx`select pg_advisory_xact_lock(${SETTLEMENT_LOCK})`;
  const namesakes = await tx<{ name: string }[]>`select name from territories where lower(name) = lower(${settlement.name.trim()})`;
  const existing = existingSettlement(settlement.name, namesakes);
  if (existing) throw conflict(duplicateSettlementMessage(existing.name));
  const parentId = await overlordFor(tx, settlement);
  const realm = isRealmTerritory(settlement.type);
  const [row] = await tx<{ id: number }[]>`
    insert into territories (name, type, parent_territory_id, owner_id, latitude, longitude, monthly_revenue, price, sale_price, created_at)
    values (${settlement.name}, ${settlement.type}, ${parentId}, ${realm ? WANAKT_USER_ID : null}, ${settlement.latitude},
            ${settlement.longitude}, ${DEFAULT_MONTHLY_REVENUE}, ${settlement.basePrice}, ${realm ? null : settlement.basePrice}, ${now})
    returning id`;
  return readTerritory(tx, row.id);
}
