import { describe, expect, it } from 'vitest';
import { fanDirections } from './fanOut.ts';

describe('[shared spots] districts fan out around their city', () => {
  const london = { id: 1, x: 499.6, y: 128.2, layer: 4 };
  const westminster = { id: 2, x: 499.6, y: 128.3, layer: 1 };
  const camden = { id: 3, x: 499.6, y: 128.2, layer: 1 };
  const paris = { id: 4, x: 506.5, y: 137.1, layer: 4 };

  it("when districts share their city's spot, then the city stays and each district gets its own direction", () => {
    const directions = fanDirections([westminster, camden, london, paris], 1);
    expect(directions.has(london.id)).toBe(false);
    expect(directions.has(paris.id)).toBe(false);
    const a = directions.get(westminster.id)!;
    const b = directions.get(camden.id)!;
    expect(Math.hypot(a.dx, a.dy)).toBeCloseTo(1, 9);
    expect(Math.hypot(a.dx - b.dx, a.dy - b.dy)).toBeGreaterThan(1);
  });

  it('when a marker has its spot to itself, then it does not move', () => {
    expect(fanDirections([london, paris], 1).size).toBe(0);
  });
});
