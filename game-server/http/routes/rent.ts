import { Router } from 'express';
import { IdParam, UserIdField } from '../../../schema/api/ids.ts';
import { listOverduePayments, listUpcomingPayments, payRent } from '../../economy/rent-payments.ts';
import { requireUser } from '../session.ts';
import { parseBody } from '../validate.ts';
import type { HttpDeps } from '../deps.ts';

const PaymentId = IdParam('Payment id');

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

  router.post('/rent/pay/:paymentId', async (req, res) => {
    const payer = requireUser(res);
    res.json(await payRent(deps, payer, parseBody(PaymentId, req.params.paymentId)));
  });

  return router;
}
