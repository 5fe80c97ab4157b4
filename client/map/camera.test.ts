import { describe, expect, it } from 'vitest';
import { MAP_HEIGHT, MAP_WIDTH, MAX_ZOOM } from '../../schema/constants.ts';
import {
  INITIAL_CAMERA,
  cameraBetween,
  centredOn,
  clampToMarkerArea,
  clampZoom,
  minZoomFor,
  coverScale,
  panBy,
  pinchStep,
  screenToWorld,
  visibleWorldRect,
  wheelZoomFactor,
  worldToScreen,
  worldTransform,
  zoomAt,
  type Camera,
  type Viewport,
} from './camera.ts';

const wide: Viewport = { width: 2000, height: 600 };
const tall: Viewport = { width: 500, height: 900 };

function expectPointClose(actual: { x: number; y: number }, expected: { x: number; y: number }): void {
  expect(actual.x).toBeCloseTo(expected.x, 9);
  expect(actual.y).toBeCloseTo(expected.y, 9);
}

describe('[no bands] the world covers its container', () => {
  it('when the container is wider than 5:3, then the width sets the scale', () => {
    expect(coverScale(wide)).toBe(2);
  });

  it('when the container is taller than 5:3, then the height sets the scale', () => {
    expect(coverScale(tall)).toBe(1.5);
  });

  it('when the container has no size yet, then the scale is 0', () => {
    expect(coverScale({ width: 0, height: 0 })).toBe(0);
  });

  it('when the camera starts, then the world reaches every edge of the container', () => {
    for (const view of [wide, tall, { width: 375, height: 812 }, { width: 733, height: 700 }]) {
      const topLeft = worldToScreen(INITIAL_CAMERA, view, { x: 0, y: 0 });
      const bottomRight = worldToScreen(INITIAL_CAMERA, view, { x: MAP_WIDTH, y: MAP_HEIGHT });
      expect(topLeft.x).toBeLessThanOrEqual(1e-9);
      expect(topLeft.y).toBeLessThanOrEqual(1e-9);
      expect(bottomRight.x).toBeGreaterThanOrEqual(view.width - 1e-9);
      expect(bottomRight.y).toBeGreaterThanOrEqual(view.height - 1e-9);
    }
  });
});

describe('[§5 map] screen and world transforms', () => {
  const camera: Camera = { centerX: 300, centerY: 200, zoom: 2.5 };

  it('when a point goes to the screen and back, then it is unchanged', () => {
    for (const view of [wide, tall]) {
      const world = { x: 123.4, y: 567.8 };
      expectPointClose(screenToWorld(camera, view, worldToScreen(camera, view, world)), world);
    }
  });

  it('when the world point is the camera centre, then it sits at the viewport centre', () => {
    expectPointClose(worldToScreen(camera, tall, { x: 300, y: 200 }), { x: 250, y: 450 });
  });

  it('when the viewport is empty, then every screen point maps to the centre instead of dividing by 0', () => {
    expect(screenToWorld(camera, { width: 0, height: 0 }, { x: 10, y: 10 })).toEqual({ x: 300, y: 200 });
  });

  it('when the world container is placed by worldTransform, then it agrees with worldToScreen', () => {
    const t = worldTransform(camera, tall);
    const world = { x: 640, y: 90 };
    expectPointClose({ x: t.x + world.x * t.scale, y: t.y + world.y * t.scale }, worldToScreen(camera, tall, world));
  });
});

describe('[zoom] zoom about a point, limited to 1 to 64', () => {
  it('when zooming in, then the world point under the cursor stays under it', () => {
    const cursor = { x: 700, y: 250 };
    const start: Camera = { centerX: 500, centerY: 300, zoom: 2 };
    const before = screenToWorld(start, wide, cursor);
    const zoomed = zoomAt(start, wide, cursor, 1.8);
    expect(zoomed.zoom).toBeCloseTo(3.6, 9);
    expectPointClose(screenToWorld(zoomed, wide, cursor), before);
  });

  it('when zooming past the maximum, then the zoom stops there', () => {
    expect(zoomAt(INITIAL_CAMERA, wide, { x: 1000, y: 300 }, 1000).zoom).toBe(MAX_ZOOM);
  });

  it('when zooming out past the whole world, then the zoom stops where the whole world fits, in the middle of the view', () => {
    // 2000x600: the world is 1000x600 at the least zoom, with 500 px of ocean either side.
    const out = zoomAt(INITIAL_CAMERA, wide, { x: 1000, y: 300 }, 0.01);
    expect(out.zoom).toBe(minZoomFor(wide));
    expectPointClose(worldToScreen(out, wide, { x: 0, y: 0 }), { x: 500, y: 0 });
    expectPointClose(worldToScreen(out, wide, { x: MAP_WIDTH, y: MAP_HEIGHT }), { x: 1500, y: 600 });
    // 500x900: the world is 500x300 and sits in the middle of the height.
    const fitted = zoomAt(INITIAL_CAMERA, tall, { x: 250, y: 450 }, 0.01);
    expectPointClose(worldToScreen(fitted, tall, { x: 0, y: 0 }), { x: 0, y: 300 });
  });

  it('when already at the limit, then zooming further does not move the view', () => {
    const atMax: Camera = { centerX: 400, centerY: 250, zoom: MAX_ZOOM };
    const zoomed = zoomAt(atMax, tall, { x: 10, y: 20 }, 2);
    expect(zoomed.zoom).toBe(MAX_ZOOM);
    expectPointClose({ x: zoomed.centerX, y: zoomed.centerY }, { x: atMax.centerX, y: atMax.centerY });
  });

  it('clamps any zoom into range', () => {
    expect(clampZoom(0.1, wide)).toBe(0.5);
    expect(clampZoom(0.1, { width: 1000, height: 600 })).toBe(1);
    expect(clampZoom(17, wide)).toBe(17);
    expect(clampZoom(99, wide)).toBe(MAX_ZOOM);
  });
});

