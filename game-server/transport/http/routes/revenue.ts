import { Router } from 'express';
import { UserIdField } from '../../../../schema/api/ids.ts';
import { revenueSummary } from '../../../domain/economy/earnings.ts';
import { rentWaterfall } from '../../../domain/economy/rent-cycle.ts';
import { requireUser } from '../session.ts';
import { parseBody } from '../validate.ts';
import type { HttpDeps } from '../deps.ts';

export function revenueRoutes({ sql, clock }: HttpDeps): Router {
  const router = Router();

  router.get('/revenue/summary/:userId', async (req, res) => {
    const viewer = requireUser(res);
    res.json(await revenueSummary(sql, viewer, parseBody(UserIdField, req.params.userId), clock()));
  });

  router.get('/payments/waterfall/:userId', async (req, res) => {
    const viewer = requireUser(res);
    res.json(await rentWaterfall(sql, viewer, parseBody(UserIdField, req.params.userId), clock()));
  });

  return router;
}
