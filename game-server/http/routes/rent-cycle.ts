import { Router } from 'express';
import { RentGenerateBody } from '../../../schema/api/revenue.ts';
import { generateRentPeriod } from '../../economy/rent-cycle.ts';
import { requireWanakt } from '../session.ts';
import { parseBody } from '../validate.ts';
import type { HttpDeps } from '../deps.ts';

export function rentCycleRoutes(deps: HttpDeps): Router {
  const router = Router();

  router.post('/rent/generate', async (req, res) => {
    requireWanakt(res);
    parseBody(RentGenerateBody, req.body);
    res.json(await generateRentPeriod(deps));
  });

  return router;
}
