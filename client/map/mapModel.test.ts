import { describe, expect, it } from 'vitest';
import type { TerritoryDto } from '../../schema/api/territory.ts';
import { markerPosition } from '../../schema/rules/territory.ts';
import { minZoomFor, scaleOf, worldToScreen, type Camera, type Point, type Viewport } from './camera.ts';
import { NO_FILTERS, OWNERSHIP_COLOURS } from './colourModes.ts';
import {
  FAN_PX,
  FAN_SCALE,
  HOME_INSETS,
  canZoomOut,
  fannedPosition,
  flyTarget,
  homeCamera,
  openingCamera,
  labelCandidates,
  placeWorld,
  popupPlacement,
} from './mapModel.ts';
import { territoryDto } from '../testing/territory.ts';

function territory(id: number, name: string, latitude: number, longitude: number, fields: Partial<TerritoryDto> = {}): TerritoryDto {
  return territoryDto({
    id,
    name,
    type: 'city',
    latitude: String(latitude),
    longitude: String(longitude),
    monthly_revenue: '100',
    price: 1000,
    basePrice: 1000,
    ...fields,
  });
}

// The far corners of the seeded world, and a district on its city's spot.
const FAR = [
  territory(1, 'Sydney', -33.87, 151.21),
  territory(2, 'Bondi', -33.89, 151.27, { type: 'village', owner_id: 'me', sale_price: 400 }),
  territory(3, 'San Francisco', 37.77, -122.42, { owner_id: 'them' }),
  territory(4, 'Fort Bragg', 39.45, -123.8, { type: 'town' }),
  territory(5, 'Saint Petersburg', 59.93, 30.36),
  territory(6, 'Apollo Bay', -38.76, 143.67, { type: 'village' }),
  territory(7, 'Sydney CBD', -33.87, 151.21, { type: 'sub' }),
];
const VIEWS: Viewport[] = [
  { width: 700, height: 680 },
  { width: 1280, height: 800 },
  { width: 390, height: 600 },
  { width: 844, height: 250 },
];

function onScreen(camera: Camera, view: Viewport, point: Point, inset = HOME_INSETS) {
  const at = worldToScreen(camera, view, point);
  const clear = {
    left: Math.min(inset.left, view.width / 4),
    right: Math.min(inset.right, view.width / 4),
    top: Math.min(inset.top, view.height / 4),
    bottom: Math.min(inset.bottom, view.height / 4),
  };
  return (
    at.x >= clear.left - 1e-6 &&
    at.x <= view.width - clear.right + 1e-6 &&
    at.y >= clear.top - 1e-6 &&
    at.y <= view.height - clear.bottom + 1e-6
  );
}

describe('[home view] every territory in sight at any size', () => {
  const world = placeWorld(FAR, 'ownership', NO_FILTERS, 'me');
  const points = [...world.placed.values()];

  for (const view of VIEWS) {
    it(`when the map is ${view.width}x${view.height}, then the home view shows every territory clear of the controls, no further out than the world fitting`, () => {
      const home = homeCamera(view, points);
      // Clear of the controls where the world leaves room for them; at least on the map where it does not.
      const insets = home.zoom > minZoomFor(view) ? HOME_INSETS : { top: 0, right: 0, bottom: 0, left: 0 };
      for (const point of points) expect(onScreen(home, view, point, insets), point.territory.name).toBe(true);
      expect(home.zoom).toBeGreaterThanOrEqual(minZoomFor(view));
    });
  }

  it('when the territories crowd one region, then the home view comes closer than the whole world, but not past zoom 1', () => {
    const view = { width: 800, height: 600 };
    const europe = placeWorld([territory(1, 'Paris', 48.85, 2.35), territory(2, 'Vienna', 48.2, 16.37)], 'ownership', NO_FILTERS, null);
    expect(homeCamera(view, [...europe.placed.values()]).zoom).toBe(1);
  });

  it('when the map is a phone held upright, then it opens on the world filling its height, centred on the territories', () => {
    const view = { width: 390, height: 700 };
    const opening = openingCamera(view, points);
    expect(scaleOf(opening, view) * 600).toBeCloseTo(view.height, 6);
    const xs = points.map((point) => point.x);
    expect(opening.centerX).toBeCloseTo((Math.min(...xs) + Math.max(...xs)) / 2, 6);
    // Still closer than the whole world fitting: − and ⌂ show every territory.
    expect(canZoomOut(opening, view)).toBe(true);
  });

  it('when the map is not an upright phone, then it opens on the home view', () => {
    const views = [
      { width: 1280, height: 800 },
      { width: 700, height: 680 },
      { width: 844, height: 250 },
      { width: 390, height: 440 },
    ];
    for (const view of views) expect(openingCamera(view, points)).toEqual(homeCamera(view, points));
  });

  it('when there is no territory yet, then the home view is the whole world', () => {
    const view = { width: 900, height: 900 };
    expect(homeCamera(view, []).zoom).toBeCloseTo(minZoomFor(view), 9);
  });

  it('when the whole world fits, then − can go no further; closer in, it can', () => {
    const view = { width: 900, height: 900 };
    expect(canZoomOut({ centerX: 500, centerY: 300, zoom: minZoomFor(view) }, view)).toBe(false);
    expect(canZoomOut({ centerX: 500, centerY: 300, zoom: 1 }, view)).toBe(true);
  });
});

