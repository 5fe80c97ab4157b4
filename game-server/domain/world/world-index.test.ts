import { describe, expect, it } from 'vitest';
import { MAX_VIEW_MARKERS } from '../../../schema/rules/viewport.ts';
import { WorldIndex } from './world-index.ts';

const WORLD = { minLongitude: -180, minLatitude: -90, maxLongitude: 180, maxLatitude: 90 };

/** A grid of villages around (0, 0), every third listed and every fifth owned, and a main city among them. */
function crowd(count: number): WorldIndex {
  const index = new WorldIndex();
  for (let id = 1; id <= count; id++) {
    index.put({
      id,
      latitude: (id % 50) * 0.1,
      longitude: Math.floor(id / 50) * 0.1,
      type: 'village',
      listed: id % 3 === 0,
      owned: id % 5 === 0,
    });
  }
  index.put({ id: count + 1, latitude: 1, longitude: 1, type: 'main', listed: false, owned: false });
  return index;
}

describe('[world view] the spatial index answers the view rule', () => {
  it('when a box holds at most MAX_VIEW_MARKERS territories, then their ids in id order and no clusters', () => {
    const cut = crowd(100).view(WORLD, 1);
    expect(cut.clusters).toEqual([]);
    expect(cut.ids).toEqual(Array.from({ length: 101 }, (_, at) => at + 1));
  });

  it('when it holds more, then clusters that add up to it, with the listed and owned, and the always-shown tiers as ids', () => {
    const index = crowd(MAX_VIEW_MARKERS * 2);
    const cut = index.view(WORLD, 1);
    const total = (field: 'count' | 'forSale' | 'owned') => cut.clusters.reduce((sum, cluster) => sum + cluster[field], 0);
    expect(total('count')).toBe(MAX_VIEW_MARKERS * 2 + 1);
    expect(total('forSale')).toBe(MAX_VIEW_MARKERS * (2 / 3));
    expect(total('owned')).toBe((MAX_VIEW_MARKERS * 2) / 5);
    expect(cut.ids).toEqual([MAX_VIEW_MARKERS * 2 + 1]);
    // Closer in, the same territories fall into smaller cells: more clusters, the same total.
    const closer = index.view({ minLongitude: -1, minLatitude: -1, maxLongitude: 10, maxLatitude: 10 }, 40);
    expect(closer.clusters.length).toBeGreaterThan(cut.clusters.length);
    expect(closer.clusters.reduce((sum, cluster) => sum + cluster.count, 0)).toBe(MAX_VIEW_MARKERS * 2 + 1);
  });

  it('when a box is a small part of a large world, then the tree finds it and the clusters still add up to it exactly', () => {
    const index = crowd(MAX_VIEW_MARKERS * 20);
    const box = { minLongitude: 0, minLatitude: -1, maxLongitude: 5.05, maxLatitude: 10 };
    const inside =
      Array.from({ length: MAX_VIEW_MARKERS * 20 }, (_, at) => at + 1).filter((id) => Math.floor(id / 50) * 0.1 <= 5.05).length + 1;
    expect(inside).toBeGreaterThan(MAX_VIEW_MARKERS);
    const cut = index.view(box, 16);
    expect(cut.clusters.reduce((sum, cluster) => sum + cluster.count, 0)).toBe(inside);
    expect(cut.ids).toEqual([MAX_VIEW_MARKERS * 20 + 1]);
  });

  it('when a territory is listed, bought, moved or added out of order, then the next view shows it', () => {
    const index = crowd(10);
    index.put({ id: 3, latitude: 50, longitude: 50, type: 'village', listed: false, owned: true });
    index.put({ id: 0, latitude: -40, longitude: -40, type: 'town', listed: true, owned: false });
    expect(index.count).toBe(12);
    expect(index.view({ minLongitude: 49, minLatitude: 49, maxLongitude: 51, maxLatitude: 51 }, 8).ids).toEqual([3]);
    expect(index.view({ minLongitude: -41, minLatitude: -41, maxLongitude: -39, maxLatitude: -39 }, 8).ids).toEqual([0]);
    expect(index.view(WORLD, 1).ids).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11]);
  });

  it('when a box is read a page at a time, then the ids after the cursor in id order, one past the page', () => {
    const index = crowd(200);
    const box = { minLongitude: 0, minLatitude: 0, maxLongitude: 1, maxLatitude: 2 };
    const first = index.idsInBox(box, 0, 10);
    expect(first).toHaveLength(11);
    expect(first).toEqual([...first].sort((a, b) => a - b));
    const rest = index.idsInBox(box, first[9]!, 1000);
    expect(rest[0]).toBe(first[10]);
    expect(new Set([...first.slice(0, 10), ...rest]).size).toBe(first.length - 1 + rest.length);
  });

  it("when a room's view reads a box, then every territory in it, or only the always-shown ones in it when it holds more; a main city demoted leaves them", () => {
    const index = crowd(MAX_VIEW_MARKERS * 2);
    const main = MAX_VIEW_MARKERS * 2 + 1;
    expect(index.contents(WORLD)).toEqual({ ids: [main], markers: false });
    expect(index.contents({ minLongitude: 50, minLatitude: 50, maxLongitude: 60, maxLatitude: 60 })).toEqual({ ids: [], markers: true });
    const street = index.contents({ minLongitude: 0.95, minLatitude: 0.95, maxLongitude: 1.05, maxLatitude: 1.05 });
    expect(street.markers).toBe(true);
    expect(street.ids).toContain(main);
    index.put({ id: main, latitude: 1, longitude: 1, type: 'village', listed: false, owned: false });
    expect(index.contents(WORLD)).toEqual({ ids: [], markers: false });
  });
});
