// The map's geography in a compact form, made at build time (vite-geography.ts): the Natural Earth
// shapes already projected onto the 1000x600 map, so the browser runs neither d3-geo nor
// topojson. Each level is one Int16Array, shipped as base64: a header of three path counts (land,
// borders, coasts), then for each path its point count, its first point and the steps from each
// point to the next, all in 1/32 map units (about 1.25 km, finer than the 50m data's own detail).
// Points that fall onto their predecessor at that grid are dropped.
import type { GeographyShapes } from './projection.ts';

/** Steps per map unit: 1000 × 32 still fits an Int16. */
export const GEOGRAPHY_GRID = 32;
const KINDS = ['land', 'borders', 'coasts'] as const satisfies readonly (keyof GeographyShapes)[];

export type DecodedGeography = Record<(typeof KINDS)[number], Float32Array[]>;

/** The shapes as 1/32-unit Int16s, base64-encoded; runs at build time. */
export function encodeGeography(shapes: GeographyShapes): string {
  const values: number[] = KINDS.map(() => 0);
  KINDS.forEach((kind, index) => {
    for (const path of shapes[kind]) {
      const points: number[] = [];
      for (let i = 0; i < path.length; i += 2) {
        const x = Math.round(path[i] * GEOGRAPHY_GRID);
        const y = Math.round(path[i + 1] * GEOGRAPHY_GRID);
        if (points.length > 0 && x === points[points.length - 2] && y === points[points.length - 1]) continue;
        points.push(x, y);
      }
      // A run of fewer than two points draws nothing.
      if (points.length < 4) continue;
      values[index]++;
      values.push(points.length / 2, points[0], points[1]);
      for (let i = 2; i < points.length; i++) values.push(points[i] - points[i - 2]);
    }
  });
  const outOfRange = values.find((value) => value < -32768 || value > 32767);
  if (outOfRange !== undefined) throw new Error(`Geography value ${outOfRange} does not fit an Int16`);
  const bytes = new Uint8Array(Int16Array.from(values).buffer);
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary);
}

/** Back to map coordinates; Float32 runs are what a canvas path is drawn from. */
export function decodeGeography(base64: string): DecodedGeography {
  const bytes = Uint8Array.from(atob(base64), (char) => char.charCodeAt(0));
  const values = new Int16Array(bytes.buffer);
  let at = KINDS.length;
  const read = (count: number): Float32Array[] => {
    const paths: Float32Array[] = [];
    for (let p = 0; p < count; p++) {
      const points = values[at++];
      const path = new Float32Array(points * 2);
      let x = values[at++];
      let y = values[at++];
      path[0] = x / GEOGRAPHY_GRID;
      path[1] = y / GEOGRAPHY_GRID;
      for (let i = 2; i < path.length; i += 2) {
        x += values[at++];
        y += values[at++];
        path[i] = x / GEOGRAPHY_GRID;
        path[i + 1] = y / GEOGRAPHY_GRID;
      }
      paths.push(path);
    }
    return paths;
  };
  const [land, borders, coasts] = [values[0], values[1], values[2]].map(read);
  return { land, borders, coasts };
}
