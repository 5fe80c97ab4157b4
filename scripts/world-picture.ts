// The world as one SVG picture, made at build time from the same projected shapes as the map: the
// page shows it at once (client/index.html, and under the map until PixiJS has painted), so the first
// screen's largest paint is a picture that arrives with the page rather than the map, which starts
// later ("a first screen that is ready at once").
import { MAP_HEIGHT, MAP_WIDTH } from '../schema/constants.ts';
import { BORDER_ALPHA, COAST_ALPHA, GEOGRAPHY_COLOURS } from '../client/map/geographyRaster.ts';
import type { GeographyShapes, Path } from '../client/map/projection.ts';

// Steps per map unit: at the widest screens a map unit is under two pixels, so half a unit is
// finer than the eye and keeps every number a short integer.
const GRID = 2;

const css = (colour: number) => `#${colour.toString(16).padStart(6, '0')}`;

/** One path's `d`: an absolute start, then relative steps on the grid, dropping those that do not move. */
function pathData(paths: readonly Path[], close: boolean): string {
  let data = '';
  for (const path of paths) {
    let x = Math.round(path[0] * GRID);
    let y = Math.round(path[1] * GRID);
    let steps = '';
    for (let i = 2; i < path.length; i += 2) {
      const nextX = Math.round(path[i] * GRID);
      const nextY = Math.round(path[i + 1] * GRID);
      if (nextX === x && nextY === y) continue;
      // A minus sign separates numbers by itself.
      for (const step of [nextX - x, nextY - y]) steps += step < 0 ? String(step) : ` ${step}`;
      x = nextX;
      y = nextY;
    }
    // A run that never moves draws nothing.
    if (steps === '') continue;
    data += `M${Math.round(path[0] * GRID)} ${Math.round(path[1] * GRID)}l${steps.trimStart()}${close ? 'z' : ''}`;
  }
  return data;
}

/**
 * Ocean, land, borders and coasts in the map's colours, in map coordinates (the viewBox is the
 * 1000x600 world). The coasts are the land's own outline, stroked, rather than a second copy of it
 * (the first screen waits for every byte). Its intrinsic size is the world at two pixels a unit, so
 * the browser never counts the picture smaller than it is shown. Lines stay one pixel wide at any size.
 */
export function worldPictureSvg(shapes: GeographyShapes): string {
  const stroke = (colour: number, opacity: number) =>
    `stroke="${css(colour)}" stroke-opacity="${opacity}" vector-effect="non-scaling-stroke"`;
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${MAP_WIDTH * GRID} ${MAP_HEIGHT * GRID}" width="${MAP_WIDTH * 2}" height="${MAP_HEIGHT * 2}">`,
    `<rect width="100%" height="100%" fill="${css(GEOGRAPHY_COLOURS.ocean)}"/>`,
    `<path fill="${css(GEOGRAPHY_COLOURS.land)}" fill-rule="evenodd" ${stroke(GEOGRAPHY_COLOURS.coast, COAST_ALPHA)} d="${pathData(shapes.land, true)}"/>`,
    `<path fill="none" ${stroke(GEOGRAPHY_COLOURS.border, BORDER_ALPHA)} d="${pathData(shapes.borders, false)}"/>`,
    '</svg>',
  ].join('');
}
