import { describe, expect, it } from 'vitest';
import { MAP_HEIGHT, MAP_WIDTH, MAX_ZOOM, MIN_ZOOM } from '../../schema/constants.ts';
import {
  INITIAL_CAMERA,
  clampToMarkerArea,
  clampZoom,
  fitScale,
  initialCamera,
  scaleOf,
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

describe('[§5 map] fit to container', () => {
  it('when the container is wider than 5:3, then the height limits the scale', () => {
    expect(fitScale(wide)).toBe(1);
  });

  it('when the container is taller than 5:3, then the width limits the scale', () => {
    expect(fitScale(tall)).toBe(0.5);
  });

  it('when the container has no size yet, then the scale is 0', () => {
    expect(fitScale({ width: 0, height: 400 })).toBe(0);
  });

  it('when the camera starts, then the whole world is centred in the container', () => {
    const t = worldTransform(INITIAL_CAMERA, wide);
    expect(t).toEqual({ x: 500, y: 0, scale: 1 });
    expectPointClose(worldToScreen(INITIAL_CAMERA, tall, { x: MAP_WIDTH, y: MAP_HEIGHT }), { x: 500, y: 600 });
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

describe('[§5 map] zoom about a point, limited to 0.5 to 3', () => {
  it('when zooming in, then the world point under the cursor stays under it', () => {
    const cursor = { x: 700, y: 250 };
    const before = screenToWorld(INITIAL_CAMERA, wide, cursor);
    const zoomed = zoomAt(INITIAL_CAMERA, wide, cursor, 1.8);
    expect(zoomed.zoom).toBeCloseTo(1.8, 9);
    expectPointClose(screenToWorld(zoomed, wide, cursor), before);
  });

  it('when zooming past 3, then the zoom stops at 3', () => {
    expect(zoomAt(INITIAL_CAMERA, wide, { x: 1000, y: 300 }, 10).zoom).toBe(MAX_ZOOM);
  });

  it('when zooming out past 0.5, then the zoom stops at 0.5', () => {
    expect(zoomAt(INITIAL_CAMERA, wide, { x: 1000, y: 300 }, 0.01).zoom).toBe(MIN_ZOOM);
  });

  it('when already at the limit, then zooming further does not move the view', () => {
    const atMax: Camera = { centerX: 400, centerY: 250, zoom: MAX_ZOOM };
    const zoomed = zoomAt(atMax, tall, { x: 10, y: 20 }, 2);
    expect(zoomed.zoom).toBe(MAX_ZOOM);
    expectPointClose({ x: zoomed.centerX, y: zoomed.centerY }, { x: atMax.centerX, y: atMax.centerY });
  });

  it('clamps any zoom into range', () => {
    expect(clampZoom(0.1)).toBe(MIN_ZOOM);
    expect(clampZoom(1.7)).toBe(1.7);
    expect(clampZoom(99)).toBe(MAX_ZOOM);
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

  it('when dragging far past the edge, then the view centre stays on the world', () => {
    const panned = panBy(INITIAL_CAMERA, wide, 1e6, -1e6);
    expect(panned.centerX).toBe(0);
    expect(panned.centerY).toBe(MAP_HEIGHT);
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

describe('[issue 4 touch] pinch zoom', () => {
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
    const camera = pinchStep(INITIAL_CAMERA, view, [{ x: 100, y: 100 }, { x: 200, y: 100 }], [{ x: 150, y: 120 }, { x: 250, y: 120 }]);
    expect(camera.zoom).toBeCloseTo(1, 9);
    expect(camera.centerX).toBeCloseTo(INITIAL_CAMERA.centerX - 50, 9);
    expect(camera.centerY).toBeCloseTo(INITIAL_CAMERA.centerY - 20, 9);
  });

  it('when pinching past the limits, then the zoom stays within 0.5 to 3', () => {
    const camera = pinchStep(INITIAL_CAMERA, view, [{ x: 490, y: 300 }, { x: 510, y: 300 }], [{ x: 0, y: 300 }, { x: 1000, y: 300 }]);
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

describe('[issue 4 phone] initial camera', () => {
  it('when the map is wide, then it starts showing the whole world', () => {
    expect(initialCamera({ width: 700, height: 700 })).toEqual(INITIAL_CAMERA);
  });

  it('when the map is a phone held upright, then it starts zoomed so the world fills its height', () => {
    const view = { width: 375, height: 560 };
    const camera = initialCamera(view);
    expect(scaleOf(camera, view) * MAP_HEIGHT).toBeCloseTo(560, 6);
    expect(camera.zoom).toBeLessThanOrEqual(MAX_ZOOM);
  });
});
