import KDBush from 'kdbush';
import type { BoundingBox } from '../../../schema/rules/viewport.ts';
import { MAX_ZOOM, type TerritoryType } from '../../../schema/constants.ts';
import { WHOLE_WORLD } from '../../../schema/api/territory-list.ts';
import {
  clusterCellDegrees,
  insideBox,
  isAlwaysShown,
  MAX_VIEW_MARKERS,
  showsMarkers,
  type TerritoryCluster,
} from '../../../schema/rules/viewport.ts';
import { tierOfType } from '../../../schema/rules/territory.ts';
import type { Queryable } from '../../infra/db/database.ts';
import { outboxHead } from '../../infra/events/outbox.ts';

// Where every territory is, and whether it is listed or owned: what the view rule of
// schema/rules/viewport.ts needs of a million territories, in typed arrays (about 41 bytes a
// territory with the tree) rather than an object each. Names and the rest are read from the
// database only for the markers an answer sends.

const LISTED = 1;
const OWNED = 2;
const ALWAYS_SHOWN = 4;

/** The always-shown territories whose surroundings warm() answers: enough for the engine to optimise each path. */
const WARM_PLACES = 8;

/** Rows per read while loading: a million territories load in twenty reads, none of them held at once. */
const LOAD_BATCH = 50_000;

interface PlaceRow {
  id: number;
  latitude: number;
  longitude: number;
  type: TerritoryType;
  owned: boolean;
  listed: boolean;
}

/** What a live view of a box holds (the room's, world-views.ts): every territory in it, or only the always-shown ones when it holds more. */
export interface BoxContents {
  ids: number[];
  markers: boolean;
}

/** What one box of the world shows: the territories to draw as markers (ids) and the clusters. */
export interface ViewCut {
  ids: number[];
  clusters: TerritoryCluster[];
}

const flagsOf = (row: PlaceRow) =>
  (row.listed ? LISTED : 0) | (row.owned ? OWNED : 0) | (isAlwaysShown(tierOfType(row.type)) ? ALWAYS_SHOWN : 0);
const sixDecimals = (value: number) => Math.round(value * 1e6) / 1e6;

/** The coarse grid that bounds how many territories a box holds without visiting them: one-degree cells. */
const GRID_COLUMNS = 360;
const GRID_ROWS = 180;
const gridColumn = (longitude: number) => Math.min(GRID_COLUMNS - 1, Math.floor(longitude + 180));
const gridRow = (latitude: number) => Math.min(GRID_ROWS - 1, Math.floor(latitude + 90));

export class WorldIndex {
  private ids = new Int32Array(1024);
  private longitudes = new Float64Array(1024);
  private latitudes = new Float64Array(1024);
  private flags = new Uint8Array(1024);
  private size = 0;
  /** How many territories each one-degree cell holds, kept as they come, move and go. */
  private readonly grid = new Int32Array(GRID_COLUMNS * GRID_ROWS);
  /** Built on the first query after a territory moved or came into being; KDBush is static. */
  private tree: KDBush | null = null;
  /** The ids of the always-shown territories: a few dozen in a real world, whatever its size. */
  private readonly alwaysShown = new Set<number>();
  /** The number of the last outbox event committed before the index was read: it shows that event and those before. */
  asOf = 0;

  get count(): number {
    return this.size;
  }

  /** Adds a territory or brings one up to date: a listing or a new owner in place, a move or a new territory by rebuilding the tree once. */
  put(row: PlaceRow): void {
    let slot = this.slotOf(row.id);
    if (slot < 0) {
      slot = -slot - 1;
      this.insertAt(slot, row.id);
      this.tree = null;
    } else if (this.longitudes[slot] !== row.longitude || this.latitudes[slot] !== row.latitude) {
      this.grid[gridRow(this.latitudes[slot]!) * GRID_COLUMNS + gridColumn(this.longitudes[slot]!)]!--;
      this.tree = null;
    } else {
      this.setFlags(slot, row);
      return;
    }
    this.grid[gridRow(row.latitude) * GRID_COLUMNS + gridColumn(row.longitude)]!++;
    this.longitudes[slot] = row.longitude;
    this.latitudes[slot] = row.latitude;
    this.setFlags(slot, row);
  }

  /**
   * What a live view of the box holds: every territory in it, or the always-shown ones (at most
   * MAX_VIEW_MARKERS) when it holds more; the same rule as view() without its clusters.
   */
  contents(box: BoundingBox): BoxContents {
    if (this.bounds(box).atLeast <= MAX_VIEW_MARKERS) {
      const slots = this.treeNow().range(box.minLongitude, box.minLatitude, box.maxLongitude, box.maxLatitude);
      if (showsMarkers(slots.length)) return { ids: slots.map((slot) => this.ids[slot]!).sort((a, b) => a - b), markers: true };
    }
    const ids: number[] = [];
    for (const id of this.alwaysShown) {
      const slot = this.slotOf(id);
      if (insideBox(this.latitudes[slot]!, this.longitudes[slot]!, box)) ids.push(id);
    }
    return { ids: ids.sort((a, b) => a - b).slice(0, MAX_VIEW_MARKERS), markers: false };
  }

