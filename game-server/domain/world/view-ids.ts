import { MAX_VIEW_MARKERS } from '../../../schema/rules/viewport.ts';
import type { Queryable } from '../../infra/db/database.ts';

// What a live view holds beside its box (which the world index answers, world-index.ts): read by
// id only and never more than MAX_VIEW_MARKERS at a time, whatever the size of the world.

/** A player's own territories, which stay in its view wherever it looks (at most MAX_VIEW_MARKERS of them). */
export async function ownIds(q: Queryable, userId: string): Promise<number[]> {
  const rows = await q<{ id: number }[]>`select id from territories where owner_id = ${userId} order by id limit ${MAX_VIEW_MARKERS}`;
  return rows.map((row) => row.id);
}

/** The highest territory id: a territory above it that appears later is a new settlement. */
export async function newestTerritoryId(q: Queryable): Promise<number> {
  const [row] = await q<{ id: number | null }[]>`select max(id) as id from territories`;
  return row?.id ?? 0;
}
