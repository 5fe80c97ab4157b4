import express, { Router } from 'express';
import { receiveWebhook } from '../../../domain/payments/receive.ts';
import type { PaymentProvider } from '../../../domain/payments/provider.ts';
import { badInput } from '../../../errors.ts';
import type { HttpDeps } from '../deps.ts';

/**
 * The provider's webhook. Its signature covers the exact bytes sent, so it is registered before the
 * JSON parser and reads the body raw.
 */
export function paymentWebhookRoutes(deps: HttpDeps, payments: PaymentProvider): Router {
  const router = Router();
  router.post('/payments/webhook', express.raw({ type: () => true, limit: '1mb' }), async (req, res) => {
    if (!Buffer.isBuffer(req.body)) throw badInput('The webhook body is missing');
    const settlement = await receiveWebhook(deps, payments, req.body, req.get('stripe-signature'));
    res.json({ received: true, outcome: settlement?.outcome ?? 'ignored' });
  });
  return router;
}
