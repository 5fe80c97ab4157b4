// The map's model apart from PixiJS: which markers there are and where, how they are coloured,
// which are named, where the camera goes home and flies to, how far it may zoom out, and where the
// selected territory's popup sits. The controller (mapController.ts) only draws what this answers.
import { MAP_HEIGHT, type TerritoryType } from '../../schema/constants.ts';
import { markerPosition } from '../../schema/rules/territory.ts';
import {
  INITIAL_CAMERA,
  coverScale,
  keepViewOnWorld,
  minZoomFor,
  scaleOf,
  worldToScreen,
  type Camera,
  type Point,
  type Viewport,
} from './camera.ts';
import { incomeRange, markerColour, ownershipOf, passesFilters, type ColourMode, type MapFilters } from './colourModes.ts';
import { fanDirections } from './fanOut.ts';
import { LABEL_MIN_SCALE } from './labels.ts';
import { formatDrk, shortCountdownLabel } from '../format.ts';
import type { MarkerSpec } from './markerLayer.ts';
import type { OverlayTerritory } from './overlays.ts';
import type { MapTerritory } from './viewSet.ts';

// Markers closer than this (world units) to a bigger one share its spot and fan out around it...
export const CROWD_RADIUS = 1.2;
// ...from this many screen pixels per world unit on, this many pixels away.
export const FAN_SCALE = 8;
export const FAN_PX = 16;
// Unowned land is for sale at its list price almost everywhere, so those badges wait until the map
// is close enough to have room; a player's own listing shows at any zoom.
export const LIST_PRICE_BADGE_SCALE = 3;
export const MARKER_LAYER: Record<TerritoryType, number> = {
  village: 0,
  common: 0,
  town: 1,
  sub: 1,
  city: 2,
  wonder: 3,
  main: 4,
  wanakt: 5,
};
export const MARKER_RADIUS_PX: Record<TerritoryType, number> = {
  wanakt: 8,
  main: 7,
  wonder: 7,
  city: 6,
  town: 5,
  sub: 4.5,
  common: 4.5,
  village: 4,
};

export interface Placed {
  territory: MapTerritory;
  /** Where the territory is on the map, before any fanning out. */
  x: number;
  y: number;
}

export interface PlacedWorld {
  /** The territories the filters keep, by id. */
  placed: Map<number, Placed>;
  markers: MarkerSpec[];
  /** The halo around each of the player's own markers. */
  rings: MarkerSpec[];
  /** Every territory with a place, filtered or not: realm boundaries and links join them all. */
  overlay: OverlayTerritory[];
  /** Which markers share a spot, and which way each moves aside. */
  fan: Map<number, { dx: number; dy: number }>;
}

/** Lays the world's territories out as markers in a colour mode, for a player (`me`) or a visitor. */
export function placeWorld(
  territories: readonly MapTerritory[],
  mode: ColourMode,
  filters: MapFilters,
  me: string | null,
  alliances: ReadonlyMap<string, number> = new Map(),
): PlacedWorld {
  const range = incomeRange(territories);
  const placed = new Map<number, Placed>();
  const markers: MarkerSpec[] = [];
  const rings: MarkerSpec[] = [];
  const overlay: OverlayTerritory[] = [];
  for (const territory of territories) {
    const latitude = Number(territory.latitude);
    const longitude = Number(territory.longitude);
    if (!Number.isFinite(latitude) || !Number.isFinite(longitude)) continue;
    const { x, y } = markerPosition(latitude, longitude);
    const layer = MARKER_LAYER[territory.type];
    overlay.push({
      id: territory.id,
      parentId: territory.parent_territory_id,
      x,
      y,
      tint: markerColour(territory, 'tier', me, range),
      ruler: territory.type === 'main' || territory.type === 'wanakt',
    });
    if (!passesFilters(territory, filters, me)) continue;
    placed.set(territory.id, { territory, x, y });
    const mine = ownershipOf(territory, me) === 'mine';
    const radius = MARKER_RADIUS_PX[territory.type] + (mine ? 1.5 : 0);
    markers.push({ id: territory.id, x, y, tint: markerColour(territory, mode, me, range, alliances), layer, radius });
    if (mine) rings.push({ id: territory.id, x, y, tint: 0xffffff, layer, radius: radius + 3 });
  }
  const fan = fanDirections(
    [...placed.values()].map(({ territory, x, y }) => ({ id: territory.id, x, y, layer: MARKER_LAYER[territory.type] })),
    CROWD_RADIUS,
  );
  return { placed, markers, rings, overlay, fan };
}

