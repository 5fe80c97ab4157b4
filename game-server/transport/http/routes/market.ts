import { Router } from 'express';
import { marketStats } from '../../../domain/economy/market-stats.ts';
import type { HttpDeps } from '../deps.ts';

export function marketRoutes({ sql, clock }: HttpDeps): Router {
  const router = Router();
  router.get('/market/stats', async (_req, res) => {
    res.json(await marketStats(sql, clock()));
  });
  return router;
}
