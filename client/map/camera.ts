import { MAP_HEIGHT, MAP_WIDTH, MAX_ZOOM, MIN_ZOOM } from '../../schema/constants.ts';

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

export function clampZoom(zoom: number): number {
  return clamp(zoom, MIN_ZOOM, MAX_ZOOM);
}

// The scale at which the whole 1000x600 world just fits the viewport (zoom 1).
export function fitScale(view: Viewport): number {
  return Math.max(0, Math.min(view.width / MAP_WIDTH, view.height / MAP_HEIGHT));
}

export function scaleOf(camera: Camera, view: Viewport): number {
  return fitScale(view) * camera.zoom;
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

// Keeping the centre on the world means the map can never be panned out of sight.
function keepCentreOnWorld(camera: Camera): Camera {
  return {
    zoom: camera.zoom,
    centerX: clamp(camera.centerX, 0, MAP_WIDTH),
    centerY: clamp(camera.centerY, 0, MAP_HEIGHT),
  };
}

// Zooms by `factor` while the world point under `anchor` (a screen point) stays under it.
export function zoomAt(camera: Camera, view: Viewport, anchor: Point, factor: number): Camera {
  const zoom = clampZoom(camera.zoom * factor);
  const scale = fitScale(view) * zoom;
  if (scale === 0) return { ...camera, zoom };
  const world = screenToWorld(camera, view, anchor);
  return keepCentreOnWorld({
    zoom,
    centerX: world.x - (anchor.x - view.width / 2) / scale,
    centerY: world.y - (anchor.y - view.height / 2) / scale,
  });
}

// Moves the world by a drag of (dx, dy) screen pixels, so the point grabbed follows the pointer.
export function panBy(camera: Camera, view: Viewport, dx: number, dy: number): Camera {
  const scale = scaleOf(camera, view);
  if (scale === 0) return camera;
  return keepCentreOnWorld({
    zoom: camera.zoom,
    centerX: camera.centerX - dx / scale,
    centerY: camera.centerY - dy / scale,
  });
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
