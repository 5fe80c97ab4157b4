import { describe, expect, it } from 'vitest';
import { MARKER_MAX_X, MARKER_MAX_Y, MARKER_MIN_X, MARKER_MIN_Y } from '../../schema/constants.ts';
import { MAX_SYNTHETIC_MARKERS, syntheticCountOf, syntheticMarkers } from './synthetic.ts';

describe('synthetic markers for the map benchmark', () => {
  it('when the flag is absent or not a positive whole number, then none are added', () => {
    expect(syntheticCountOf('')).toBe(0);
    expect(syntheticCountOf('?synthetic=abc')).toBe(0);
    expect(syntheticCountOf('?synthetic=-5')).toBe(0);
    expect(syntheticCountOf('?synthetic=2.5')).toBe(0);
    expect(syntheticCountOf('?synthetic=10000')).toBe(10_000);
    expect(syntheticCountOf('?synthetic=99999999')).toBe(MAX_SYNTHETIC_MARKERS);
  });

  it('when generated, then they are the same every time, inside the marker area, with ids no territory has', () => {
    const first = syntheticMarkers(500);
    expect(syntheticMarkers(500)).toEqual(first);
    for (const marker of first) {
      expect(marker.id).toBeLessThan(0);
      expect(marker.x).toBeGreaterThanOrEqual(MARKER_MIN_X);
      expect(marker.x).toBeLessThanOrEqual(MARKER_MAX_X);
      expect(marker.y).toBeGreaterThanOrEqual(MARKER_MIN_Y);
      expect(marker.y).toBeLessThanOrEqual(MARKER_MAX_Y);
    }
    expect(new Set(first.map((marker) => marker.id)).size).toBe(500);
  });
});
