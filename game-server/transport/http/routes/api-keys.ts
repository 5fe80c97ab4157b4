import { Router } from 'express';
import { listApiKeys } from '../../../domain/auth/api-keys.ts';
import type { HttpDeps } from '../deps.ts';
import { requireUser } from '../session.ts';

/** A player's keys, managed only with a session: the key authoriser refuses every key here. */
export function apiKeyRoutes(deps: HttpDeps): Router {
  const router = Router();

  router.get('/api-keys', async (_req, res) => {
    res.json(await listApiKeys(deps.sql, requireUser(res).id));
  });

  return router;
}
