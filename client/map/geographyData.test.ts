import { describe, expect, it } from 'vitest';
import countries110m from 'world-atlas/countries-110m.json';
import { decodeGeography, encodeGeography, GEOGRAPHY_GRID } from './geographyData.ts';
import { geographyShapes, type WorldTopology } from './projection.ts';

const shapes = geographyShapes(countries110m as unknown as WorldTopology);
const decoded = decodeGeography(encodeGeography(shapes));

describe('[first screen] the geography packed at build time', () => {
  const near = (a: number, b: number) => Math.abs(a - b) <= 0.5 / GEOGRAPHY_GRID + 1e-6;

  it('when the shapes are packed and unpacked, then each path comes back in order, its points within half a grid step', () => {
    for (const kind of ['land', 'borders', 'coasts'] as const) {
      let source = 0;
      for (const run of decoded[kind]) {
        // Paths smaller than one grid step (the tiniest islets) are dropped, so skip to the next that starts here.
        while (!(near(run[0], shapes[kind][source][0]) && near(run[1], shapes[kind][source][1]))) source++;
        const path = shapes[kind][source++];
        expect(run.length).toBeLessThanOrEqual(path.length);
        expect(near(run[run.length - 2], path[path.length - 2]) && near(run[run.length - 1], path[path.length - 1])).toBe(true);
      }
      expect(decoded[kind].length).toBeGreaterThan(shapes[kind].length * 0.95);
    }
  });

  it('when a step does not fit 16 bits, then packing refuses it', () => {
    expect(() => encodeGeography({ land: [[0, 0, 2000, 0]], borders: [], coasts: [] })).toThrow('does not fit an Int16');
  });
});
