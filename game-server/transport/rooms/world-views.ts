import type { TerritoryTier } from '../../../schema/constants.ts';
import { insideBox, isAlwaysShown, type BoundingBox } from '../../../schema/rules/viewport.ts';
import type { LiveTerritoryFields } from '../../../schema/state/territory-fields.ts';
import type { LiveTerritory, WorldState } from '../../../schema/state/world-state.ts';
import type { BoxContents } from '../../domain/world/world-index.ts';

// Interest management (docs/design.md "Live state"): each client's view of the world room holds the
// territories its box shows (schema/rules/viewport.ts), its player's own and the one whose chat it
// watches. The room's state holds only what some view holds, so it does not grow with the world;
// a change to a territory outside a client's view is never encoded for it.

/** The box of a map at its home view: the whole world. */
export const WHOLE_WORLD: BoundingBox = { minLongitude: -180, minLatitude: -90, maxLongitude: 180, maxLatitude: 90 };

/** Where a viewer's territories are made visible: a client's Colyseus StateView. */
export interface ViewTarget {
  add(item: LiveTerritory): unknown;
  remove(item: LiveTerritory): unknown;
}

const NOWHERE: ViewTarget = { add: () => undefined, remove: () => undefined };

/** One client's interest in the world; every one starts at the home view. */
export class Viewer {
  box: BoundingBox = WHOLE_WORLD;
  /** Whether its box shows every territory in it, or only the always-shown ones. */
  markers = true;
  /** The territories its box shows. */
  readonly inBox = new Set<number>();
  /** Its player's territories. */
  readonly own = new Set<number>();
  watching: number | null = null;
  /** What its view holds now. */
  readonly held = new Set<number>();
  /** Set once it left: work queued for it is then skipped. */
  gone = false;
  /** How many looks it began: a look whose number is no longer the last stops taking its box in. */
  looks = 0;

  readonly target: ViewTarget;
  readonly userId: string | null;

  constructor(target: ViewTarget, userId: string | null) {
    this.target = target;
    this.userId = userId;
  }

  wants(id: number): boolean {
    return this.inBox.has(id) || this.own.has(id) || this.watching === id;
  }

  /** Whether a territory stored like this belongs to the box it looks at. */
  shows(territory: LiveTerritoryFields): boolean {
    return insideBox(territory.latitude, territory.longitude, this.box) && (this.markers || isAlwaysShown(territory.tier as TerritoryTier));
  }
}

/**
 * The views of one room's clients over its state, and the home view that stays held with or without
 * clients (so a join at the home view reads nothing). Counts how many views hold each territory and
 * takes a territory out of the state when none holds it any more.
 */
export class WorldViews {
  readonly home = new Viewer(NOWHERE, null);
  private readonly viewers = new Set<Viewer>([this.home]);
  private readonly holders = new Map<number, number>();

  private readonly state: WorldState;
  /** A territory left the state. */
  private readonly dropped: (id: number) => void;

  constructor(state: WorldState, dropped: (id: number) => void) {
    this.state = state;
    this.dropped = dropped;
  }

  /** How many territories the state holds because some view does. */
  get size(): number {
    return this.holders.size;
  }

  held(): IterableIterator<number> {
    return this.holders.keys();
  }

  /** A new client at the home view, with its player's territories (which the state must already hold). */
  join(viewer: Viewer, own: readonly number[]): void {
    viewer.box = this.home.box;
    viewer.markers = this.home.markers;
    for (const id of this.home.inBox) viewer.inBox.add(id);
    for (const id of own) viewer.own.add(id);
    this.viewers.add(viewer);
    this.reconcile(viewer);
  }

  leave(viewer: Viewer): void {
    viewer.gone = true;
    this.viewers.delete(viewer);
    for (const id of viewer.held) this.release(id);
    viewer.held.clear();
  }

  /** The viewer looks at `box`, which shows `contents` (held in the state already, those that exist). */
  look(viewer: Viewer, box: BoundingBox, contents: BoxContents): void {
    viewer.box = box;
    viewer.markers = contents.markers;
    viewer.inBox.clear();
    for (const id of contents.ids) viewer.inBox.add(id);
    this.reconcile(viewer);
  }

