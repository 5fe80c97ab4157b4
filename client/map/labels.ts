// Which territory names the map writes at a given zoom: the most important first, each only from
// the zoom at which its kind matters, and never one over another.
import type { TerritoryType } from '../../schema/constants.ts';

/** Screen pixels per world unit (1000x600 map) from which each kind of territory is named. */
export const LABEL_MIN_SCALE: Record<TerritoryType, number> = {
  wanakt: 0,
  main: 0,
  wonder: 0,
  city: 3,
  town: 6,
  sub: 12,
  common: 12,
  village: 12,
};

// Lower ranks win a contested spot.
const RANK: Record<TerritoryType, number> = { wanakt: 0, main: 1, wonder: 2, city: 3, town: 4, sub: 5, common: 6, village: 7 };

export const LABEL_FONT_SIZE: Record<TerritoryType, number> = {
  wanakt: 14,
  main: 13,
  wonder: 12,
  city: 12,
  town: 11,
  sub: 11,
  common: 10,
  village: 10,
};

export interface LabelCandidate {
  id: number;
  type: TerritoryType;
  /** A name sits above its marker; a price badge below it, at any zoom. */
  kind: 'name' | 'badge';
  /** Where the marker is on the screen. */
  x: number;
  y: number;
  width: number;
  height: number;
}

export interface Box {
  left: number;
  top: number;
  right: number;
  bottom: number;
}

/** The order in which labels claim space: by rank, then by id so the result never flickers. */
export function byImportance(a: { type: TerritoryType; id: number }, b: { type: TerritoryType; id: number }): number {
  return RANK[a.type] - RANK[b.type] || a.id - b.id;
}

export function isNamedAt(type: TerritoryType, scale: number): boolean {
  return scale >= LABEL_MIN_SCALE[type];
}

// Centred on its marker's column, clear of the dot: a name above, a badge below.
export function labelBox(candidate: LabelCandidate, gap: number): Box {
  const left = candidate.x - candidate.width / 2;
  const top = candidate.kind === 'name' ? candidate.y - gap - candidate.height : candidate.y + gap;
  return { left, top, right: left + candidate.width, bottom: top + candidate.height };
}

function overlaps(a: Box, b: Box): boolean {
  return a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;
}

const CELL_PX = 64;

/**
 * Greedy placement: `candidates` in importance order (see byImportance); each is placed unless its
 * box meets one placed before it or leaves the view. A grid of placed boxes keeps this near linear.
 */
export function placeLabels(
  candidates: readonly LabelCandidate[],
  view: { width: number; height: number },
  options: { scale: number; gap: number; max: number },
): Map<LabelCandidate, Box> {
  const placed = new Map<LabelCandidate, Box>();
  const cells = new Map<number, Box[]>();
  const cellsOf = (box: Box) => {
    const keys: number[] = [];
    for (let column = Math.floor(box.left / CELL_PX); column <= Math.floor(box.right / CELL_PX); column++) {
      for (let row = Math.floor(box.top / CELL_PX); row <= Math.floor(box.bottom / CELL_PX); row++) keys.push(row * 10_000 + column);
    }
    return keys;
  };
  for (const candidate of candidates) {
    if (placed.size >= options.max) break;
    if (candidate.kind === 'name' && !isNamedAt(candidate.type, options.scale)) continue;
    const box = labelBox(candidate, options.gap);
    if (box.right < 0 || box.left > view.width || box.bottom < 0 || box.top > view.height) continue;
    const keys = cellsOf(box);
    if (keys.some((key) => cells.get(key)?.some((other) => overlaps(box, other)))) continue;
    placed.set(candidate, box);
    for (const key of keys) {
      const members = cells.get(key);
      if (members) members.push(box);
      else cells.set(key, [box]);
    }
  }
  return placed;
}
