import { TERRITORY_TYPES } from '../../../schema/constants.ts';
import { tierOfType } from '../../../schema/rules/territory.ts';
import { isAlwaysShown, MAX_VIEW_MARKERS, showsMarkers, type BoundingBox } from '../../../schema/rules/viewport.ts';
import type { Queryable } from '../../infra/db/database.ts';

// Which territories a live view holds (schema/rules/viewport.ts), read by id only and never more
// than MAX_VIEW_MARKERS at a time, whatever the size of the world: the room reads the rows it
// does not hold yet by id afterwards.

const ALWAYS_SHOWN_TYPES = TERRITORY_TYPES.filter((type) => isAlwaysShown(tierOfType(type)));

/** What a box shows: every territory in it (markers), or only the always-shown ones when it holds more. */
export interface BoxContents {
  ids: number[];
  markers: boolean;
}

function inBox(q: Queryable, box: BoundingBox) {
  return q`latitude >= ${box.minLatitude} and latitude <= ${box.maxLatitude}
    and longitude >= ${box.minLongitude} and longitude <= ${box.maxLongitude}`;
}

export async function idsInBox(q: Queryable, box: BoundingBox): Promise<BoxContents> {
  // One row past the limit tells a full box from a busy one; no order, so the scan stops there.
  const some = await q<{ id: number }[]>`select id from territories where ${inBox(q, box)} limit ${MAX_VIEW_MARKERS + 1}`;
  if (showsMarkers(some.length)) return { ids: some.map((row) => row.id), markers: true };
  const shown = await q<{ id: number }[]>`
    select id from territories where ${inBox(q, box)} and type in ${q(ALWAYS_SHOWN_TYPES)} limit ${MAX_VIEW_MARKERS}`;
  return { ids: shown.map((row) => row.id), markers: false };
}

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
