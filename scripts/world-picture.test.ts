import { describe, expect, it } from 'vitest';
import countries110m from 'world-atlas/countries-110m.json';
import { geographyShapes, type WorldTopology } from '../client/map/projection.ts';
import { worldPictureSvg } from './world-picture.ts';

const shapes = geographyShapes(countries110m as unknown as WorldTopology);
const svg = worldPictureSvg(shapes);

/** The absolute points of each subpath of a `d` written as `M x y l dx dy ...`, in map units. */
function subpaths(data: string, grid: number): number[][] {
  return data
    .split('M')
    .filter(Boolean)
    .map((run) => {
      const [start, steps = ''] = run.replace(/z$/, '').split('l');
      const [x0, y0] = start.trim().split(' ').map(Number);
      const numbers = steps.match(/-?\d+/g)?.map(Number) ?? [];
      const points = [x0, y0];
      for (let i = 0; i < numbers.length; i += 2)
        points.push(points[points.length - 2] + numbers[i], points[points.length - 1] + numbers[i + 1]);
      return points.map((value) => value / grid);
    });
}

describe('[first screen] the world picture made at build time', () => {
  const paths = [...svg.matchAll(/ d="([^"]*)"/g)].map((match) => match[1]);
  const grid = Number(/viewBox="0 0 (\d+) /.exec(svg)![1]) / 1000;

  it('when the picture is drawn, then it holds the ocean, the land filled even-odd with its coasts stroked, and the borders, in one small file', () => {
    expect(svg.startsWith('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ')).toBe(true);
    expect(svg).toMatch(/<path fill="#[0-9a-f]{6}" fill-rule="evenodd" stroke="#[0-9a-f]{6}"/);
    expect(paths).toHaveLength(2);
    // The first screen waits for it: it stays a fraction of the scripts' size.
    expect(svg.length).toBeLessThan(40_000);
  });

  it('when the land is read back, then every ring starts where the projected shape starts, within the rounding, and closes', () => {
    const rings = subpaths(paths[0], grid);
    expect(
      paths[0]
        .split('M')
        .filter(Boolean)
        .every((run) => run.endsWith('z')),
    ).toBe(true);
    let source = 0;
    for (const ring of rings) {
      // Rings that round to a single point (the tiniest islets) are left out.
      while (Math.abs(shapes.land[source][0] - ring[0]) > 0.5 / grid || Math.abs(shapes.land[source][1] - ring[1]) > 0.5 / grid) source++;
      const shape = shapes.land[source++];
      expect(Math.abs(shape[shape.length - 2] - ring[ring.length - 2])).toBeLessThanOrEqual(0.5 / grid + 1e-9);
      expect(Math.abs(shape[shape.length - 1] - ring[ring.length - 1])).toBeLessThanOrEqual(0.5 / grid + 1e-9);
    }
    expect(rings.length).toBeGreaterThan(shapes.land.length * 0.9);
  });
});
