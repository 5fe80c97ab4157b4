import { Router } from 'express';
import { UserIdField } from '../../../../schema/api/ids.ts';
import { listAvailableCollectibles, listUserCollectibles } from '../../../domain/economy/collectibles.ts';
import { parseBody } from '../validate.ts';
import type { HttpDeps } from '../deps.ts';

export function collectibleRoutes(deps: HttpDeps): Router {
  const router = Router();

  router.get('/collectibles/available', async (_req, res) => {
    res.json(await listAvailableCollectibles(deps.sql));
  });

  router.get('/collectibles/user/:userId', async (req, res) => {
    res.json(await listUserCollectibles(deps.sql, parseBody(UserIdField, req.params.userId)));
  });

  return router;
}
