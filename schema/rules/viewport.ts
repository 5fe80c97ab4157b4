import type { TerritoryTier } from '../constants.ts';

// What a client is sent of a large world: only what its map looks at (docs/design.md "Live state").
// The same rule answers the room (which territories a client's view holds) and the REST call
// `GET /api/territories?bbox=…&zoom=…` (markers or clusters), so the two never disagree.

/**
 * A box holding at most this many territories is answered territory by territory; a fuller box is
 * answered with clusters, and only the always-shown territories in it come as markers.
 */
export const MAX_VIEW_MARKERS = 1500;

/** The seat, the main cities and the wonders are markers at every zoom. */
export const ALWAYS_SHOWN_TIERS: readonly TerritoryTier[] = ['wanakt', 'main', 'wonder'];

export function isAlwaysShown(tier: TerritoryTier): boolean {
  return ALWAYS_SHOWN_TIERS.includes(tier);
}

/** Whether a box holding `count` territories is answered with markers rather than clusters. */
export function showsMarkers(count: number): boolean {
  return count <= MAX_VIEW_MARKERS;
}

/** A part of the map in degrees: what `bbox` names in the API. */
export interface BoundingBox {
  minLongitude: number;
  minLatitude: number;
  maxLongitude: number;
  maxLatitude: number;
}

export function insideBox(latitude: number, longitude: number, box: BoundingBox): boolean {
  return latitude >= box.minLatitude && latitude <= box.maxLatitude && longitude >= box.minLongitude && longitude <= box.maxLongitude;
}

/** Territories counted together where the map is too far out to draw them one by one. */
export interface TerritoryCluster {
  latitude: number;
  longitude: number;
  count: number;
  /** How many of them are listed for sale. */
  forSale: number;
  /** How many of them have an owner. */
  owned: number;
}

/** At zoom 1, the whole world across the map, a cluster's cell is this many degrees wide and high. */
export const CLUSTER_CELL_DEGREES = 360 / 32;
/** However wide a box is for its zoom, it is cut into at most this many cells each way. */
export const MAX_CLUSTER_CELLS_ACROSS = 64;

/**
 * The side of the grid cell a box's clusters are counted in, in degrees. The grid is anchored at
 * (-180°, -90°), so a cluster stays put while the map pans; its cell halves each time the zoom
 * doubles, so a cluster keeps about the same size on screen; and a box wider than its zoom shows
 * gets coarser cells, so no answer holds more than MAX_CLUSTER_CELLS_ACROSS² clusters.
 */
export function clusterCellDegrees(zoom: number, box: BoundingBox): number {
  let cell = CLUSTER_CELL_DEGREES / 2 ** Math.floor(Math.log2(Math.max(1, zoom)));
  const span = Math.max(box.maxLongitude - box.minLongitude, box.maxLatitude - box.minLatitude);
  while (span / cell > MAX_CLUSTER_CELLS_ACROSS) cell *= 2;
  return cell;
}
