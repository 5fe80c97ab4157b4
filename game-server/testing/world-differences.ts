import type { Room } from '@colyseus/sdk';
import type { Database } from '../db/database.ts';

export interface TerritoryRow {
  id: number;
  owner_id: string | null;
  sale_price: number | null;
  visits: number;
}

/** The territories as the database holds them, by id, with the fields a world room shows. */
export async function databaseWorld(database: Pick<Database, 'sql'>): Promise<Map<string, TerritoryRow>> {
  const rows = await database.sql<TerritoryRow[]>`select id, owner_id, sale_price::int, visits::int from territories`;
  return new Map(rows.map((row) => [String(row.id), row]));
}

/** The territories of a room that differ from the database, as "id: field room≠database". */
export function differences(room: Room, world: Map<string, TerritoryRow>): string[] {
  const found: string[] = [];
  for (const [id, row] of world) {
    const live = room.state.territories?.get(id);
    if (!live) {
      found.push(`${id}: missing`);
      continue;
    }
    const pairs: [string, unknown, unknown][] = [
      ['owner', live.ownerId, row.owner_id ?? ''],
      ['forSale', live.forSale, row.sale_price !== null],
      ['price', live.price, row.sale_price ?? 0],
      ['visits', live.visits, row.visits],
    ];
    for (const [field, seen, stored] of pairs) if (seen !== stored) found.push(`${id}: ${field} ${String(seen)}≠${String(stored)}`);
  }
  return found;
}
