import type { TerritoryDto } from '../../schema/api/territory.ts';
import { inTransaction, type Tx } from '../db/database.ts';
import { forbidden } from '../errors.ts';
import type { ServiceDeps } from '../service-deps.ts';
import { lockTerritory, readTerritory, requireOwner, type Actor } from './territories.ts';

// What owners and the Wanakt change about a territory without moving DRK. The text arrives already
// validated (trimmed, within its limits) from schema/api/territories.ts.

async function edit(deps: ServiceDeps, territoryId: number, change: (tx: Tx) => Promise<void>): Promise<TerritoryDto> {
  const territory = await inTransaction(deps.sql, async (tx) => {
    await change(tx);
    return readTerritory(tx, territoryId);
  });
  deps.events.publish({ type: 'territories.changed', territoryIds: [territoryId] });
  return territory;
}

export function describeTerritory(deps: ServiceDeps, actor: Actor, territoryId: number, description: string): Promise<TerritoryDto> {
  return edit(deps, territoryId, async (tx) => {
    requireOwner(await lockTerritory(tx, territoryId), actor, 'describe it');
    await tx`update territories set description = ${description} where id = ${territoryId}`;
  });
}

/** The owner names its territory; the Wanakt may rename any, as it keeps the map tidy. */
export function renameTerritory(deps: ServiceDeps, actor: Actor, territoryId: number, name: string): Promise<TerritoryDto> {
  return edit(deps, territoryId, async (tx) => {
    const territory = await lockTerritory(tx, territoryId);
    if (!actor.is_wanakt) requireOwner(territory, actor, 'rename it');
    await tx`update territories set name = ${name} where id = ${territoryId}`;
  });
}

/** Sets the rent a territory owes per period, or null to return it to the rule's default (SPEC §9 "Rent"). */
export async function setTerritoryRent(deps: ServiceDeps, actor: Actor, territoryId: number, rentAmount: number | null): Promise<{ message: string }> {
  if (!actor.is_wanakt) throw forbidden('Only the Wanakt can set rents');
  const territory = await edit(deps, territoryId, async (tx) => {
    await lockTerritory(tx, territoryId);
    await tx`update territories set rent_amount = ${rentAmount} where id = ${territoryId}`;
  });
  return {
    message: rentAmount === null ? `Rent for ${territory.name} is back to the standard rate` : `Rent for ${territory.name} set to ${rentAmount} DRK`,
  };
}
