import { describe, expect, it } from 'vitest';
import { convexHull, feudalLinks, realmOf, realmOutline, vassalsIndex, type PlacedTerritory } from './regions.ts';

const placed: PlacedTerritory[] = [
  { id: 1, parentId: null, x: 100, y: 100 },
  { id: 2, parentId: 1, x: 120, y: 110 },
  { id: 3, parentId: 2, x: 130, y: 140 },
  { id: 4, parentId: null, x: 500, y: 300 },
  { id: 5, parentId: 99, x: 10, y: 10 },
];

describe('feudal links', () => {
  it('when a vassal has an overlord on the map, then one line joins them; a missing overlord draws nothing', () => {
    const links = feudalLinks(placed);
    expect(links.map((link) => [link.childId, link.to])).toEqual([
      [2, placed[0]],
      [3, placed[1]],
    ]);
  });
});

describe('realms', () => {
  it('when walking down from a main city, then every level of vassals belongs to its realm', () => {
    const realm = realmOf(placed[0], vassalsIndex(placed));
    expect(realm.map((member) => member.id).sort()).toEqual([1, 2, 3]);
  });

  it('when bad data loops, then the walk still ends', () => {
    const loop: PlacedTerritory[] = [
      { id: 1, parentId: 2, x: 0, y: 0 },
      { id: 2, parentId: 1, x: 1, y: 1 },
    ];
    expect(realmOf(loop[0], vassalsIndex(loop)).map((member) => member.id)).toEqual([1, 2]);
  });

  it('when points lie inside, then the hull keeps only the corners', () => {
    const hull = convexHull([
      { x: 0, y: 0 },
      { x: 10, y: 0 },
      { x: 10, y: 10 },
      { x: 0, y: 10 },
      { x: 5, y: 5 },
      { x: 5, y: 0 },
    ]);
    expect(hull).toHaveLength(4);
    expect(hull).not.toContainEqual({ x: 5, y: 5 });
  });

  it('when a realm is a single territory, then its outline is a ring around it at the padding', () => {
    const outline = realmOutline([{ x: 50, y: 50 }], 8);
    expect(outline.length).toBeGreaterThanOrEqual(3);
    for (const point of outline) expect(Math.hypot(point.x - 50, point.y - 50)).toBeCloseTo(8, 6);
  });

  it('when a realm spans several territories, then no member lies closer to the outline than the padding', () => {
    const members = [placed[0], placed[1], placed[2]];
    const outline = realmOutline(members, 9);
    const xs = outline.map((point) => point.x);
    const ys = outline.map((point) => point.y);
    expect(Math.min(...xs)).toBeCloseTo(91, 6);
    expect(Math.max(...xs)).toBeCloseTo(139, 6);
    expect(Math.min(...ys)).toBeCloseTo(91, 6);
    expect(Math.max(...ys)).toBeCloseTo(149, 6);
  });
});
