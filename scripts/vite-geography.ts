// Vite plugin: `virtual:geography/110m` and `virtual:geography/50m` are the world's land, borders
// and coasts projected onto the map and packed (client/map/geographyData.ts) while building, so the
// browser neither downloads the topology nor runs d3-geo on it ("a first screen that is
// ready at once"). `virtual:geography/picture` is the address of the same world as one SVG picture
// (world-picture.ts), which index.html shows before any script has run: its
// `<img data-world-picture>` gets that address as its src.
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Plugin } from 'vite';
import { encodeGeography } from '../client/map/geographyData.ts';
import { geographyShapes, type GeographyShapes, type WorldTopology } from '../client/map/projection.ts';
import { worldPictureSvg } from './world-picture.ts';

const PREFIX = 'virtual:geography/';
const DETAILS = ['110m', '50m'];
const PICTURE = 'picture';
const PICTURE_DETAIL = '110m';
const require = createRequire(import.meta.url);

function shapesOf(detail: string): GeographyShapes {
  if (!DETAILS.includes(detail)) throw new Error(`No geography at ${detail}: one of ${DETAILS.join(', ')}`);
  const topology = JSON.parse(readFileSync(require.resolve(`world-atlas/countries-${detail}.json`), 'utf8')) as WorldTopology;
  return geographyShapes(topology);
}

interface Picture {
  /** Under assets/ and named by its content, as Vite names what it builds, so the server may cache it for good. */
  fileName: string;
  svg: string;
}

export function geographyPlugin(): Plugin {
  let building = false;
  let picture: Picture | undefined;
  const worldPicture = (): Picture => {
    if (picture) return picture;
    const svg = worldPictureSvg(shapesOf(PICTURE_DETAIL));
    picture = { svg, fileName: `assets/world-${createHash('sha256').update(svg).digest('hex').slice(0, 10)}.svg` };
    return picture;
  };
  return {
    name: 'wanakt-geography',
    configResolved(config) {
      building = config.command === 'build';
    },
    resolveId(id) {
      return id.startsWith(PREFIX) ? `\0${id}` : undefined;
    },
    load(id) {
      if (!id.startsWith(`\0${PREFIX}`)) return undefined;
      const name = id.slice(PREFIX.length + 1);
      if (name !== PICTURE) return `export default ${JSON.stringify(encodeGeography(shapesOf(name)))};`;
      const { fileName, svg } = worldPicture();
      if (building) this.emitFile({ type: 'asset', fileName, source: svg });
      return `export default ${JSON.stringify(`/${fileName}`)};`;
    },
    configureServer(server) {
      server.middlewares.use((req, res, next) => {
        const { fileName, svg } = worldPicture();
        if (req.url !== `/${fileName}`) return next();
        res.setHeader('Content-Type', 'image/svg+xml');
        res.end(svg);
      });
    },
    transformIndexHtml: {
      order: 'post',
      handler: (html) => html.replace('data-world-picture', `src="/${worldPicture().fileName}"`),
    },
  };
}
