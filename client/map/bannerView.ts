import { coordinatesOf } from '../../schema/rules/territory.ts';
import type { Camera } from './camera.ts';

// docs/rules.md §9 "Advertising": a banner aimed at a territory shows where the map looks at its
// region. The map looks at a place once zoomed to at least twice its home view; at the whole world
// it looks nowhere in particular.
const LOOKING_ZOOM = 2;

/** The map's centre on the globe (to a tenth of a degree, so small pans send nothing), or null at the whole world. */
export function viewCentre(camera: Camera, homeZoom: number): { latitude: number; longitude: number } | null {
  if (camera.zoom < LOOKING_ZOOM * homeZoom) return null;
  const { latitude, longitude } = coordinatesOf(camera.centerX, camera.centerY);
  return { latitude: Math.round(latitude * 10) / 10, longitude: Math.round(longitude * 10) / 10 };
}
