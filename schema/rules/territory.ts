import {
  MAP_HEIGHT,
  MAP_WIDTH,
  MARKER_MAX_X,
  MARKER_MAX_Y,
  MARKER_MIN_X,
  MARKER_MIN_Y,
  type TerritoryTier,
  type TerritoryType,
} from '../constants.ts';

// Cities, towns and villages sit inside a main city's realm, so they carry the sub tier's label and colour.
export function tierOfType(type: TerritoryType): TerritoryTier {
  switch (type) {
    case 'city':
    case 'town':
    case 'village':
      return 'sub';
    default:
      return type;
  }
}

function clamp(value: number, min: number, max: number): number {
  return Math.min(max, Math.max(min, value));
}

// The map's one projection, shared by markers and geography: the globe stretched onto the
// 1000x600 map (equirectangular, 360 degrees across and 180 down).
export function projectToMap(latitude: number, longitude: number): { x: number; y: number } {
  return { x: ((longitude + 180) / 360) * MAP_WIDTH, y: ((90 - latitude) / 180) * MAP_HEIGHT };
}

// Where a territory's marker sits: its projected place, clamped to the marker margins.
export function markerPosition(latitude: number, longitude: number): { x: number; y: number } {
  const { x, y } = projectToMap(latitude, longitude);
  return { x: clamp(x, MARKER_MIN_X, MARKER_MAX_X), y: clamp(y, MARKER_MIN_Y, MARKER_MAX_Y) };
}

// The inverse of markerPosition: where a pin dropped at (x, y) lies on the globe.
export function coordinatesOf(x: number, y: number): { latitude: number; longitude: number } {
  const cx = clamp(x, MARKER_MIN_X, MARKER_MAX_X);
  const cy = clamp(y, MARKER_MIN_Y, MARKER_MAX_Y);
  return { latitude: 90 - (cy / MAP_HEIGHT) * 180, longitude: (cx / MAP_WIDTH) * 360 - 180 };
}
