// Draws the packed geography onto a 2D canvas. It runs in the geography worker
// (geographyWorker.ts), so rasterising the world never holds the main thread, which in software
// WebGL it did for over a second: the map only receives finished pictures.
import type { DecodedGeography } from './geographyData.ts';

export const GEOGRAPHY_COLOURS = { ocean: 0x0b2036, land: 0x233b33, coast: 0x5f8fb0, border: 0x7c8f86 } as const;
export const BORDER_ALPHA = 0.55;
export const COAST_ALPHA = 0.9;

/** Which Natural Earth detail a picture is drawn from: 110m far out, 50m close up. */
export type GeographyLevel = 'far' | 'close';

export interface WorldRect {
  minX: number;
  minY: number;
  maxX: number;
  maxY: number;
}

const css = (colour: number) => `#${colour.toString(16).padStart(6, '0')}`;

function tracePaths(context: OffscreenCanvasRenderingContext2D, paths: readonly Float32Array[], close: boolean): void {
  context.beginPath();
  for (const path of paths) {
    context.moveTo(path[0], path[1]);
    for (let i = 2; i < path.length; i += 2) context.lineTo(path[i], path[i + 1]);
    if (close) context.closePath();
  }
}

/**
 * Ocean, land, borders and coasts of `rect` at `pixelsPerUnit` canvas pixels per map unit, from
 * the canvas's top left corner. Lines are hairlines: one canvas pixel at any zoom.
 */
export function drawGeography(
  context: OffscreenCanvasRenderingContext2D,
  shapes: DecodedGeography,
  rect: WorldRect,
  pixelsPerUnit: number,
): void {
  context.setTransform(1, 0, 0, 1, 0, 0);
  context.globalAlpha = 1;
  context.fillStyle = css(GEOGRAPHY_COLOURS.ocean);
  context.fillRect(0, 0, context.canvas.width, context.canvas.height);
  context.setTransform(pixelsPerUnit, 0, 0, pixelsPerUnit, -rect.minX * pixelsPerUnit, -rect.minY * pixelsPerUnit);
  // Even-odd, so a lake's ring inside the land leaves water.
  tracePaths(context, shapes.land, true);
  context.fillStyle = css(GEOGRAPHY_COLOURS.land);
  context.fill('evenodd');
  context.lineWidth = 1 / pixelsPerUnit;
  for (const [paths, colour, alpha] of [
    [shapes.borders, GEOGRAPHY_COLOURS.border, BORDER_ALPHA],
    [shapes.coasts, GEOGRAPHY_COLOURS.coast, COAST_ALPHA],
  ] as const) {
    tracePaths(context, paths, false);
    context.strokeStyle = css(colour);
    context.globalAlpha = alpha;
    context.stroke();
  }
}
