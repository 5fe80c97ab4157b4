import { describe, expect, it } from 'vitest';
import { insideBox, isAlwaysShown, MAX_VIEW_MARKERS, showsMarkers } from './viewport.ts';

const europe = { minLongitude: -10, minLatitude: 35, maxLongitude: 30, maxLatitude: 60 };

describe('viewport rule', () => {
  it('answers markers up to MAX_VIEW_MARKERS territories in the box, clusters past it', () => {
    expect(showsMarkers(0)).toBe(true);
    expect(showsMarkers(MAX_VIEW_MARKERS)).toBe(true);
    expect(showsMarkers(MAX_VIEW_MARKERS + 1)).toBe(false);
  });

  it('always shows the seat, the main cities and the wonders, and no other tier', () => {
    expect(['wanakt', 'main', 'wonder'].every((tier) => isAlwaysShown(tier as never))).toBe(true);
    expect(isAlwaysShown('sub')).toBe(false);
    expect(isAlwaysShown('common')).toBe(false);
  });

  it('holds a point on its edges and refuses one just outside', () => {
    expect(insideBox(48.85, 2.35, europe)).toBe(true);
    expect(insideBox(35, -10, europe)).toBe(true);
    expect(insideBox(60, 30, europe)).toBe(true);
    expect(insideBox(34.99, 2, europe)).toBe(false);
    expect(insideBox(48, 30.01, europe)).toBe(false);
  });
});