describe('[map model] markers and colour modes', () => {
  it('when the world is placed for a player, then each territory has a marker coloured by its mode, and the player’s own a ring', () => {
    const world = placeWorld(FAR, 'ownership', NO_FILTERS, 'me');
    expect(world.markers).toHaveLength(FAR.length);
    const tint = (id: number) => world.markers.find((marker) => marker.id === id)?.tint;
    expect(tint(2)).toBe(OWNERSHIP_COLOURS.mine);
    expect(tint(3)).toBe(OWNERSHIP_COLOURS.others);
    expect(tint(1)).toBe(OWNERSHIP_COLOURS.unowned);
    expect(world.rings.map((ring) => ring.id)).toEqual([2]);
    expect(world.markers.find((marker) => marker.id === 2)).toMatchObject(markerPosition(-33.89, 151.27));
  });

  it('when a filter keeps only what is for sale, then the others have no marker but still join the overlays', () => {
    const world = placeWorld(FAR, 'ownership', { ...NO_FILTERS, forSale: true }, 'me');
    expect(world.markers.map((marker) => marker.id)).toEqual([2]);
    expect(world.overlay).toHaveLength(FAR.length);
  });

  it('when a district shares its city’s spot, then it fans out only from the fanning scale on, the city stays', () => {
    const world = placeWorld(FAR, 'ownership', NO_FILTERS, null);
    expect(world.fan.has(1)).toBe(false);
    const direction = world.fan.get(7);
    expect(direction).toBeDefined();
    const base = world.placed.get(7)!;
    expect(fannedPosition(base, direction, FAN_SCALE / 2)).toEqual(base);
    const fanned = fannedPosition(base, direction, FAN_SCALE * 2);
    expect(Math.hypot(fanned.x - base.x, fanned.y - base.y) * FAN_SCALE * 2).toBeCloseTo(FAN_PX, 9);
  });
});

describe('[map model] labels and fly-to', () => {
  const view = { width: 1000, height: 600 };
  const world = placeWorld(FAR, 'ownership', NO_FILTERS, 'me');
  const drawnAt = (id: number) => world.placed.get(id);

  it('when the map is far out, then only the kinds named from afar are labelled, and a player’s own sale shows its price', () => {
    const far: Camera = { centerX: 500, centerY: 300, zoom: 1 };
    const labels = labelCandidates(world.placed, drawnAt, far, view, 'ownership');
    expect(labels.map((label) => label.name).sort()).toEqual(['Bondi']);
    expect(labels[0].badge).toEqual({ kind: 'price', text: '400 DRK' });
  });

  it("when a territory is auctioned or has offers, then its badge says so at any zoom, the auction's time left before its price", () => {
    const far: Camera = { centerX: 500, centerY: 300, zoom: 1 };
    const now = Date.parse('2031-05-01T12:00:00Z');
    const marks = {
      auctionEnds: new Map([
        [2, now + (2 * 60 + 10) * 60_000],
        [3, now - 1],
      ]),
      offered: new Set([3, 5]),
      now,
    };
    const labels = labelCandidates(world.placed, drawnAt, far, view, 'ownership', marks);
    const badges = Object.fromEntries(labels.map((label) => [label.name, label.badge]));
    expect(badges).toEqual({
      Bondi: { kind: 'auction', text: 'Auction 2h 10m' },
      // An auction past its end shows no longer; its offers do. Unowned land has no offers to show.
      'San Francisco': { kind: 'offers', text: 'Offers' },
    });
    expect(labelCandidates(world.placed, drawnAt, far, view, 'tier', marks).map((label) => label.badge)).toEqual([
      { kind: 'auction', text: 'Auction 2h 10m' },
      { kind: 'offers', text: 'Offers' },
    ]);
  });

  it('when the camera flies to a village, then it is centred, close enough to be named, and the camera never zooms out to get there', () => {
    const start: Camera = { centerX: 500, centerY: 300, zoom: 1 };
    const target = flyTarget(world.placed.get(6)!, world.fan.get(6), start, view);
    expect(scaleOf(target, view)).toBeGreaterThanOrEqual(12);
    const at = worldToScreen(target, view, world.placed.get(6)!);
    expect(at.x).toBeCloseTo(view.width / 2, 6);
    expect(at.y).toBeCloseTo(view.height / 2, 6);
    const close: Camera = { ...start, zoom: 40 };
    expect(flyTarget(world.placed.get(6)!, undefined, close, view).zoom).toBe(40);
    const labels = labelCandidates(world.placed, drawnAt, target, view, 'ownership');
    expect(labels.map((label) => label.name)).toContain('Apollo Bay');
  });
});

describe('[popup] beside the marker, never over it', () => {
  const view = { width: 800, height: 600 };
  const popup = { width: 290, height: 320 };
  const covers = (at: Point, marker: Point) =>
    marker.x >= at.x && marker.x <= at.x + popup.width && marker.y >= at.y && marker.y <= at.y + popup.height;

  for (const marker of [
    { x: 400, y: 300 },
    { x: 760, y: 40 },
    { x: 20, y: 580 },
    { x: 790, y: 300 },
    { x: 400, y: 10 },
  ]) {
    it(`when the marker is at ${marker.x},${marker.y}, then the popup stays inside the map and off the marker`, () => {
      const at = popupPlacement(marker, popup, view);
      expect(covers(at, marker)).toBe(false);
      expect(at.x).toBeGreaterThanOrEqual(0);
      expect(at.y).toBeGreaterThanOrEqual(0);
      expect(at.x + popup.width).toBeLessThanOrEqual(view.width);
      expect(at.y + popup.height).toBeLessThanOrEqual(view.height);
    });
  }

  it('when there is room on the right, then the popup opens there', () => {
    expect(popupPlacement({ x: 200, y: 300 }, popup, view).x).toBeGreaterThan(200);
  });
});
