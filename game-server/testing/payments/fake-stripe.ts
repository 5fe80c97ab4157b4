import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';

export const FAKE_SECRET_KEY = 'sk_test_fake_wanakt';
export const FAKE_PUBLISHABLE_KEY = 'pk_test_fake_wanakt';
export const FAKE_WEBHOOK_SECRET = 'whsec_fake_wanakt_signing_secret';

export interface FakeIntent {
  id: string;
  object: 'payment_intent';
  amount: number;
  amount_received: number;
  currency: string;
  status: 'requires_payment_method' | 'processing' | 'succeeded' | 'canceled';
  client_secret: string;
  metadata: Record<string, string>;
  last_payment_error: { type: string; code: string; message: string } | null;
  canceled_at: number | null;
  livemode: false;
  created: number;
}

export interface FakeRefund {
  id: string;
  object: 'refund';
  amount: number;
  currency: string;
  payment_intent: string;
  status: 'succeeded';
  created: number;
}

export interface FakeRequest {
  method: string;
  path: string;
  idempotencyKey: string | undefined;
}

/** Stripe's form encoding (`metadata[purpose]=ad`) back into nested objects. */
function parseForm(body: string): Record<string, unknown> {
  const result: Record<string, unknown> = {};
  for (const [key, value] of new URLSearchParams(body)) {
    const parts = key.split(/\[|\]\[|\]/).filter((part) => part !== '');
    let target = result;
    parts.forEach((part, index) => {
      if (index === parts.length - 1) target[part] = value;
      else target = (target[part] ??= {}) as Record<string, unknown>;
    });
  }
  return result;
}

const id = (prefix: string) => `${prefix}_${randomBytes(12).toString('hex')}`;
const now = () => Math.floor(Date.now() / 1000);

/**
 * A local stand-in for api.stripe.com that answers the calls the game makes (payment intents and
 * refunds) with Stripe-shaped JSON, honours idempotency keys as Stripe does, and lets a test play
 * the card network: succeed, decline or cancel an intent, then sign the webhook event about it.
 */
export class FakeStripe {
  readonly intents = new Map<string, FakeIntent>();
  readonly refunds: FakeRefund[] = [];
  readonly requests: FakeRequest[] = [];
  /** When set, refunds answer this error, as when Stripe is unreachable or refuses. */
  failRefunds = false;
  private readonly idempotent = new Map<string, { path: string; body: string; status: number; answer: unknown }>();
  private readonly server = createServer((req, res) => void this.handle(req, res));
  url = '';