  /**
   * The view rule for one box: every territory in it as a marker, or its clusters and the
   * always-shown ones. The one-degree grid bounds the box's count first, so a box far past
   * MAX_VIEW_MARKERS is counted into clusters without listing its territories, and only a box
   * near the limit is counted exactly by the tree.
   */
  view(box: BoundingBox, zoom: number): ViewCut {
    if (this.size === 0) return { ids: [], clusters: [] };
    const { atMost, atLeast } = this.bounds(box);
    let slots: number[] | null = null;
    if (atLeast <= MAX_VIEW_MARKERS) {
      slots = this.treeNow().range(box.minLongitude, box.minLatitude, box.maxLongitude, box.maxLatitude);
      if (showsMarkers(slots.length)) return { ids: slots.map((slot) => this.ids[slot]!).sort((a, b) => a - b), clusters: [] };
    } else if (atMost < this.size / 8) {
      // A small part of a large world: the tree finds it faster than a pass over every territory.
      slots = this.treeNow().range(box.minLongitude, box.minLatitude, box.maxLongitude, box.maxLatitude);
    }
    return this.clusters(box, zoom, slots);
  }

  /** How many territories the box holds at most (the cells it touches) and at least (the cells wholly inside it). */
  private bounds(box: BoundingBox): { atMost: number; atLeast: number } {
    const [left, right] = [gridColumn(box.minLongitude), gridColumn(box.maxLongitude)];
    const [bottom, top] = [gridRow(box.minLatitude), gridRow(box.maxLatitude)];
    let atMost = 0;
    let atLeast = 0;
    for (let row = bottom; row <= top; row++) {
      for (let column = left; column <= right; column++) {
        const count = this.grid[row * GRID_COLUMNS + column]!;
        atMost += count;
        const inside = column > left && column < right && row > bottom && row < top;
        if (inside) atLeast += count;
      }
    }
    return { atMost, atLeast };
  }

  /** Counts the box's territories into the cells of clusterCellDegrees: those of `slots`, or every territory when null. */
  private clusters(box: BoundingBox, zoom: number, slots: number[] | null): ViewCut {
    const { ids, longitudes, latitudes, flags } = this;
    const { minLongitude, minLatitude, maxLongitude, maxLatitude } = box;
    const cell = clusterCellDegrees(zoom, box);
    const left = Math.floor((minLongitude + 180) / cell);
    const bottom = Math.floor((minLatitude + 90) / cell);
    const columns = Math.floor((maxLongitude + 180) / cell) - left + 1;
    const cells = columns * (Math.floor((maxLatitude + 90) / cell) - bottom + 1);
    const count = new Int32Array(cells);
    const forSale = new Int32Array(cells);
    const owned = new Int32Array(cells);
    const latitudeSum = new Float64Array(cells);
    const longitudeSum = new Float64Array(cells);
    const shown: number[] = [];
    const end = slots ? slots.length : this.size;
    for (let at = 0; at < end; at++) {
      const slot = slots ? slots[at]! : at;
      const longitude = longitudes[slot]!;
      const latitude = latitudes[slot]!;
      if (longitude < minLongitude || longitude > maxLongitude || latitude < minLatitude || latitude > maxLatitude) continue;
      const into = (Math.floor((latitude + 90) / cell) - bottom) * columns + Math.floor((longitude + 180) / cell) - left;
      const flag = flags[slot]!;
      count[into]!++;
      forSale[into]! += flag & LISTED;
      owned[into]! += (flag & OWNED) >> 1;
      latitudeSum[into]! += latitude;
      longitudeSum[into]! += longitude;
      if (flag & ALWAYS_SHOWN) shown.push(ids[slot]!);
    }
    const clusters: TerritoryCluster[] = [];
    for (let into = 0; into < cells; into++) {
      const n = count[into]!;
      if (n === 0) continue;
      clusters.push({
        latitude: sixDecimals(latitudeSum[into]! / n),
        longitude: sixDecimals(longitudeSum[into]! / n),
        count: n,
        forSale: forSale[into]!,
        owned: owned[into]!,
      });
    }
    // The tiers shown at every zoom are a few dozen in a real world; an import of thousands of main
    // cities would still not make an answer larger than a box of markers.
    return { ids: shown.sort((a, b) => a - b).slice(0, MAX_VIEW_MARKERS), clusters };
  }