/** Where a marker that shares a spot is drawn at `scale` (screen pixels per world unit). */
export function fannedPosition(base: Point, direction: { dx: number; dy: number } | undefined, scale: number): Point {
  if (!direction || scale < FAN_SCALE) return base;
  return { x: base.x + (direction.dx * FAN_PX) / scale, y: base.y + (direction.dy * FAN_PX) / scale };
}

/** Screen pixels kept clear at each edge of the map, where its controls lie over it. */
export interface Insets {
  top: number;
  right: number;
  bottom: number;
  left: number;
}

export const HOME_INSETS: Insets = { top: 64, right: 60, bottom: 56, left: 24 };

/**
 * The home view: every point (every territory's marker) in sight, clear of the insets, as close as
 * that allows and never further out than the whole world fitting the view.
 */
export function homeCamera(view: Viewport, points: readonly Point[], insets: Insets = HOME_INSETS): Camera {
  const cover = coverScale(view);
  const least = minZoomFor(view);
  if (points.length === 0 || cover === 0) return keepViewOnWorld({ ...INITIAL_CAMERA, zoom: least }, view);
  const xs = points.map((point) => point.x);
  const ys = points.map((point) => point.y);
  const [minX, maxX, minY, maxY] = [Math.min(...xs), Math.max(...xs), Math.min(...ys), Math.max(...ys)];
  // Small insets on a small screen: never more than a quarter of a side each.
  const inset = {
    top: Math.min(insets.top, view.height / 4),
    bottom: Math.min(insets.bottom, view.height / 4),
    left: Math.min(insets.left, view.width / 4),
    right: Math.min(insets.right, view.width / 4),
  };
  const width = Math.max(1e-6, maxX - minX);
  const height = Math.max(1e-6, maxY - minY);
  const scale = Math.min((view.width - inset.left - inset.right) / width, (view.height - inset.top - inset.bottom) / height);
  // The middle of the clear area, not of the view, sits over the middle of the points.
  const cameraAt = (zoom: number) => {
    const actual = cover * zoom;
    const shiftX = (inset.left - inset.right) / 2 / actual;
    const shiftY = (inset.top - inset.bottom) / 2 / actual;
    return keepViewOnWorld({ centerX: (minX + maxX) / 2 - shiftX, centerY: (minY + maxY) / 2 - shiftY, zoom }, view);
  };
  const clear = (camera: Camera) => {
    const topLeft = worldToScreen(camera, view, { x: minX, y: minY });
    const bottomRight = worldToScreen(camera, view, { x: maxX, y: maxY });
    return (
      topLeft.x >= inset.left - 0.5 &&
      topLeft.y >= inset.top - 0.5 &&
      bottomRight.x <= view.width - inset.right + 0.5 &&
      bottomRight.y <= view.height - inset.bottom + 0.5
    );
  };
  // The view may not leave the world, which can push points under the insets near its edges: then a
  // little further out, until they are clear or the whole world fits.
  for (let zoom = Math.min(1, scale / cover); zoom > least; zoom *= 0.97) {
    const camera = cameraAt(zoom);
    if (clear(camera)) return camera;
  }
  return cameraAt(least);
}

/**
 * The view the map opens on: the home view, except on a phone held upright, where the whole world's
 * width would leave the world a strip across less than half the map; there the world fills the map's
 * height, centred on the territories, the rest a swipe (or ⌂, the home view) away.
 */
export function openingCamera(view: Viewport, points: readonly Point[]): Camera {
  const cover = coverScale(view);
  if (points.length === 0 || cover === 0 || MAP_HEIGHT * cover * minZoomFor(view) >= view.height / 2) return homeCamera(view, points);
  const xs = points.map((point) => point.x);
  const ys = points.map((point) => point.y);
  const centre = { centerX: (Math.min(...xs) + Math.max(...xs)) / 2, centerY: (Math.min(...ys) + Math.max(...ys)) / 2 };
  return keepViewOnWorld({ ...centre, zoom: 1 }, view);
}

/** Whether − can still zoom out: not once the whole world fits the view. */
export function canZoomOut(camera: Camera, view: Viewport): boolean {
  return camera.zoom > minZoomFor(view) * 1.001;
}

/**
 * Where the camera flies to show a territory: centred on its marker (where the marker will be once
 * fanned out at the new zoom), at least close enough to name it among its neighbours.
 */
export function flyTarget(placed: Placed, direction: { dx: number; dy: number } | undefined, current: Camera, view: Viewport): Camera {
  const cover = coverScale(view);
  const naming = Math.max(LABEL_MIN_SCALE[placed.territory.type], FAN_SCALE) * 1.25;
  const zoom = Math.max(current.zoom, cover > 0 ? naming / cover : 1);
  const point = fannedPosition(placed, direction, cover * zoom);
  return keepViewOnWorld({ centerX: point.x, centerY: point.y, zoom }, view);
}

