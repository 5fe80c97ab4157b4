import { Router } from 'express';
import { listDrkPackages } from '../../../domain/payments/drk-store.ts';
import type { HttpDeps } from '../deps.ts';

export function drkRoutes(deps: HttpDeps): Router {
  const router = Router();

  router.get('/drk/packages', async (_req, res) => {
    res.json(await listDrkPackages(deps.sql));
  });

  return router;
}
