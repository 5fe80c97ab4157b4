import { Router } from 'express';
import { BroadcastPaymentBody, SendBroadcastBody } from '../../../schema/api/broadcasts.ts';
import type { PaymentProvider } from '../../payments/provider.ts';
import { unauthenticated } from '../../errors.ts';
import { broadcastAllowance, recentBroadcasts, sendBroadcast, startBroadcastPayment } from '../../social/broadcasts.ts';
import { currentUser, requireSelf } from '../session.ts';
import { parseBody } from '../validate.ts';
import type { HttpDeps } from '../deps.ts';

const LOGIN_REQUIRED = 'Please log in to send broadcasts';

export function broadcastRoutes(deps: HttpDeps, payments: PaymentProvider): Router {
  const router = Router();

  router.get('/broadcasts/recent', async (_req, res) => {
    res.json(await recentBroadcasts(deps.sql));
  });

  router.get('/broadcasts/allowance', async (_req, res) => {
    const sender = currentUser(res);
    if (!sender) throw unauthenticated(LOGIN_REQUIRED);
    res.json(await broadcastAllowance(deps, payments, sender.id));
  });

  router.post('/broadcasts/payment', async (req, res) => {
    if (!currentUser(res)) throw unauthenticated(LOGIN_REQUIRED);
    const body = parseBody(BroadcastPaymentBody, req.body);
    const sender = requireSelf(res, body.userId);
    res.status(201).json(await startBroadcastPayment(deps, payments, sender.id, body.message));
  });

  router.post('/broadcasts', async (req, res) => {
    if (!currentUser(res)) throw unauthenticated(LOGIN_REQUIRED);
    const body = parseBody(SendBroadcastBody, req.body);
    const sender = requireSelf(res, body.sender_id);
    res.status(201).json(await sendBroadcast(deps, payments, sender.id, body.message, body.paid));
  });

  return router;
}
