// Natural Earth geometry projected onto the 1000x600 map by the same projection as the markers
// (projectToMap), so a coastal city's marker sits on its coast.
import { geoPath, geoProjection, type GeoPermissibleObjects, type GeoProjection } from 'd3-geo';
import { mesh, feature } from 'topojson-client';
import type { GeometryCollection, Topology } from 'topojson-specification';
import { MAP_HEIGHT, MAP_WIDTH } from '../../schema/constants.ts';

// projectToMap spreads 360 degrees over the width and 180 over the height, so a degree of latitude
// is this many times taller than a degree of longitude is wide.
const VERTICAL_STRETCH = MAP_HEIGHT / 180 / (MAP_WIDTH / 360);

/** d3's form of projectToMap: it also cuts shapes at the antimeridian, which a plain formula cannot. */
export function mapProjection(): GeoProjection {
  return geoProjection((lambda, phi) => [lambda, phi * VERTICAL_STRETCH])
    .scale(MAP_WIDTH / (2 * Math.PI))
    .translate([MAP_WIDTH / 2, MAP_HEIGHT / 2])
    .precision(0);
}

/** Flat [x0, y0, x1, y1, ...] runs of map coordinates: rings for areas, lines for borders. */
export type Path = number[];

// A d3 path context that collects point runs instead of drawing them.
class PathCollector {
  readonly paths: Path[] = [];
  private current: Path | null = null;
  moveTo(x: number, y: number): void {
    this.current = [x, y];
    this.paths.push(this.current);
  }
  lineTo(x: number, y: number): void {
    this.current?.push(x, y);
  }
  closePath(): void {
    this.current = null;
  }
  arc(): void {}
  beginPath(): void {}
}

function pathsOf(projection: GeoProjection, object: GeoPermissibleObjects): Path[] {
  const collector = new PathCollector();
  geoPath(projection, collector).context(collector)(object);
  // A run of fewer than two points draws nothing.
  return collector.paths.filter((path) => path.length >= 4);
}

export interface WorldTopology extends Topology {
  objects: { countries: GeometryCollection; land: GeometryCollection };
}

export interface GeographyShapes {
  /** Land rings, filled. */
  land: Path[];
  /** Lines between two countries. */
  borders: Path[];
  /** Lines between land and sea. */
  coasts: Path[];
}

export function geographyShapes(topology: WorldTopology): GeographyShapes {
  const projection = mapProjection();
  const { countries, land } = topology.objects;
  return {
    land: pathsOf(projection, feature(topology, land)),
    borders: pathsOf(
      projection,
      mesh(topology, countries, (a, b) => a !== b),
    ),
    coasts: pathsOf(projection, mesh(topology, land)),
  };
}
