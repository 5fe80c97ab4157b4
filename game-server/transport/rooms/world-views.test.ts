import { describe, expect, it } from 'vitest';
import type { LiveTerritoryFields } from '../../../schema/state/territory-fields.ts';
import { LiveTerritory, WorldState } from '../../../schema/state/world-state.ts';
import { Viewer, WorldViews, type ViewTarget } from './world-views.ts';

// The bookkeeping of per-client views, without a room: what each view holds, and what the state
// keeps because some view holds it.

const territory = (id: number, latitude: number, longitude: number, more: Partial<LiveTerritoryFields> = {}): LiveTerritoryFields => ({
  id,
  name: `T${id}`,
  type: 'common',
  tier: 'common',
  ownerId: '',
  ownerName: '',
  latitude,
  longitude,
  forSale: false,
  price: 0,
  upgradeTier: 'standard',
  visits: 0,
  ...more,
});

/** A view that records what it was given. */
function recording(): ViewTarget & { ids: Set<number> } {
  const ids = new Set<number>();
  return { ids, add: (item) => ids.add(item.id), remove: (item) => ids.delete(item.id) };
}

function world(...territories: LiveTerritoryFields[]) {
  const state = new WorldState();
  const dropped: number[] = [];
  const views = new WorldViews(state, (id) => dropped.push(id));
  for (const fields of territories) state.territories.set(String(fields.id), new LiveTerritory(fields));
  views.look(views.home, views.home.box, { ids: territories.map((t) => t.id), markers: true });
  const keys = () => [...state.territories.keys()].map(Number).sort((a, b) => a - b);
  return { state, views, dropped, keys };
}

/** Puts territories in the state, as the room does when it reads them for a view. */
const store = (state: WorldState, ...territories: LiveTerritoryFields[]) =>
  territories.forEach((fields) => state.territories.set(String(fields.id), new LiveTerritory(fields)));

const PARIS = { minLongitude: 2, minLatitude: 48, maxLongitude: 3, maxLatitude: 49 };