/** What a badge under a marker says: its asking price, its running auction's time left, or that it has offers. */
export interface Badge {
  kind: 'price' | 'auction' | 'offers';
  text: string;
}

/** What the map marks beside the territories' own fields (GET /api/market/marks), and the time it counts down from. */
export interface MarketMarks {
  /** A running auction's end, in ms since the epoch, by territory. */
  auctionEnds: ReadonlyMap<number, number>;
  offered: ReadonlySet<number>;
  now: number;
}

export const NO_MARKS: MarketMarks = { auctionEnds: new Map(), offered: new Set(), now: 0 };

export interface LabelSource {
  id: number;
  type: TerritoryType;
  name: string;
  badge: Badge | null;
  /** The marker's place on the screen. */
  x: number;
  y: number;
}

/**
 * A running auction says how long it has left in every mode and at any zoom (docs/rules.md §4
 * "Auctions"); else the asking price where the price shows; else that someone made an offer.
 */
function badgeOf(territory: MapTerritory, id: number, priceShown: boolean, marks: MarketMarks): Badge | null {
  const ends = marks.auctionEnds.get(id);
  if (ends !== undefined && ends > marks.now) return { kind: 'auction', text: `Auction ${shortCountdownLabel(ends - marks.now)}` };
  if (priceShown && territory.sale_price !== null) return { kind: 'price', text: formatDrk(territory.sale_price) };
  return marks.offered.has(id) && territory.owner_id !== null ? { kind: 'offers', text: 'Offers' } : null;
}

/**
 * The names (and sale badges) worth writing at this camera: markers in view whose kind is named at
 * this scale, or whose sale shows. `drawnAt` answers where a marker is drawn (fanned out or held).
 */
export function labelCandidates(
  placed: ReadonlyMap<number, Placed>,
  drawnAt: (id: number) => Point | undefined,
  camera: Camera,
  view: Viewport,
  mode: ColourMode,
  marks: MarketMarks = NO_MARKS,
): LabelSource[] {
  const scale = scaleOf(camera, view);
  const candidates: LabelSource[] = [];
  for (const [id, { territory }] of placed) {
    const at = drawnAt(id);
    if (!at) continue;
    const screen = worldToScreen(camera, view, at);
    if (screen.x < 0 || screen.x > view.width || screen.y < 0 || screen.y > view.height) continue;
    const showsPrice = territory.owner_id !== null || (scale >= LIST_PRICE_BADGE_SCALE && scale >= LABEL_MIN_SCALE[territory.type]);
    const badge = badgeOf(territory, id, mode === 'ownership' && showsPrice, marks);
    if (badge === null && scale < LABEL_MIN_SCALE[territory.type]) continue;
    candidates.push({ id, type: territory.type, name: territory.name, badge, x: screen.x, y: screen.y });
  }
  return candidates;
}

export interface Size {
  width: number;
  height: number;
}

// The gap between a marker and the popup beside it, in screen pixels.
const POPUP_GAP = 18;

/**
 * Where the selected territory's popup goes (its top-left corner in the map's box): beside the
 * marker, on whichever side has room, never over it; if no side has room, the corner furthest from it.
 */
export function popupPlacement(marker: Point, popup: Size, view: Viewport, margin = 8): Point {
  const clampY = (y: number) => Math.min(Math.max(margin, y), Math.max(margin, view.height - popup.height - margin));
  const clampX = (x: number) => Math.min(Math.max(margin, x), Math.max(margin, view.width - popup.width - margin));
  const sides: Point[] = [
    { x: marker.x + POPUP_GAP, y: clampY(marker.y - popup.height / 2) },
    { x: marker.x - POPUP_GAP - popup.width, y: clampY(marker.y - popup.height / 2) },
    { x: clampX(marker.x - popup.width / 2), y: marker.y + POPUP_GAP },
    { x: clampX(marker.x - popup.width / 2), y: marker.y - POPUP_GAP - popup.height },
  ];
  const fits = (at: Point) =>
    at.x >= margin && at.y >= margin && at.x + popup.width <= view.width - margin && at.y + popup.height <= view.height - margin;
  const found = sides.find(fits);
  if (found) return found;
  const corners: Point[] = [
    { x: margin, y: margin },
    { x: view.width - popup.width - margin, y: margin },
    { x: margin, y: view.height - popup.height - margin },
    { x: view.width - popup.width - margin, y: view.height - popup.height - margin },
  ];
  const distance = (at: Point) => Math.hypot(at.x + popup.width / 2 - marker.x, at.y + popup.height / 2 - marker.y);
  return corners.reduce((best, corner) => (distance(corner) > distance(best) ? corner : best));
}