  /**
   * The viewer turns to `box`, which shows `contents`, a slice at a time (world-sync.ts): what its
   * old box showed and the new one does not leaves its view now; answers the box's territories its
   * view does not hold yet, which `enter` takes in. Until then the box shows them to every event.
   */
  refocus(viewer: Viewer, box: BoundingBox, contents: BoxContents): number[] {
    viewer.box = box;
    viewer.markers = contents.markers;
    const inside = new Set(contents.ids);
    for (const id of viewer.inBox) {
      if (inside.has(id)) continue;
      viewer.inBox.delete(id);
      this.settle(viewer, id);
    }
    return contents.ids.filter((id) => !viewer.inBox.has(id));
  }

  /**
   * Takes into the viewer's box these territories (held in the state already, those that exist)
   * that its box still shows; answers how many its view did not hold before.
   */
  enter(viewer: Viewer, ids: readonly number[]): number {
    let entered = 0;
    for (const id of ids) {
      const item = this.state.territories.get(String(id));
      if (!item || !viewer.shows(item)) continue;
      if (!viewer.held.has(id)) entered++;
      viewer.inBox.add(id);
      this.settle(viewer, id);
    }
    return entered;
  }

  watch(viewer: Viewer, territoryId: number | null): void {
    viewer.watching = territoryId;
    this.reconcile(viewer);
  }

  /** Adds these territories to the player's own (a view loads them as they join). */
  own(viewer: Viewer, ids: readonly number[]): void {
    for (const id of ids) viewer.own.add(id);
    this.reconcile(viewer);
  }

  /** Whether some view would hold a territory stored like this. */
  wanted(territory: LiveTerritoryFields): boolean {
    for (const viewer of this.viewers) {
      if (viewer.wants(territory.id) || viewer.shows(territory)) return true;
      if (viewer.userId !== null && territory.ownerId === viewer.userId) return true;
    }
    return false;
  }

  /**
   * A territory as now stored, which the state holds for the moment: every box that now shows it and
   * its owner's views take it in, the views it left let it go. One check per viewer.
   */
  changed(territory: LiveTerritoryFields): void {
    for (const viewer of this.viewers) {
      if (viewer.shows(territory)) viewer.inBox.add(territory.id);
      else viewer.inBox.delete(territory.id);
      if (viewer.userId !== null && territory.ownerId === viewer.userId) viewer.own.add(territory.id);
      else viewer.own.delete(territory.id);
    }
    // Those that take it first, so that it does not leave the state on its way from one view to another.
    for (const viewer of this.viewers) if (viewer.wants(territory.id)) this.settle(viewer, territory.id);
    for (const viewer of this.viewers) this.settle(viewer, territory.id);
  }

  /** A territory no longer stored: out of every view. */
  vanished(id: number): void {
    for (const viewer of this.viewers) {
      viewer.inBox.delete(id);
      viewer.own.delete(id);
      if (viewer.watching === id) viewer.watching = null;
      this.settle(viewer, id);
    }
  }

  /** Takes out of the state those of these territories that no view holds (read for a view, then not wanted). */
  sweep(ids: Iterable<number>): void {
    for (const id of ids) if (!this.holders.has(id)) this.drop(id);
  }

  private reconcile(viewer: Viewer): void {
    for (const id of viewer.held) this.settle(viewer, id);
    for (const id of viewer.inBox) this.settle(viewer, id);
    for (const id of viewer.own) this.settle(viewer, id);
    if (viewer.watching !== null) this.settle(viewer, viewer.watching);
  }

  private settle(viewer: Viewer, id: number): void {
    const wanted = viewer.wants(id);
    if (wanted === viewer.held.has(id)) return;
    const item = this.state.territories.get(String(id));
    if (wanted) {
      // A territory that is not stored (a watch of an id that does not exist) has nothing to show.
      if (!item) return;
      viewer.held.add(id);
      this.holders.set(id, (this.holders.get(id) ?? 0) + 1);
      viewer.target.add(item);
      return;
    }
    viewer.held.delete(id);
    if (item) viewer.target.remove(item);
    this.release(id);
  }

  private release(id: number): void {
    const count = (this.holders.get(id) ?? 1) - 1;
    if (count > 0) {
      this.holders.set(id, count);
      return;
    }
    this.holders.delete(id);
    this.drop(id);
  }

  private drop(id: number): void {
    if (this.state.territories.delete(String(id))) this.dropped(id);
  }
}
