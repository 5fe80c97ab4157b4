import { Router } from 'express';
import { listDrkPackages } from '../../payments/drk-store.ts';
import type { PaymentProvider } from '../../payments/provider.ts';
import { bodyOnly, commandRoute } from '../command.ts';
import type { HttpDeps } from '../deps.ts';
import { byPlayerOrAddress, countAdmitted } from '../rate-limit.ts';

export function drkRoutes(deps: HttpDeps, payments: PaymentProvider): Router {
  const router = Router();

  router.get('/drk/packages', async (_req, res) => {
    res.json(await listDrkPackages(deps.sql));
  });

  const checkouts = countAdmitted(deps.limits.doors.paymentIntent, byPlayerOrAddress, 'Too many checkouts.');
  router.post('/drk/purchase-intent', commandRoute({ ...deps, payments }, 'drk.purchase-intent', bodyOnly, checkouts));

  return router;
}
