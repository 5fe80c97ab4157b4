import { Router } from 'express';
import type { HttpDeps } from '../deps.ts';

export function healthRoutes({ sql, database }: HttpDeps): Router {
  const router = Router();
  router.get('/health', async (_req, res) => {
    try {
      await sql`select 1`;
      res.json({ status: 'ok', database: database.kind });
    } catch {
      res.status(503).json({ status: 'degraded', database: database.kind });
    }
  });
  return router;
}