  /** The ids of the territories in the box after `after`, in id order: `limit` + 1 at most, to tell whether a page follows. */
  idsInBox(box: BoundingBox, after: number, limit: number): number[] {
    const ids: number[] = [];
    const found = this.slotOf(after);
    for (let slot = found < 0 ? -found - 1 : found + 1; slot < this.size && ids.length <= limit; slot++) {
      if (insideBox(this.latitudes[slot]!, this.longitudes[slot]!, box)) ids.push(this.ids[slot]!);
    }
    return ids;
  }

  /** Builds the tree now rather than on the first query that needs it. */
  buildTree(): void {
    this.treeNow();
  }

  /**
   * Answers a few boxes of each kind (the whole world, a city's region, a street, at the zooms the
   * map shows them) so that the first visitors do not pay for the engine's first compile of each
   * way of answering: at a million territories a first city cost 95 ms and the next ones 8 to 16.
   * Run as the index loads, before the process says it is ready.
   */
  warm(): void {
    this.view(WHOLE_WORLD, 1);
    this.contents(WHOLE_WORLD);
    for (const id of [...this.alwaysShown].slice(0, WARM_PLACES)) {
      const slot = this.slotOf(id);
      const [longitude, latitude] = [this.longitudes[slot]!, this.latitudes[slot]!];
      for (const half of [3, 0.03]) {
        const box = {
          minLongitude: Math.max(-180, longitude - half),
          minLatitude: Math.max(-90, latitude - half / 2),
          maxLongitude: Math.min(180, longitude + half),
          maxLatitude: Math.min(90, latitude + half / 2),
        };
        this.view(box, MAX_ZOOM);
        this.contents(box);
      }
    }
  }

  private treeNow(): KDBush {
    if (this.tree) return this.tree;
    const tree = new KDBush(this.size, 64, Float64Array);
    for (let slot = 0; slot < this.size; slot++) tree.add(this.longitudes[slot]!, this.latitudes[slot]!);
    tree.finish();
    this.tree = tree;
    return tree;
  }

  /** The slot of `id`, or -(where it would go) - 1: ids stay sorted, so a lookup is a binary search. */
  private slotOf(id: number): number {
    let low = 0;
    let high = this.size - 1;
    while (low <= high) {
      const middle = (low + high) >>> 1;
      const at = this.ids[middle]!;
      if (at === id) return middle;
      if (at < id) low = middle + 1;
      else high = middle - 1;
    }
    return -low - 1;
  }

  private setFlags(slot: number, row: PlaceRow): void {
    const flags = flagsOf(row);
    this.flags[slot] = flags;
    if (flags & ALWAYS_SHOWN) this.alwaysShown.add(row.id);
    else this.alwaysShown.delete(row.id);
  }

  private insertAt(slot: number, id: number): void {
    if (this.size === this.ids.length) this.grow();
    // New territories take the next id, so this is an append but for a row imported out of order.
    if (slot < this.size) {
      this.ids.copyWithin(slot + 1, slot, this.size);
      this.longitudes.copyWithin(slot + 1, slot, this.size);
      this.latitudes.copyWithin(slot + 1, slot, this.size);
      this.flags.copyWithin(slot + 1, slot, this.size);
    }
    this.ids[slot] = id;
    this.size++;
  }

  private grow(): void {
    const capacity = this.ids.length * 2;
    const grown = <T extends Int32Array | Float64Array | Uint8Array>(array: T, make: new (length: number) => T): T => {
      const next = new make(capacity);
      next.set(array);
      return next;
    };
    this.ids = grown(this.ids, Int32Array);
    this.longitudes = grown(this.longitudes, Float64Array);
    this.latitudes = grown(this.latitudes, Float64Array);
    this.flags = grown(this.flags, Uint8Array);
  }
}

/** Places after an id, a batch in id order, or of these ids. */
const placeRows = (q: Queryable, filter: { after: number } | { ids: readonly number[] }) => q<PlaceRow[]>`
  select id, latitude::float8 as latitude, longitude::float8 as longitude, type,
         owner_id is not null as owned, sale_price is not null as listed
    from territories
   ${'after' in filter ? q`where id > ${filter.after} order by id limit ${LOAD_BATCH}` : q`where id in ${q(filter.ids)}`}`;

/** Reads every territory's place into a new index, a batch at a time: never the whole table in one answer. */
export async function loadWorldIndex(q: Queryable): Promise<WorldIndex> {
  const index = new WorldIndex();
  index.asOf = await outboxHead(q);
  for (let after = 0; ;) {
    const rows = await placeRows(q, { after });
    for (const row of rows) index.put(row);
    if (rows.length < LOAD_BATCH) {
      index.buildTree();
      index.warm();
      return index;
    }
    after = rows.at(-1)!.id;
  }
}

/** Re-reads these territories into the index: what a change event names. */
export async function refreshWorldIndex(q: Queryable, index: WorldIndex, ids: readonly number[]): Promise<void> {
  if (ids.length === 0) return;
  for (const row of await placeRows(q, { ids })) index.put(row);
}
