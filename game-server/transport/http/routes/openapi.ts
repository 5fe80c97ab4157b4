import express, { Router } from 'express';
import { getAbsoluteFSPath } from 'swagger-ui-dist';
import { compressBody, sendCompressed, type CompressedBody } from '../cache/compressed-body.ts';
import { openApiDocument } from '../openapi/document.ts';

const INITIALIZER = new URL('../openapi/docs/swagger-initializer.js', import.meta.url).pathname;

/** The OpenAPI document at /api/openapi.json and the interactive reference at /api/docs/. */
export function openApiRoutes(): Router {
  const router = Router();
  let document: Promise<CompressedBody> | undefined;

  router.get('/openapi.json', async (req, res) => {
    document ??= compressBody(JSON.stringify(openApiDocument()), 'application/json; charset=utf-8');
    sendCompressed(req, res, await document);
  });

  // Swagger UI's page loads its files relative to itself, so the reference lives under /docs/.
  router.use('/docs', (req, res, next) => {
    if (req.originalUrl.split('?')[0] === '/api/docs') return res.redirect(301, '/api/docs/');
    next();
  });
  // Swagger UI writes style attributes into its markup, which the site's policy refuses; only its
  // pages, which hold no player data, allow inline styles (scripts stay 'self').
  router.use('/docs', (_req, res, next) => {
    const policy = res.getHeader('Content-Security-Policy');
    if (typeof policy === 'string')
      res.setHeader('Content-Security-Policy', policy.replace(/style-src 'self'(?! 'unsafe-inline')/, "style-src 'self' 'unsafe-inline'"));
    next();
  });
  router.use('/docs/swagger-initializer.js', (_req, res) => res.sendFile(INITIALIZER));
  router.use('/docs', express.static(getAbsoluteFSPath(), { index: 'index.html', maxAge: '1h' }));
  return router;
}
