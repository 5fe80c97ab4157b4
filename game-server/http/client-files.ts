import { existsSync } from 'node:fs';
import { join } from 'node:path';
import express, { type RequestHandler } from 'express';

export const CLIENT_DIR = new URL('../../dist/client/', import.meta.url).pathname;

/** Serves the built client, and its index.html for every route the client's router owns. */
export function serveClient(dir = CLIENT_DIR): RequestHandler[] {
  const index = join(dir, 'index.html');
  return [
    express.static(dir, { index: false, maxAge: '1h' }),
    (req, res, next) => {
      if (req.method !== 'GET' && req.method !== 'HEAD') return next();
      if (!existsSync(index)) {
        res.status(503).type('text').send('The client is not built yet: run `npm run build` (npm start does it for you).');
        return;
      }
      res.sendFile(index);
    },
  ];
}
