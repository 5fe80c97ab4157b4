// A uniform grid over the world for finding the marker under the pointer without asking every
// marker: with thousands of markers, per-object pointer events would walk them all on every move.
import { MAP_HEIGHT, MAP_WIDTH } from '../../schema/constants.ts';
import type { Point } from './camera.ts';

const CELL = 20;
const COLUMNS = Math.ceil(MAP_WIDTH / CELL) + 1;
const ROWS = Math.ceil(MAP_HEIGHT / CELL) + 1;

function cellIndex(x: number, y: number): number {
  const column = Math.min(COLUMNS - 1, Math.max(0, Math.floor(x / CELL)));
  const row = Math.min(ROWS - 1, Math.max(0, Math.floor(y / CELL)));
  return row * COLUMNS + column;
}

export class HitGrid {
  private readonly cells = new Map<number, Set<number>>();
  private readonly positions = new Map<number, Point>();

  set(id: number, x: number, y: number): void {
    const old = this.positions.get(id);
    if (old) {
      const oldCell = cellIndex(old.x, old.y);
      if (oldCell === cellIndex(x, y)) {
        this.positions.set(id, { x, y });
        return;
      }
      this.cells.get(oldCell)?.delete(id);
    }
    this.positions.set(id, { x, y });
    const cell = cellIndex(x, y);
    const members = this.cells.get(cell);
    if (members) members.add(id);
    else this.cells.set(cell, new Set([id]));
  }

  has(id: number): boolean {
    return this.positions.has(id);
  }

  delete(id: number): void {
    const old = this.positions.get(id);
    if (!old) return;
    this.cells.get(cellIndex(old.x, old.y))?.delete(id);
    this.positions.delete(id);
  }

  /** The id of the marker nearest to `point` within `radius` world units, or null. */
  nearest(point: Point, radius: number): number | null {
    const reach = Math.ceil(radius / CELL);
    const column = Math.floor(point.x / CELL);
    const row = Math.floor(point.y / CELL);
    let best: number | null = null;
    let bestDistance = radius * radius;
    for (let r = row - reach; r <= row + reach; r++) {
      if (r < 0 || r >= ROWS) continue;
      for (let c = column - reach; c <= column + reach; c++) {
        if (c < 0 || c >= COLUMNS) continue;
        for (const id of this.cells.get(r * COLUMNS + c) ?? []) {
          const position = this.positions.get(id)!;
          const distance = (position.x - point.x) ** 2 + (position.y - point.y) ** 2;
          if (distance <= bestDistance) {
            best = id;
            bestDistance = distance;
          }
        }
      }
    }
    return best;
  }
}
