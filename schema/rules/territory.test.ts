import { describe, expect, it } from 'vitest';
import { coordinatesOf, markerPosition, tierOfType } from './territory.ts';

describe('[§5 map] marker positions', () => {
  it('projects the globe onto the 1000x600 map', () => {
    expect(markerPosition(0, 0)).toEqual({ x: 500, y: 300 });
    expect(markerPosition(45, -90)).toEqual({ x: 250, y: 150 });
  });

  it('clamps markers to 20–980 horizontally and 20–580 vertically', () => {
    expect(markerPosition(90, -180)).toEqual({ x: 20, y: 20 });
    expect(markerPosition(-90, 180)).toEqual({ x: 980, y: 580 });
  });

  it('turns a dropped pin back into coordinates', () => {
    const { latitude, longitude } = coordinatesOf(250, 150);
    expect(latitude).toBeCloseTo(45);
    expect(longitude).toBeCloseTo(-90);
    expect(markerPosition(...(Object.values(coordinatesOf(2000, -5)) as [number, number]))).toEqual({ x: 980, y: 20 });
  });

  it('labels cities, towns and villages with the sub tier', () => {
    expect(['city', 'town', 'village'].map((type) => tierOfType(type as 'city'))).toEqual(['sub', 'sub', 'sub']);
    expect(tierOfType('wonder')).toBe('wonder');
  });
});
