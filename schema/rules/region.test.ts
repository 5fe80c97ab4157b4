import { describe, expect, it } from 'vitest';
import { regionOf } from './region.ts';

describe('regions', () => {
  it.each([
    ['Paris', 48.85, 2.35, 'europe'],
    ['Seville', 37.39, -5.98, 'europe'],
    ['Reykjavik', 64.15, -21.94, 'europe'],
    ['Moscow', 55.75, 37.62, 'europe'],
    ['Algiers', 36.75, 3.06, 'africa'],
    ['Cairo', 30.04, 31.24, 'africa'],
    ['Nairobi', -1.29, 36.82, 'africa'],
    ['Cape Town', -33.92, 18.42, 'africa'],
    ['Jerusalem', 31.77, 35.21, 'asia'],
    ['Tokyo', 35.68, 139.69, 'asia'],
    ['Mumbai', 19.08, 72.88, 'asia'],
    ['Jakarta', -6.2, 106.85, 'asia'],
    ['Sydney', -33.87, 151.21, 'oceania'],
    ['Auckland', -36.85, 174.76, 'oceania'],
    ['Tahiti', -17.65, -149.43, 'oceania'],
    ['New York', 40.71, -74.01, 'north-america'],
    ['Honolulu', 21.31, -157.86, 'north-america'],
    ['Mexico City', 19.43, -99.13, 'north-america'],
    ['Nuuk', 64.18, -51.72, 'north-america'],
    ['Bogotá', 4.71, -74.07, 'south-america'],
    ['Buenos Aires', -34.6, -58.38, 'south-america'],
  ] as const)('when a territory lies in %s, then its region is %s', (_city, latitude, longitude, region) => {
    expect(regionOf(latitude, longitude)).toBe(region);
  });

  it('when a point lies out at sea or at the poles, then it has no region', () => {
    expect(regionOf(0, -30)).toBeNull();
    expect(regionOf(-80, 0)).toBeNull();
  });

  it('when a point sits on the map edge, then the edge still belongs to its region', () => {
    expect(regionOf(60, 180)).toBe('asia');
    expect(regionOf(-20, -180)).toBe('oceania');
  });
});
