import { Router } from 'express';
import { readSupply } from '../../economy/supply.ts';
import { listTerritories } from '../../world/territories.ts';
import type { HttpDeps } from '../deps.ts';

export function worldRoutes({ sql }: HttpDeps): Router {
  const router = Router();

  router.get('/territories', async (_req, res) => {
    res.json(await listTerritories(sql));
  });

  router.get('/currency/supply', async (_req, res) => {
    res.json(await readSupply(sql));
  });

  return router;
}
