import { Router } from 'express';
import { UserIdField } from '../../../schema/api/ids.ts';
import type { CommandType } from '../../../schema/commands/index.ts';
import { listAvailableCollectibles, listUserCollectibles } from '../../economy/collectibles.ts';
import { commandRoute } from '../command.ts';
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

  const command = (type: CommandType) => commandRoute(deps, type, (req) => ({ body: req.body, collectibleId: req.params.id }));
  router.post('/collectibles/:id/purchase', command('collectible.purchase'));
  router.post('/collectibles/:id/apply', command('collectible.apply'));
  router.post('/collectibles/:id/unapply', command('collectible.unapply'));

  return router;
}
