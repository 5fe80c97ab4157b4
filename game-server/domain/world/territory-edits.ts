import type { TerritoryDto } from '../../../schema/api/territory.ts';
import type { Tx } from '../../infra/db/database.ts';
import type { Work } from '../service-deps.ts';
import { readTerritory } from './territories.ts';
import { formatDrk } from '../../../schema/format.ts';

// What owners and the Wanakt change about a territory without moving DRK, inside the command's
// transaction (which has locked the row, checked who may, and tells the rooms). The text arrives already validated
// (trimmed, within its limits) from schema/api/territories.ts.

async function edit({ tx }: Work, territoryId: number, change: (tx: Tx) => Promise<unknown>): Promise<TerritoryDto> {
  await change(tx);
  return readTerritory(tx, territoryId);
}

export function describeTerritory(work: Work, territoryId: number, description: string): Promise<TerritoryDto> {
  return edit(work, territoryId, (tx) => tx`update territories set description = ${description} where id = ${territoryId}`);
}

export function renameTerritory(work: Work, territoryId: number, name: string): Promise<TerritoryDto> {
  return edit(work, territoryId, (tx) => tx`update territories set name = ${name} where id = ${territoryId}`);
}

/** Sets the rent a territory owes per period, or null to return it to the rule's default (docs/rules.md §9 "Rent"). */
export async function setTerritoryRent(work: Work, territoryId: number, rentAmount: number | null): Promise<{ message: string }> {
  const territory = await edit(work, territoryId, (tx) => tx`update territories set rent_amount = ${rentAmount} where id = ${territoryId}`);
  return {
    message:
      rentAmount === null
        ? `Rent for ${territory.name} is back to the standard rate`
        : `Rent for ${territory.name} set to ${formatDrk(rentAmount)}`,
  };
}
