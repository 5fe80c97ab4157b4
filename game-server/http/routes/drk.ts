import { Router } from 'express';
import { PurchaseIntentBody } from '../../../schema/api/payments.ts';
import { listDrkPackages, startDrkPurchase } from '../../payments/drk-store.ts';
import type { PaymentProvider } from '../../payments/provider.ts';
import { unauthenticated } from '../../errors.ts';
import { currentUser, requireSelf } from '../session.ts';
import { parseBody } from '../validate.ts';
import type { HttpDeps } from '../deps.ts';

export function drkRoutes(deps: HttpDeps, payments: PaymentProvider): Router {
  const router = Router();

  router.get('/drk/packages', async (_req, res) => {
    res.json(await listDrkPackages(deps.sql));
  });

  router.post('/drk/purchase-intent', async (req, res) => {
    if (!currentUser(res)) throw unauthenticated('Please log in to buy DRK');
    const body = parseBody(PurchaseIntentBody, req.body);
    const buyer = requireSelf(res, body.userId);
    res.status(201).json(await startDrkPurchase(deps, payments, buyer.id, body.packageId));
  });

  return router;
}
