// Vite plugin: `virtual:geography/110m` and `virtual:geography/50m` are the world's land, borders
// and coasts projected onto the map and packed (client/map/geographyData.ts) while building, so the
// browser neither downloads the topology nor runs d3-geo on it (issue 25, "a first screen that is
// ready at once").
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Plugin } from 'vite';
import { encodeGeography } from '../client/map/geographyData.ts';
import { geographyShapes, type WorldTopology } from '../client/map/projection.ts';

const PREFIX = 'virtual:geography/';
const DETAILS = ['110m', '50m'];
const require = createRequire(import.meta.url);

/** The packed geography of one Natural Earth detail, as base64. */
function packedGeography(detail: string): string {
  if (!DETAILS.includes(detail)) throw new Error(`No geography at ${detail}: one of ${DETAILS.join(', ')}`);
  const topology = JSON.parse(readFileSync(require.resolve(`world-atlas/countries-${detail}.json`), 'utf8')) as WorldTopology;
  return encodeGeography(geographyShapes(topology));
}

export function geographyPlugin(): Plugin {
  return {
    name: 'wanakt-geography',
    resolveId(id) {
      return id.startsWith(PREFIX) ? `\0${id}` : undefined;
    },
    load(id) {
      if (!id.startsWith(`\0${PREFIX}`)) return undefined;
      return `export default ${JSON.stringify(packedGeography(id.slice(PREFIX.length + 1)))};`;
    },
  };
}
