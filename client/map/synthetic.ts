// A test-only way to load the map with many markers: `/?synthetic=10000` adds that many made-up
// markers beside the real world (bench/map.bench.ts measures frame times with it). They live only
// in the map, never in the world store, so the HUD and the server never see them.
import { MAP_COLOURS, MARKER_MAX_X, MARKER_MAX_Y, MARKER_MIN_X, MARKER_MIN_Y, TERRITORY_TIERS } from '../../schema/constants.ts';
import type { MarkerSpec } from './markerLayer.ts';

export const MAX_SYNTHETIC_MARKERS = 100_000;

export function syntheticCountOf(search: string): number {
  const value = Number(new URLSearchParams(search).get('synthetic'));
  return Number.isInteger(value) && value > 0 ? Math.min(value, MAX_SYNTHETIC_MARKERS) : 0;
}

/** Deterministic positions (a linear congruential generator), so every run draws the same map. */
export function syntheticMarkers(count: number): MarkerSpec[] {
  let state = 12345;
  const next = () => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    return state / 2_147_483_648;
  };
  return Array.from({ length: count }, (_, index) => ({
    // Negative ids can never collide with a database id.
    id: -(index + 1),
    x: MARKER_MIN_X + next() * (MARKER_MAX_X - MARKER_MIN_X),
    y: MARKER_MIN_Y + next() * (MARKER_MAX_Y - MARKER_MIN_Y),
    tint: MAP_COLOURS[TERRITORY_TIERS[index % TERRITORY_TIERS.length]],
    layer: 0,
    radius: 4,
  }));
}
