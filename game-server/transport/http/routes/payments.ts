import express, { Router } from 'express';
import type { PaymentConfigDto } from '../../../../schema/api/payments.ts';
import { paymentStatus, receiveWebhook } from '../../../domain/payments/receive.ts';
import type { PaymentProvider } from '../../../domain/payments/provider.ts';
import { badInput } from '../../../errors.ts';
import { currentUser } from '../session.ts';
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

export function paymentRoutes(deps: HttpDeps, payments: PaymentProvider): Router {
  const router = Router();

  // Which card form the browser needs, and whether to show the TEST MODE ribbon.
  router.get('/payments/config', (_req, res) => {
    res.json({ provider: payments.name, publishableKey: payments.publishableKey } satisfies PaymentConfigDto);
  });

  router.get('/payments/intent/:paymentId', async (req, res) => {
    const paymentId = req.params.paymentId;
    if (paymentId.length > 200) throw badInput('Payment id is too long');
    res.json(await paymentStatus(deps, payments, paymentId, currentUser(res)?.id ?? null));
  });

  return router;
}
