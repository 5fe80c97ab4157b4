import { describe, expect, it } from 'vitest';
import countries50m from 'world-atlas/countries-50m.json';
import { projectToMap } from '../../schema/rules/territory.ts';
import { geographyShapes, mapProjection, type Path, type WorldTopology } from './projection.ts';

const shapes = geographyShapes(countries50m as unknown as WorldTopology);

function distanceToSegment(px: number, py: number, ax: number, ay: number, bx: number, by: number): number {
  const dx = bx - ax;
  const dy = by - ay;
  const length = dx * dx + dy * dy;
  const t = length === 0 ? 0 : Math.max(0, Math.min(1, ((px - ax) * dx + (py - ay) * dy) / length));
  return Math.hypot(px - (ax + t * dx), py - (ay + t * dy));
}

function distanceToPaths(point: { x: number; y: number }, paths: readonly Path[]): number {
  let best = Infinity;
  for (const path of paths) {
    for (let i = 2; i < path.length; i += 2)
      best = Math.min(best, distanceToSegment(point.x, point.y, path[i - 2], path[i - 1], path[i], path[i + 1]));
  }
  return best;
}

// Even-odd ray casting over every land ring, so a lake inside land counts as water.
function onLand(point: { x: number; y: number }): boolean {
  let inside = false;
  for (const ring of shapes.land) {
    for (let i = 0, j = ring.length - 2; i < ring.length; j = i, i += 2) {
      const [xi, yi, xj, yj] = [ring[i], ring[i + 1], ring[j], ring[j + 1]];
      if (yi > point.y !== yj > point.y && point.x < ((xj - xi) * (point.y - yi)) / (yj - yi) + xi) inside = !inside;
    }
  }
  return inside;
}

describe('[geography] one projection for markers and geography', () => {
  it('when d3 projects a place, then it lands where the markers put it', () => {
    const projection = mapProjection();
    for (const [latitude, longitude] of [
      [0, 0],
      [51.5074, -0.1278],
      [-33.8688, 151.2093],
      [64.1466, -21.9426],
      [-54.8, -68.3],
    ]) {
      const [x, y] = projection([longitude, latitude])!;
      const expected = projectToMap(latitude, longitude);
      expect(x).toBeCloseTo(expected.x, 9);
      expect(y).toBeCloseTo(expected.y, 9);
    }
  });

  it('when a coastal city is projected, then it lies on its coastline (within 20 km)', () => {
    // Cape Town, Rio de Janeiro and Lisbon's waterfronts; half a map unit is about 20 km.
    for (const [latitude, longitude] of [
      [-33.9036, 18.4208],
      [-22.9068, -43.1729],
      [38.7077, -9.1365],
    ]) {
      expect(distanceToPaths(projectToMap(latitude, longitude), shapes.coasts)).toBeLessThan(0.5);
    }
  });

  it('when the land is filled, then the Sahara is land and the middle of the Atlantic is not', () => {
    expect(onLand(projectToMap(23, 10))).toBe(true);
    expect(onLand(projectToMap(30, -40))).toBe(false);
    expect(onLand(projectToMap(-10, 80))).toBe(false);
  });

  it('when countries meet, then their border lines are drawn apart from the coasts', () => {
    // The France–Spain border runs along the Pyrenees, near 42.7 N 0.5 E.
    expect(distanceToPaths(projectToMap(42.7, 0.5), shapes.borders)).toBeLessThan(0.5);
    expect(shapes.land.length).toBeGreaterThan(100);
  });
});
