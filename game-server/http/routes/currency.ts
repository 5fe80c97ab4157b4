import { Router } from 'express';
import { MintBody } from '../../../schema/api/currency.ts';
import { mintDrk } from '../../economy/minting.ts';
import { readSupply } from '../../economy/supply.ts';
import type { HttpDeps } from '../deps.ts';
import { requireWanakt } from '../session.ts';
import { parseBody } from '../validate.ts';

export function currencyRoutes(deps: HttpDeps): Router {
  const router = Router();

  router.get('/currency/supply', async (_req, res) => {
    res.json(await readSupply(deps.sql));
  });

  router.post('/currency/mint', async (req, res) => {
    const wanakt = requireWanakt(res);
    const body = parseBody(MintBody, req.body);
    res.json(await mintDrk(deps, wanakt, body.recipientId, body.amount));
  });

  return router;
}
