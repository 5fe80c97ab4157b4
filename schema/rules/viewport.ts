import type { TerritoryTier } from '../constants.ts';

// What a client is sent of a large world: only what its map looks at (docs/design.md "Live state").
// The same rule answers the room (which territories a client's view holds) and the REST call
// `GET /api/territories?bbox=…&zoom=…` (markers or clusters), so the two never disagree.

/** A part of the map in degrees, as `bbox` is written: minLongitude,minLatitude,maxLongitude,maxLatitude. */
export interface BoundingBox {
  minLongitude: number;
  minLatitude: number;
  maxLongitude: number;
  maxLatitude: number;
}

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
