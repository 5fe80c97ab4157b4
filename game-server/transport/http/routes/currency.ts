import { Router } from 'express';
import { readSupply } from '../../../domain/economy/supply.ts';
import type { HttpDeps } from '../deps.ts';

export function currencyRoutes(deps: HttpDeps): Router {
  const router = Router();

  router.get('/currency/supply', async (_req, res) => {
    res.json(await readSupply(deps.sql));
  });

  return router;
}
