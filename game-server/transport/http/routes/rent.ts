import { Router } from 'express';
import { UserIdField } from '../../../../schema/api/ids.ts';
import { listOverduePayments, listUpcomingPayments } from '../../../domain/economy/rent-payments.ts';
import { requireUser } from '../session.ts';
import { parseBody } from '../validate.ts';
import type { HttpDeps } from '../deps.ts';

export function rentRoutes(deps: HttpDeps): Router {
  const { sql, clock } = deps;
  const router = Router();

  router.get('/payments/upcoming/:userId', async (req, res) => {
    const viewer = requireUser(res);
    const userId = parseBody(UserIdField, req.params.userId);
    res.json(await listUpcomingPayments(sql, viewer, userId, clock()));
  });

  router.get('/rent/overdue', async (_req, res) => {
    res.json(await listOverduePayments(sql, requireUser(res), clock()));
  });

  return router;
}
