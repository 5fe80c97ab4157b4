import { Router } from 'express';
import { firstSteps } from '../../economy/starter-claim.ts';
import { commandRoute } from '../command.ts';
import type { HttpDeps } from '../deps.ts';
import { perPlayerLimit } from '../per-player-limit.ts';
import { requireUser } from '../session.ts';

export function firstStepsRoutes(deps: HttpDeps): Router {
  const router = Router();
  router.use('/first-steps', perPlayerLimit(30, 60));

  router.get('/first-steps', async (_req, res) => {
    res.json(await firstSteps(deps.sql, requireUser(res).id));
  });

  router.post('/first-steps/claim', commandRoute(deps, 'territory.claim-starter'));

  return router;
}