describe('views over the world room', () => {
  it('when a client joins, then its view holds the home view and its own territories; when it leaves, nothing it alone held stays', () => {
    const { state, views, keys } = world(territory(1, 48.5, 2.5), territory(2, 10, 10));
    state.territories.set('3', new LiveTerritory(territory(3, -30, -60, { ownerId: 'me' })));
    const target = recording();
    const viewer = new Viewer(target, 'me');
    views.join(viewer, [3]);
    expect([...target.ids].sort()).toEqual([1, 2, 3]);
    views.sweep([3]);
    expect(keys()).toEqual([1, 2, 3]);

    views.leave(viewer);
    expect(keys()).toEqual([1, 2]);
    expect(viewer.gone).toBe(true);
  });

  it('when a client looks at a box, then its view holds what the box shows and lets the rest go; the state keeps what another view holds', () => {
    const { views, keys, dropped } = world(territory(1, 48.5, 2.5), territory(2, 10, 10));
    const target = recording();
    const viewer = new Viewer(target, null);
    views.join(viewer, []);
    views.look(viewer, PARIS, { ids: [1], markers: true });
    expect([...target.ids]).toEqual([1]);
    expect(keys()).toEqual([1, 2]);

    // The home view lets go of both (a busy world shows only the always-shown ones): 2 leaves the state.
    views.look(views.home, views.home.box, { ids: [], markers: false });
    expect(keys()).toEqual([1]);
    expect(dropped).toEqual([2]);
  });

  it('when a stored territory moves into a box or changes owner, then the views that now want it take it, the others let it go', () => {
    const { state, views } = world(territory(1, 48.5, 2.5));
    const looking = recording();
    const owner = recording();
    const lookingViewer = new Viewer(looking, null);
    const ownerViewer = new Viewer(owner, 'buyer');
    views.join(lookingViewer, []);
    views.join(ownerViewer, []);
    views.look(lookingViewer, PARIS, { ids: [1], markers: true });
    views.look(ownerViewer, { minLongitude: 100, minLatitude: 0, maxLongitude: 101, maxLatitude: 1 }, { ids: [], markers: true });
    views.look(views.home, views.home.box, { ids: [], markers: false });

    const moved = territory(1, 10, 10, { ownerId: 'buyer' });
    expect(views.wanted(moved)).toBe(true);
    Object.assign(state.territories.get('1')!, moved);
    views.changed(moved);
    expect([...looking.ids]).toEqual([]);
    expect([...owner.ids]).toEqual([1]);

    const sold = territory(1, 10, 10, { ownerId: 'someone else' });
    views.changed(sold);
    expect([...owner.ids]).toEqual([]);
    expect(views.wanted(sold)).toBe(false);
    expect(state.territories.has('1')).toBe(false);
  });

  it('when a client turns to a box a slice at a time, then its view ends holding what the box shows, as one look would', () => {
    const inParis = Array.from({ length: 7 }, (_, i) => territory(10 + i, 48.1 + i / 10, 2.5));
    const elsewhere = territory(1, 10, 10);
    const { state, views, keys } = world();
    views.look(views.home, views.home.box, { ids: [], markers: false });
    const target = recording();
    const viewer = new Viewer(target, null);
    views.join(viewer, []);
    store(state, elsewhere);
    views.look(viewer, { minLongitude: 9, minLatitude: 9, maxLongitude: 11, maxLatitude: 11 }, { ids: [1], markers: true });

    const entering = views.refocus(viewer, PARIS, { ids: inParis.map((t) => t.id), markers: true });
    // What the old box showed left at once; the new box's territories enter only with their slice.
    expect([...target.ids]).toEqual([]);
    expect(keys()).toEqual([]);
    expect(entering).toEqual(inParis.map((t) => t.id));
    const slices = [entering.slice(0, 3), entering.slice(3, 6), entering.slice(6)];
    const entered = slices.map((slice, i) => {
      store(state, ...inParis.filter((t) => slice.includes(t.id)));
      const count = views.enter(viewer, slice);
      expect([...target.ids].sort()).toEqual(slices.slice(0, i + 1).flat());
      return count;
    });
    expect(entered).toEqual([3, 3, 1]);
    expect(keys()).toEqual(inParis.map((t) => t.id));
  });

  it('when a newer box comes before the slices of the last one are all in, then the view ends holding the newer box alone', () => {
    const inParis = Array.from({ length: 6 }, (_, i) => territory(10 + i, 48.1 + i / 10, 2.5));
    const { state, views, keys } = world();
    views.look(views.home, views.home.box, { ids: [], markers: false });
    const target = recording();
    const viewer = new Viewer(target, null);
    views.join(viewer, []);
    const entering = views.refocus(viewer, PARIS, { ids: inParis.map((t) => t.id), markers: true });
    store(state, ...inParis);
    views.enter(viewer, entering.slice(0, 3));

    const newer = { minLongitude: 9, minLatitude: 9, maxLongitude: 11, maxLatitude: 11 };
    expect(views.refocus(viewer, newer, { ids: [1], markers: true })).toEqual([1]);
    // A slice of the older box that was still on its way is not taken: the newer box does not show it.
    expect(views.enter(viewer, entering.slice(3))).toBe(0);
    store(state, territory(1, 10, 10));
    expect(views.enter(viewer, [1])).toBe(1);
    views.sweep(entering);
    expect([...target.ids]).toEqual([1]);
    expect(keys()).toEqual([1]);
  });

  it('when a box is too busy for markers, then only the seat, main cities and wonders that move into it are taken', () => {
    const { views } = world();
    views.look(views.home, views.home.box, { ids: [], markers: false });
    const target = recording();
    const viewer = new Viewer(target, null);
    views.join(viewer, []);
    views.look(viewer, PARIS, { ids: [], markers: false });
    expect(views.wanted(territory(5, 48.5, 2.5))).toBe(false);
    expect(views.wanted(territory(6, 48.5, 2.5, { type: 'wonder', tier: 'wonder' }))).toBe(true);
  });

  it('when a client watches a territory, then its view holds it until it watches another', () => {
    const { state, views } = world(territory(1, 48.5, 2.5));
    views.look(views.home, views.home.box, { ids: [], markers: false });
    state.territories.set('1', new LiveTerritory(territory(1, 48.5, 2.5)));
    const target = recording();
    const viewer = new Viewer(target, null);
    views.join(viewer, []);
    views.watch(viewer, 1);
    expect([...target.ids]).toEqual([1]);
    views.watch(viewer, 99);
    expect([...target.ids]).toEqual([]);
    expect(state.territories.has('1')).toBe(false);
  });
});
