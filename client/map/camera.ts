import { MAP_HEIGHT, MAP_WIDTH, MARKER_MAX_X, MARKER_MAX_Y, MARKER_MIN_X, MARKER_MIN_Y, MAX_ZOOM } from '../../schema/constants.ts';

export interface Point {
  x: number;
  y: number;
}

// The size of the canvas in CSS pixels.
export interface Viewport {
  width: number;
  height: number;
}

// The camera names the world point shown at the viewport's centre rather than a screen offset,
// so a resize keeps the same part of the world in view without any correction.
export interface Camera {
  centerX: number;
  centerY: number;
  zoom: number;
}

export const INITIAL_CAMERA: Camera = { centerX: MAP_WIDTH / 2, centerY: MAP_HEIGHT / 2, zoom: 1 };

// Screen pixels one wheel "line" or "page" stands for when the browser reports wheel deltas in those units.
const PIXELS_PER_LINE = 16;
const PIXELS_PER_PAGE = 600;
// Zoom changes by e^(pixels * rate): a typical 100 px wheel notch zooms by about 20%.
const WHEEL_ZOOM_RATE = 0.002;

function clamp(value: number, min: number, max: number): number {
  return Math.min(max, Math.max(min, value));
}

// The scale at which the 1000x600 world just covers the viewport (zoom 1): the map fills its panel
// at any shape, cropping the world where the panel's shape differs.
export function coverScale(view: Viewport): number {
  return Math.max(0, Math.max(view.width / MAP_WIDTH, view.height / MAP_HEIGHT));
}

/** The least zoom: the whole world fits the view, with ocean beside it where the shapes differ. */
export function minZoomFor(view: Viewport): number {
  const cover = coverScale(view);
  if (cover === 0) return 1;
  return Math.min(view.width / MAP_WIDTH, view.height / MAP_HEIGHT) / cover;
}

export function clampZoom(zoom: number, view: Viewport): number {
  return clamp(zoom, minZoomFor(view), MAX_ZOOM);
}

export function scaleOf(camera: Camera, view: Viewport): number {
  return coverScale(view) * camera.zoom;
}

export function worldToScreen(camera: Camera, view: Viewport, point: Point): Point {
  const scale = scaleOf(camera, view);
  return {
    x: (point.x - camera.centerX) * scale + view.width / 2,
    y: (point.y - camera.centerY) * scale + view.height / 2,
  };
}

export function screenToWorld(camera: Camera, view: Viewport, point: Point): Point {
  const scale = scaleOf(camera, view);
  // An empty viewport shows nothing, so every screen point stands for the centre.
  if (scale === 0) return { x: camera.centerX, y: camera.centerY };
  return {
    x: (point.x - view.width / 2) / scale + camera.centerX,
    y: (point.y - view.height / 2) / scale + camera.centerY,
  };
}

// The view never leaves the world where the world is larger than it; where it is smaller (zoomed
// out to fit), the world sits in the middle.
export function keepViewOnWorld(camera: Camera, view: Viewport): Camera {
  const scale = scaleOf(camera, view);
  if (scale === 0) return camera;
  const halfWidth = Math.min(MAP_WIDTH / 2, view.width / 2 / scale);
  const halfHeight = Math.min(MAP_HEIGHT / 2, view.height / 2 / scale);
  return {
    zoom: camera.zoom,
    centerX: clamp(camera.centerX, halfWidth, MAP_WIDTH - halfWidth),
    centerY: clamp(camera.centerY, halfHeight, MAP_HEIGHT - halfHeight),
  };
}

// Zooms by `factor` while the world point under `anchor` (a screen point) stays under it.
export function zoomAt(camera: Camera, view: Viewport, anchor: Point, factor: number): Camera {
  const zoom = clampZoom(camera.zoom * factor, view);
  const scale = coverScale(view) * zoom;
  if (scale === 0) return { ...camera, zoom };
  const world = screenToWorld(camera, view, anchor);
  return keepViewOnWorld(
    {
      zoom,
      centerX: world.x - (anchor.x - view.width / 2) / scale,
      centerY: world.y - (anchor.y - view.height / 2) / scale,
    },
    view,
  );
}

