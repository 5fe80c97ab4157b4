import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { extname, join, normalize, sep } from 'node:path';
import express, { type RequestHandler } from 'express';
import { isClientRoute } from '../../../schema/routes.ts';
import { compressBody, sendCompressed, type CompressedBody } from './cache/compressed-body.ts';

export const CLIENT_DIR = new URL('../../../dist/client/', import.meta.url).pathname;

/** Vite names every file under assets/ by a hash of its content, so a name never changes meaning. */
const HASHED_ASSETS = '/assets/';
const IMMUTABLE = 'public, max-age=31536000, immutable';
const COMPRESSIBLE: Record<string, string> = {
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
};

// The service worker names the files of the build it belongs to: a browser holding an hour-old copy
// would keep an old build's offline page and rules for that hour.
const SERVICE_WORKER = 'sw.js';

function cacheControlOf(dir: string, path: string): string {
  if (path.startsWith(join(dir, HASHED_ASSETS))) return IMMUTABLE;
  return path === join(dir, SERVICE_WORKER) ? 'no-cache' : 'public, max-age=3600';
}

/**
 * The hashed scripts and styles, compressed once per process in brotli and gzip and then served
 * from memory; null for a file that is not there or not worth compressing.
 */
function compressedAssets(dir: string) {
  const assetsDir = join(dir, HASHED_ASSETS);
  const kept = new Map<string, Promise<CompressedBody | null>>();
  return (path: string): Promise<CompressedBody | null> => {
    // Kept by the file, not the path asked for: /assets//x.js and /assets/./x.js are one entry,
    // so spelling a path many ways cannot fill the memory.
    const file = normalize(join(dir, path));
    const cached = kept.get(file);
    if (cached) return cached;
    const contentType = COMPRESSIBLE[extname(file)];
    if (!contentType || !file.startsWith(assetsDir) || file.includes(`${sep}..`)) return Promise.resolve(null);
    const loading = readFile(file).then(
      (content) => compressBody(content, contentType),
      () => null,
    );
    // A missing file is not remembered: a build may still be writing it.
    loading.then((body) => body === null && kept.delete(file));
    kept.set(file, loading);
    return loading;
  };
}

/**
 * Serves the built client, and its index.html for every path: with 200 for a route the client's
 * router owns, with 404 for any other, where the client shows its not-found page.
 */
export function serveClient(dir = CLIENT_DIR): RequestHandler[] {
  const index = join(dir, 'index.html');
  const compressed = compressedAssets(dir);
  return [
    async (req, res, next) => {
      if ((req.method !== 'GET' && req.method !== 'HEAD') || !req.path.startsWith(HASHED_ASSETS)) return next();
      const body = await compressed(req.path);
      if (body) sendCompressed(req, res, body, IMMUTABLE);
      else next();
    },
    express.static(dir, {
      index: false,
      setHeaders: (res, path) => {
        res.setHeader('Cache-Control', cacheControlOf(dir, path));
      },
    }),
    (req, res, next) => {
      if (req.method !== 'GET' && req.method !== 'HEAD') return next();
      if (req.path.startsWith(HASHED_ASSETS)) {
        res.status(404).type('text').send('No such file');
        return;
      }
      if (!existsSync(index)) {
        res.status(503).type('text').send('The client is not built yet: run `npm run build` (npm start does it for you).');
        return;
      }
      // The page names the current hashed files, so it is checked again on every visit.
      res.status(isClientRoute(req.path) ? 200 : 404).sendFile(index, { headers: { 'Cache-Control': 'no-cache' } });
    },
  ];
}
