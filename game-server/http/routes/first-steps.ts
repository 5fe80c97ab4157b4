import { Router } from 'express';
import { StarterClaimBody } from '../../../schema/api/first-steps.ts';
import { claimStarterTerritory, firstSteps } from '../../economy/starter-claim.ts';
import type { HttpDeps } from '../deps.ts';
import { perPlayerLimit } from '../per-player-limit.ts';
import { requireUser } from '../session.ts';
import { parseBody } from '../validate.ts';

export function firstStepsRoutes(deps: HttpDeps): Router {
  const router = Router();
  router.use('/first-steps', perPlayerLimit(30, 60));

  router.get('/first-steps', async (_req, res) => {
    res.json(await firstSteps(deps.sql, requireUser(res).id));
  });

  router.post('/first-steps/claim', async (req, res) => {
    const player = requireUser(res);
    const { territoryId } = parseBody(StarterClaimBody, req.body);
    res.json(await claimStarterTerritory(deps, player, territoryId));
  });

  return router;
}
