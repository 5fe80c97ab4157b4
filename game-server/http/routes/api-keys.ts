import { Router } from 'express';
import { listApiKeys } from '../../auth/api-keys.ts';
import { commandRoute } from '../command.ts';
import type { HttpDeps } from '../deps.ts';
import { requireUser } from '../session.ts';

/** A player's keys, managed only with a session: the key authoriser refuses every key here. */
export function apiKeyRoutes(deps: HttpDeps): Router {
  const router = Router();

  router.get('/api-keys', async (_req, res) => {
    res.json(await listApiKeys(deps.sql, requireUser(res).id));
  });

  router.post('/api-keys', commandRoute(deps, 'api-key.create'));

  router.delete('/api-keys/:id', commandRoute(deps, 'api-key.revoke', (req) => ({ keyId: req.params.id })));

  return router;
}
