import type { Sql } from '../infra/db/database.ts';
import { MAX_VIEW_MARKERS, type BoundingBox } from '../../schema/rules/viewport.ts';

/** The territories of a box, by id. */
export async function idsInBox(sql: Sql, box: BoundingBox): Promise<number[]> {
  const rows = await sql<{ id: number }[]>`
    select id from territories
     where latitude between ${box.minLatitude} and ${box.maxLatitude} and longitude between ${box.minLongitude} and ${box.maxLongitude}
     order by id`;
  return rows.map((row) => row.id);
}

/**
 * The largest box around a place, twice as wide as high, that still shows every marker in it (at
 * most MAX_VIEW_MARKERS territories): the busiest view a map can ask for. Answers it with its ids.
 */
export async function busyBox(sql: Sql, latitude: number, longitude: number): Promise<{ box: BoundingBox; ids: number[] }> {
  const boxOf = (half: number): BoundingBox => ({
    minLongitude: Math.max(-180, longitude - half * 2),
    minLatitude: Math.max(-90, latitude - half),
    maxLongitude: Math.min(180, longitude + half * 2),
    maxLatitude: Math.min(90, latitude + half),
  });
  const count = async (box: BoundingBox) =>
    (
      await sql<{ n: number }[]>`
        select count(*)::int as n from territories
         where latitude between ${box.minLatitude} and ${box.maxLatitude} and longitude between ${box.minLongitude} and ${box.maxLongitude}`
    )[0].n;
  let [low, high] = [0.001, 90];
  for (let step = 0; step < 24; step++) {
    const middle = (low + high) / 2;
    if ((await count(boxOf(middle))) <= MAX_VIEW_MARKERS) low = middle;
    else high = middle;
  }
  return { box: boxOf(low), ids: await idsInBox(sql, boxOf(low)) };
}
