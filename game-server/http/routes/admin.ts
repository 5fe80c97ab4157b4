import { Router } from 'express';
import { CreateTerritoryBody } from '../../../schema/api/territories.ts';
import { createSettlement } from '../../world/settlements.ts';
import type { HttpDeps } from '../deps.ts';
import { requireSelf, requireWanakt } from '../session.ts';
import { parseBody } from '../validate.ts';

export function adminRoutes(deps: HttpDeps): Router {
  const router = Router();

  router.post('/admin/create-territory', async (req, res) => {
    requireWanakt(res);
    const { userId, ...settlement } = parseBody(CreateTerritoryBody, req.body);
    res.status(201).json(await createSettlement(deps, requireSelf(res, userId), settlement));
  });

  return router;
}
