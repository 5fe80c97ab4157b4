import { describe, expect, it } from 'vitest';
import { HitGrid } from './hitGrid.ts';

describe('marker hit grid', () => {
  it('when the pointer is near several markers, then the nearest within reach is hit', () => {
    const grid = new HitGrid();
    grid.set(1, 100, 100);
    grid.set(2, 106, 100);
    grid.set(3, 300, 300);
    expect(grid.nearest({ x: 104, y: 100 }, 8)).toBe(2);
    expect(grid.nearest({ x: 101, y: 101 }, 8)).toBe(1);
    expect(grid.nearest({ x: 200, y: 200 }, 8)).toBeNull();
  });

  it('when a marker sits across a cell edge from the pointer, then it is still found', () => {
    const grid = new HitGrid();
    grid.set(7, 39.5, 40);
    expect(grid.nearest({ x: 41, y: 40 }, 8)).toBe(7);
  });

  it('when a marker moves or is removed, then it is hit only where it is now', () => {
    const grid = new HitGrid();
    grid.set(1, 100, 100);
    grid.set(1, 500, 400);
    expect(grid.nearest({ x: 100, y: 100 }, 8)).toBeNull();
    expect(grid.nearest({ x: 502, y: 401 }, 8)).toBe(1);
    grid.delete(1);
    expect(grid.nearest({ x: 502, y: 401 }, 8)).toBeNull();
    expect(grid.has(1)).toBe(false);
  });
});
