import type { TerritoryDto } from '../../schema/api/territory.ts';
import { DEFAULT_MONTHLY_REVENUE, WANAKT_USER_ID, type TerritoryType } from '../../schema/constants.ts';
import { FEUDAL_SHARE } from '../../schema/rules/rent.ts';
import { inTransaction, type Tx } from '../db/database.ts';
import { badInput, conflict, forbidden, notFound } from '../errors.ts';
import type { ServiceDeps } from '../service-deps.ts';
import { isRealmTerritory, readTerritory, type Actor } from './territories.ts';

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
 * The Wanakt founds a settlement (SPEC §2 "Admin create city"). It starts unowned and for sale at
 * its base price, under its overlord: the one named, or else the nearest of the level above. A
 * new wonder is public like the seeded ones: the Wanakt holds it and it is not for sale.
 */
export async function createSettlement(deps: ServiceDeps, actor: Actor, settlement: NewSettlement): Promise<TerritoryDto> {
  if (!actor.is_wanakt) throw forbidden('Only the Wanakt can create settlements');
  const territory = await inTransaction(deps.sql, async (tx) => {
    const parentId = await overlordFor(tx, settlement);
    const realm = isRealmTerritory(settlement.type);
    const [row] = await tx<{ id: number }[]>`
      insert into territories (name, type, parent_territory_id, owner_id, latitude, longitude, monthly_revenue, price, sale_price)
      values (${settlement.name}, ${settlement.type}, ${parentId}, ${realm ? WANAKT_USER_ID : null}, ${settlement.latitude},
              ${settlement.longitude}, ${DEFAULT_MONTHLY_REVENUE}, ${settlement.basePrice}, ${realm ? null : settlement.basePrice})
      returning id`;
    return readTerritory(tx, row.id);
  });
  deps.events.publish({ type: 'territories.changed', territoryIds: [territory.id] });
  return territory;
}
