import { Router } from 'express';
import { firstSteps } from '../../../domain/economy/starter-claim.ts';
import type { HttpDeps } from '../deps.ts';
import { requireUser } from '../session.ts';

export function firstStepsRoutes(deps: HttpDeps): Router {
  const router = Router();
  router.get('/first-steps', async (_req, res) => {
    res.json(await firstSteps(deps.sql, requireUser(res).id));
  });

  return router;
}