describe('[§5 map] panning', () => {
  it('when dragging, then the grabbed world point follows the pointer', () => {
    const camera: Camera = { centerX: 500, centerY: 300, zoom: 2 };
    const grab = { x: 900, y: 400 };
    const grabbed = screenToWorld(camera, wide, grab);
    const panned = panBy(camera, wide, -120, 45);
    expectPointClose(screenToWorld(panned, wide, { x: grab.x - 120, y: grab.y + 45 }), grabbed);
  });

  it('when dragging far past the edge, then the view stops at the edge of the world', () => {
    const camera: Camera = { centerX: 500, centerY: 300, zoom: 4 };
    const panned = panBy(camera, wide, 1e6, -1e6);
    const rect = visibleWorldRect(panned, wide);
    expect(rect.minX).toBeCloseTo(0, 9);
    expect(rect.maxY).toBeCloseTo(MAP_HEIGHT, 9);
  });
});

describe('wheel', () => {
  it('when the wheel turns down, then it zooms out, and up zooms in by the same factor', () => {
    const down = wheelZoomFactor(100, 0);
    expect(down).toBeLessThan(1);
    expect(wheelZoomFactor(-100, 0) * down).toBeCloseTo(1, 12);
  });

  it('when the browser reports lines, then they count as 16 pixels each', () => {
    expect(wheelZoomFactor(3, 1)).toBeCloseTo(wheelZoomFactor(48, 0), 12);
  });
});

describe('[touch] pinch zoom', () => {
  const view: Viewport = { width: 1000, height: 600 };

  it('when two fingers spread to twice their distance around a fixed midpoint, then the zoom doubles and that point stays put', () => {
    const before: [{ x: number; y: number }, { x: number; y: number }] = [
      { x: 400, y: 300 },
      { x: 600, y: 300 },
    ];
    const after: typeof before = [
      { x: 300, y: 300 },
      { x: 700, y: 300 },
    ];
    const worldBefore = screenToWorld(INITIAL_CAMERA, view, { x: 500, y: 300 });
    const camera = pinchStep(INITIAL_CAMERA, view, before, after);
    expect(camera.zoom).toBeCloseTo(2, 9);
    expectPointClose(screenToWorld(camera, view, { x: 500, y: 300 }), worldBefore);
  });

  it('when two fingers move together without spreading, then the map pans with them', () => {
    const start: Camera = { centerX: 500, centerY: 300, zoom: 2 };
    const camera = pinchStep(
      start,
      view,
      [
        { x: 100, y: 100 },
        { x: 200, y: 100 },
      ],
      [
        { x: 150, y: 120 },
        { x: 250, y: 120 },
      ],
    );
    expect(camera.zoom).toBeCloseTo(2, 9);
    expect(camera.centerX).toBeCloseTo(start.centerX - 25, 9);
    expect(camera.centerY).toBeCloseTo(start.centerY - 10, 9);
  });

  it('when pinching past the limits, then the zoom stays within range', () => {
    const camera = pinchStep(
      INITIAL_CAMERA,
      view,
      [
        { x: 490, y: 300 },
        { x: 510, y: 300 },
      ],
      [
        { x: -1e5, y: 300 },
        { x: 1e5, y: 300 },
      ],
    );
    expect(camera.zoom).toBe(MAX_ZOOM);
  });
});

describe('[§5 map] culling rectangle and marker clamp', () => {
  it('when zoomed in on the centre, then only the middle of the world is in view', () => {
    const rect = visibleWorldRect({ centerX: 500, centerY: 300, zoom: 2 }, { width: 1000, height: 600 });
    expect(rect).toEqual({ minX: 250, minY: 150, maxX: 750, maxY: 450 });
  });

  it('when a pin is dragged past an edge, then it stays 20 units inside the map', () => {
    expect(clampToMarkerArea({ x: -40, y: 700 })).toEqual({ x: 20, y: 580 });
    expect(clampToMarkerArea({ x: 500, y: 300 })).toEqual({ x: 500, y: 300 });
  });
});

describe('[search] flying the camera', () => {
  it('when centred on a point inside the world, then that point is at the viewport centre', () => {
    const camera = centredOn({ x: 510, y: 140 }, 12, wide);
    expectPointClose(worldToScreen(camera, wide, { x: 510, y: 140 }), { x: wide.width / 2, y: wide.height / 2 });
  });

  it('when centred on a point at the edge, then the view stays on the world', () => {
    const camera = centredOn({ x: 2, y: 598 }, 2, wide);
    const rect = visibleWorldRect(camera, wide);
    expect(rect.minX).toBeCloseTo(0, 9);
    expect(rect.maxY).toBeCloseTo(MAP_HEIGHT, 9);
  });

  it('when a flight starts and ends, then it is at its two cameras, zooming evenly on a log scale between', () => {
    const from: Camera = { centerX: 100, centerY: 100, zoom: 1 };
    const to: Camera = { centerX: 500, centerY: 300, zoom: 16 };
    expect(cameraBetween(from, to, 0)).toEqual(from);
    expect(cameraBetween(from, to, 1)).toEqual(to);
    expect(cameraBetween(from, to, 0.5).zoom).toBeCloseTo(4, 9);
  });
});
