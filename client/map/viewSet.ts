// What the map draws of a world too large to hold: the territories of the box it looks at (or that
// box's clusters and its always-shown territories), as the server's view rule answers them
// (schema/rules/viewport.ts), kept current by the live room. Nothing here grows with the world.
import type { TerritoryDto } from '../../schema/api/territory.ts';
import type { ViewTerritoryDto, WorldViewDto } from '../../schema/api/world-view.ts';
import { MAP_HEIGHT, MAP_WIDTH, MARKER_MAX_X, MARKER_MAX_Y, MARKER_MIN_X, MARKER_MIN_Y, MAX_ZOOM } from '../../schema/constants.ts';
import { insideBox, type TerritoryCluster, type BoundingBox } from '../../schema/rules/viewport.ts';
import type { LiveTerritoryDto } from '../../schema/state/territory-fields.ts';
import type { WorldRect } from './markerLayer.ts';

/** A territory as the map knows it: what a marker needs, and its realm where the world list told it. */
export type MapTerritory = ViewTerritoryDto & Pick<TerritoryDto, 'parent_territory_id'>;

/** GET /api/territories?bbox=…&zoom=…, and the box it answers. */
export interface ViewAnswer extends WorldViewDto {
  box: BoundingBox;
}

// Boxes are rounded outward to this many degrees, so a small pan asks the same (cached) question.
const BOX_STEP = 0.01;

/**
 * The box in degrees that a part of the map shows. Markers are held inside the map's margins, so a
 * part that reaches a margin reaches the pole or the date line beyond it.
 */
export function boxOfRect(rect: WorldRect): BoundingBox {
  const longitude = (x: number) => (x / MAP_WIDTH) * 360 - 180;
  const latitude = (y: number) => 90 - (y / MAP_HEIGHT) * 180;
  const down = (value: number, limit: number) => Math.max(-limit, Math.floor(value / BOX_STEP) * BOX_STEP);
  const up = (value: number, limit: number) => Math.min(limit, Math.ceil(value / BOX_STEP) * BOX_STEP);
  const round = (value: number) => Math.round(value * 100) / 100;
  return {
    minLongitude: rect.minX <= MARKER_MIN_X ? -180 : round(down(longitude(rect.minX), 180)),
    minLatitude: rect.maxY >= MARKER_MAX_Y ? -90 : round(down(latitude(rect.maxY), 90)),
    maxLongitude: rect.maxX >= MARKER_MAX_X ? 180 : round(up(longitude(rect.maxX), 180)),
    maxLatitude: rect.minY <= MARKER_MIN_Y ? 90 : round(up(latitude(rect.minY), 90)),
  };
}

/** The camera's zoom as the view rule takes it: 1 (the world) to MAX_ZOOM, to two decimals. */
export function viewZoom(zoom: number): number {
  return Math.round(Math.min(MAX_ZOOM, Math.max(1, zoom)) * 100) / 100;
}

export function sameBox(a: BoundingBox | null, b: BoundingBox | null): boolean {
  return (
    a !== null &&
    b !== null &&
    a.minLongitude === b.minLongitude &&
    a.minLatitude === b.minLatitude &&
    a.maxLongitude === b.maxLongitude &&
    a.maxLatitude === b.maxLatitude
  );
}

/**
 * The territories the map draws as markers. Before the first answer, the world list as read; after
 * it, the answer's territories with the latest the list and the room know of each, and what the room
 * shows beside them: a territory that appeared in a box drawn marker by marker, and the player's own.
 */
export function territoriesInView(
  answer: ViewAnswer | null,
  list: readonly TerritoryDto[],
  live: ReadonlyMap<number, LiveTerritoryDto>,
  me: string | null,
): MapTerritory[] {
  if (!answer) return [...list];
  const listed = new Map<number, TerritoryDto>(list.map((territory) => [territory.id, territory]));
  const known = (id: number): Pick<MapTerritory, 'parent_territory_id' | 'monthly_revenue'> =>
    listed.get(id) ?? { parent_territory_id: null, monthly_revenue: '0' };
  const drawn = new Map<number, MapTerritory>();
  for (const territory of answer.territories) drawn.set(territory.id, { ...known(territory.id), ...territory, ...live.get(territory.id) });
  const markers = answer.clusters.length === 0;
  for (const fields of live.values()) {
    if (drawn.has(fields.id)) continue;
    const mine = me !== null && fields.owner_id === me;
    if (mine || (markers && insideBox(Number(fields.latitude), Number(fields.longitude), answer.box)))
      drawn.set(fields.id, { ...known(fields.id), ...fields });
  }
  return [...drawn.values()];
}

// A cluster's disc grows with the log of its count, between these radii (screen pixels).
const CLUSTER_MIN_RADIUS = 9;
const CLUSTER_MAX_RADIUS = 26;

export function clusterRadius(count: number): number {
  return Math.min(CLUSTER_MAX_RADIUS, CLUSTER_MIN_RADIUS + 4 * Math.log10(Math.max(1, count)));
}

/** Whether most of a cluster's land is for sale, owned, or neither (the ownership mode's colours). */
export function clusterOwnership(cluster: TerritoryCluster): 'forSale' | 'others' | 'unowned' {
  if (cluster.forSale * 2 >= cluster.count) return 'forSale';
  return cluster.owned * 2 >= cluster.count ? 'others' : 'unowned';
}

/** A cluster's count as written on it: 950, 1.2k, 48k, 1.1M. */
export function countLabel(count: number): string {
  if (count < 1000) return String(count);
  if (count < 1_000_000) return count < 10_000 ? `${(count / 1000).toFixed(1).replace(/\.0$/, '')}k` : `${Math.round(count / 1000)}k`;
  return `${(count / 1_000_000).toFixed(1).replace(/\.0$/, '')}M`;
}
