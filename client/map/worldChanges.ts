// What changed between two versions of the world store, so the map can show it happening.
import type { TerritoryDto } from '../../schema/api/territory.ts';

export interface WorldChanges {
  /** Territories that changed hands. */
  newOwner: number[];
  /** Territories just put up for sale (or repriced). */
  listed: number[];
  /** Territories that were not there before (a new settlement). */
  appeared: number[];
}

type Compared = Pick<TerritoryDto, 'id' | 'owner_id' | 'sale_price'>;

export function worldChanges(before: readonly Compared[], after: readonly Compared[]): WorldChanges {
  const changes: WorldChanges = { newOwner: [], listed: [], appeared: [] };
  // The first load is the world arriving, not the world changing.
  if (before.length === 0) return changes;
  const previous = new Map(before.map((territory) => [territory.id, territory]));
  for (const territory of after) {
    const old = previous.get(territory.id);
    if (!old) changes.appeared.push(territory.id);
    else {
      if (old.owner_id !== territory.owner_id) changes.newOwner.push(territory.id);
      if (territory.sale_price !== null && old.sale_price !== territory.sale_price) changes.listed.push(territory.id);
    }
  }
  return changes;
}