// Moves the world by a drag of (dx, dy) screen pixels, so the point grabbed follows the pointer.
export function panBy(camera: Camera, view: Viewport, dx: number, dy: number): Camera {
  const scale = scaleOf(camera, view);
  if (scale === 0) return camera;
  return keepViewOnWorld(
    {
      zoom: camera.zoom,
      centerX: camera.centerX - dx / scale,
      centerY: camera.centerY - dy / scale,
    },
    view,
  );
}

// The position and uniform scale of the container that holds the world, in screen pixels.
export function worldTransform(camera: Camera, view: Viewport): { x: number; y: number; scale: number } {
  const origin = worldToScreen(camera, view, { x: 0, y: 0 });
  return { x: origin.x, y: origin.y, scale: scaleOf(camera, view) };
}

// The zoom factor of one wheel event; `deltaMode` is WheelEvent's (0 pixels, 1 lines, 2 pages).
export function wheelZoomFactor(deltaY: number, deltaMode: number): number {
  const unit = deltaMode === 1 ? PIXELS_PER_LINE : deltaMode === 2 ? PIXELS_PER_PAGE : 1;
  return Math.exp(-deltaY * unit * WHEEL_ZOOM_RATE);
}

// One step of a two-finger gesture: zoom by how much the fingers spread, around their midpoint,
// then follow the midpoint, so the world stays pinned under both fingers.
export function pinchStep(camera: Camera, view: Viewport, before: [Point, Point], after: [Point, Point]): Camera {
  const spread = (pair: [Point, Point]) => Math.hypot(pair[0].x - pair[1].x, pair[0].y - pair[1].y);
  const middle = (pair: [Point, Point]): Point => ({ x: (pair[0].x + pair[1].x) / 2, y: (pair[0].y + pair[1].y) / 2 });
  const factor = spread(before) > 0 ? spread(after) / spread(before) : 1;
  const from = middle(before);
  const to = middle(after);
  return panBy(zoomAt(camera, view, from, factor), view, to.x - from.x, to.y - from.y);
}

/** The world rectangle the viewport shows, for culling what lies outside it. */
export function visibleWorldRect(camera: Camera, view: Viewport): { minX: number; minY: number; maxX: number; maxY: number } {
  const topLeft = screenToWorld(camera, view, { x: 0, y: 0 });
  const bottomRight = screenToWorld(camera, view, { x: view.width, y: view.height });
  return { minX: topLeft.x, minY: topLeft.y, maxX: bottomRight.x, maxY: bottomRight.y };
}

/** docs/rules.md §5: a marker stays 20 units inside the map's edges. */
export function clampToMarkerArea(point: Point): Point {
  return { x: clamp(point.x, MARKER_MIN_X, MARKER_MAX_X), y: clamp(point.y, MARKER_MIN_Y, MARKER_MAX_Y) };
}

/** A camera centred on `point` at `zoom`, as far as the world's edges allow. */
export function centredOn(point: Point, zoom: number, view: Viewport): Camera {
  return keepViewOnWorld({ centerX: point.x, centerY: point.y, zoom: clampZoom(zoom, view) }, view);
}

/** The camera `progress` (0 to 1) of the way from `from` to `to`, zooming on a log scale so the flight feels even. */
export function cameraBetween(from: Camera, to: Camera, progress: number): Camera {
  const t = clamp(progress, 0, 1);
  if (t === 1) return to;
  const eased = t < 0.5 ? 2 * t * t : 1 - (-2 * t + 2) ** 2 / 2;
  return {
    centerX: from.centerX + (to.centerX - from.centerX) * eased,
    centerY: from.centerY + (to.centerY - from.centerY) * eased,
    zoom: Math.exp(Math.log(from.zoom) + (Math.log(to.zoom) - Math.log(from.zoom)) * eased),
  };
}
