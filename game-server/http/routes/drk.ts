import { Router } from 'express';
import { listDrkPackages } from '../../payments/drk-store.ts';
import type { PaymentProvider } from '../../payments/provider.ts';
import { commandRoute } from '../command.ts';
import type { HttpDeps } from '../deps.ts';
import { byPlayerOrAddress, limitRequests } from '../rate-limit.ts';

export function drkRoutes(deps: HttpDeps, payments: PaymentProvider): Router {
  const router = Router();

  router.get('/drk/packages', async (_req, res) => {
    res.json(await listDrkPackages(deps.sql));
  });

  const checkouts = limitRequests(deps.limits.doors.paymentIntent, byPlayerOrAddress, 'Too many checkouts.');
  router.post('/drk/purchase-intent', checkouts, commandRoute({ ...deps, payments }, 'drk.purchase-intent'));

  return router;
}