  async start(): Promise<this> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
    return this;
  }

  stop(): Promise<void> {
    this.server.closeAllConnections();
    return new Promise((resolve) => this.server.close(() => resolve()));
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const body = Buffer.concat(chunks).toString('utf8');
    const url = new URL(req.url ?? '/', 'http://fake');
    const path = url.pathname;
    const method = req.method ?? 'GET';
    const idempotencyKey = req.headers['idempotency-key'] as string | undefined;
    this.requests.push({ method, path, idempotencyKey });

    const send = (status: number, answer: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json', 'request-id': id('req') });
      res.end(JSON.stringify(answer));
    };
    if (req.headers.authorization !== `Bearer ${FAKE_SECRET_KEY}`) {
      send(401, { error: { type: 'invalid_request_error', message: 'Invalid API Key provided' } });
      return;
    }
    if (method === 'POST' && idempotencyKey) {
      const seen = this.idempotent.get(idempotencyKey);
      if (seen && (seen.path !== path || seen.body !== body)) {
        send(400, {
          error: {
            type: 'idempotency_error',
            message: 'Keys for idempotent requests can only be used with the same parameters they were first used with.',
          },
        });
        return;
      }
      if (seen) {
        send(seen.status, seen.answer);
        return;
      }
    }
    const [status, answer] = this.route(method, path, url.searchParams, parseForm(body));
    if (method === 'POST' && idempotencyKey) this.idempotent.set(idempotencyKey, { path, body, status, answer });
    send(status, answer);
  }

  private route(method: string, path: string, query: URLSearchParams, params: Record<string, unknown>): [number, unknown] {
    const missing = (what: string): [number, unknown] => [
      404,
      { error: { type: 'invalid_request_error', code: 'resource_missing', message: `No such ${what}` } },
    ];
    if (method === 'POST' && path === '/v1/payment_intents') {
      const intentId = id('pi');
      const intent: FakeIntent = {
        id: intentId,
        object: 'payment_intent',
        amount: Number(params.amount),
        amount_received: 0,
        currency: String(params.currency),
        status: 'requires_payment_method',
        client_secret: `${intentId}_secret_${randomBytes(12).toString('hex')}`,
        metadata: (params.metadata ?? {}) as Record<string, string>,
        last_payment_error: null,
        canceled_at: null,
        livemode: false,
        created: now(),
      };
      this.intents.set(intentId, intent);
      return [200, intent];
    }
    const cancelPath = /^\/v1\/payment_intents\/([^/]+)\/cancel$/.exec(path);
    if (method === 'POST' && cancelPath) {
      const intent = this.intents.get(cancelPath[1]);
      if (!intent) return missing(`payment_intent: '${cancelPath[1]}'`);
      // As Stripe: an intent that succeeded, is processing or was canceled already cannot be canceled.
      if (intent.status === 'succeeded' || intent.status === 'processing' || intent.status === 'canceled') {
        return [
          400,
          {
            error: {
              type: 'invalid_request_error',
              code: 'payment_intent_unexpected_state',
              message: `You cannot cancel this PaymentIntent because it has a status of ${intent.status}.`,
            },
          },
        ];
      }
      return [200, this.cancel(intent.id)];
    }
    const intentPath = /^\/v1\/payment_intents\/([^/]+)$/.exec(path);
    if (intentPath) {
      const intent = this.intents.get(intentPath[1]);
      if (!intent) return missing(`payment_intent: '${intentPath[1]}'`);
      if (method === 'POST' && params.metadata) Object.assign(intent.metadata, params.metadata);
      return [200, intent];
    }
    if (method === 'GET' && path === '/v1/refunds') {
      const data = this.refunds.filter((refund) => refund.payment_intent === query.get('payment_intent'));
      return [200, { object: 'list', url: '/v1/refunds', has_more: false, data }];
    }
    if (method === 'POST' && path === '/v1/refunds') {
      const intent = this.intents.get(String(params.payment_intent));
      if (!intent) return missing(`payment_intent: '${String(params.payment_intent)}'`);
      if (this.failRefunds) return [500, { error: { type: 'api_error', message: 'The fake Stripe is refusing refunds' } }];
      if (intent.status !== 'succeeded')
        return [
          400,
          { error: { type: 'invalid_request_error', message: 'This PaymentIntent does not have a successful charge to refund.' } },
        ];
      if (this.refundsOf(intent.id).length > 0) {
        return [
          400,
          {
            error: {
              type: 'invalid_request_error',
              code: 'charge_already_refunded',
              message: `Charge for ${intent.id} has already been refunded.`,
            },
          },
        ];
      }
      // As Stripe: `amount` refunds part of the payment, never more than was received.
      const amount = params.amount === undefined ? intent.amount_received : Number(params.amount);
      if (!(amount > 0 && amount <= intent.amount_received))
        return [400, { error: { type: 'invalid_request_error', message: `Refund amount ${amount} is not within the charge` } }];
      const refund: FakeRefund = {
        id: id('re'),
        object: 'refund',
        amount,
        currency: intent.currency,
        payment_intent: intent.id,
        status: 'succeeded',
        created: now(),
      };
      this.refunds.push(refund);
      return [200, refund];
    }
    return [404, { error: { type: 'invalid_request_error', message: `Unrecognized request URL (${method}: ${path})` } }];
  }

  private intent(intentId: string): FakeIntent {
    const intent = this.intents.get(intentId);
    if (!intent) throw new Error(`The fake Stripe has no intent ${intentId}`);
    return intent;
  }

  /** The card network approves: the intent succeeds. Answers a snapshot, as an event carries one. */
  succeed(intentId: string, amountReceived?: number): FakeIntent {
    const intent = this.intent(intentId);
    Object.assign(intent, { status: 'succeeded', amount_received: amountReceived ?? intent.amount, last_payment_error: null });
    return structuredClone(intent);
  }

  decline(intentId: string, message = 'Your card was declined.'): FakeIntent {
    const intent = this.intent(intentId);
    Object.assign(intent, {
      status: 'requires_payment_method',
      last_payment_error: { type: 'card_error', code: 'card_declined', message },
    });
    return structuredClone(intent);
  }

  cancel(intentId: string): FakeIntent {
    const intent = this.intent(intentId);
    Object.assign(intent, { status: 'canceled', canceled_at: now() });
    return structuredClone(intent);
  }

  refundsOf(intentId: string): FakeRefund[] {
    return this.refunds.filter((refund) => refund.payment_intent === intentId);
  }
}

export type WebhookEventType = 'payment_intent.succeeded' | 'payment_intent.payment_failed' | 'payment_intent.canceled';

/** A Stripe event about an intent, as Stripe sends it to a webhook endpoint. */
export function stripeEvent(type: WebhookEventType | string, object: unknown): string {
  return JSON.stringify({
    id: id('evt'),
    object: 'event',
    api_version: Stripe.API_VERSION,
    created: now(),
    data: { object },
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    type,
  });
}

/** The `Stripe-Signature` header Stripe would send with this payload, signed by the real SDK. */
export function signWebhook(payload: string, options: { secret?: string; timestamp?: Date } = {}): string {
  const stripe = new Stripe(FAKE_SECRET_KEY);
  return stripe.webhooks.generateTestHeaderString({
    payload,
    secret: options.secret ?? FAKE_WEBHOOK_SECRET,
    timestamp: options.timestamp ? Math.floor(options.timestamp.getTime() / 1000) : undefined,
  });
}
