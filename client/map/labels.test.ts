import { describe, expect, it } from 'vitest';
import { byImportance, isNamedAt, placeLabels, type LabelCandidate } from './labels.ts';

const view = { width: 800, height: 600 };
const options = { scale: 1, gap: 6, max: 100 };

function candidate(id: number, type: LabelCandidate['type'], x: number, y: number, kind: LabelCandidate['kind'] = 'name'): LabelCandidate {
  return { id, type, kind, x, y, width: 60, height: 14 };
}

function placedIds(placed: Map<LabelCandidate, unknown>): number[] {
  return [...placed.keys()].map((c) => c.id);
}

describe('[labels] level of detail', () => {
  it('when the map is far out, then the seat, main cities and wonders are named and smaller places are not', () => {
    expect(['wanakt', 'main', 'wonder'].every((type) => isNamedAt(type as LabelCandidate['type'], 1))).toBe(true);
    expect(['city', 'town', 'village', 'sub', 'common'].some((type) => isNamedAt(type as LabelCandidate['type'], 1))).toBe(false);
  });

  it('when zooming in, then cities are named before towns, and towns before villages and districts', () => {
    expect(isNamedAt('city', 3)).toBe(true);
    expect(isNamedAt('town', 3)).toBe(false);
    expect(isNamedAt('town', 6)).toBe(true);
    expect(isNamedAt('village', 6)).toBe(false);
    expect(isNamedAt('sub', 12) && isNamedAt('village', 12) && isNamedAt('common', 12)).toBe(true);
  });

  it('when a village is in view far out, then placement leaves it unnamed', () => {
    const placed = placeLabels([candidate(1, 'village', 400, 300)], view, options);
    expect(placed.size).toBe(0);
  });
});

describe('[labels] collision culling', () => {
  it('when two labels would overlap, then only the more important one is placed', () => {
    const list = [candidate(2, 'wonder', 410, 302), candidate(1, 'main', 400, 300)].sort(byImportance);
    const placed = placeLabels(list, view, options);
    expect(placedIds(placed)).toEqual([1]);
  });

  it('when labels are apart, then all are placed, and no two placed boxes overlap', () => {
    const list: LabelCandidate[] = [];
    for (let i = 0; i < 200; i++) list.push(candidate(i, 'main', (i * 37) % 800, (i * 53) % 600));
    const placed = [...placeLabels(list.sort(byImportance), view, { ...options, max: 1000 }).values()];
    expect(placed.length).toBeGreaterThan(20);
    for (const [index, a] of placed.entries()) {
      for (const b of placed.slice(index + 1)) {
        const overlap = a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;
        expect(overlap).toBe(false);
      }
    }
  });

  it('when a label lies outside the view, or the limit is reached, then it is skipped', () => {
    const list = [candidate(1, 'main', -200, 300), candidate(2, 'main', 100, 100), candidate(3, 'main', 500, 500)];
    expect(placedIds(placeLabels(list, view, { ...options, max: 1 }))).toEqual([2]);
  });

  it('when a village is for sale far out, then its price badge shows below it though its name does not', () => {
    const placed = placeLabels([candidate(1, 'village', 400, 300, 'name'), candidate(1, 'village', 400, 300, 'badge')], view, options);
    const [[badge, box]] = [...placed];
    expect(badge.kind).toBe('badge');
    expect(box.top).toBeGreaterThan(300);
  });

  it('when the same places are ranked twice, then the order is the same (labels never flicker)', () => {
    const list = [candidate(5, 'city', 0, 0), candidate(3, 'city', 0, 0), candidate(4, 'main', 0, 0)];
    expect([...list].sort(byImportance).map((c) => c.id)).toEqual([4, 3, 5]);
    expect(
      [...list]
        .reverse()
        .sort(byImportance)
        .map((c) => c.id),
    ).toEqual([4, 3, 5]);
  });
});
