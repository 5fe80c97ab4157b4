import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadConfig } from '../../config.ts';
import { createLogger } from '../../infra/logger.ts';
import { startGameServer } from '../../server.ts';
import { TestAgent } from '../agent.ts';
import type { TestBackend } from '../databases.ts';
import type { TestServer } from '../test-server.ts';
import { TEST_DEMO_PASSWORD, TEST_WANAKT_PASSWORD } from '../test-passwords.ts';
import {
  FAKE_PUBLISHABLE_KEY,
  FAKE_SECRET_KEY,
  FAKE_WEBHOOK_SECRET,
  FakeStripe,
  signWebhook,
  stripeEvent,
  type WebhookEventType,
} from './fake-stripe.ts';

export interface StripeGame extends TestServer {
  stripe: FakeStripe;
  /** Posts an event to the webhook as Stripe would: the given body, signed unless told otherwise. */
  deliver(payload: string, signature?: string): Promise<{ status: number; body: any }>;
  /** A signed event about the intent's current state at the fake Stripe. */
  eventFor(type: WebhookEventType, intentId: string): string;
}

/**
 * The real game server configured for Stripe, with the real SDK pointed at a local fake Stripe API.
 * Like startTestServer, on a fresh database of the given backend.
 */
export async function startStripeGame(
  backend: TestBackend,
  options: { clock?: () => Date; env?: Record<string, string> } = {},
): Promise<StripeGame> {
  const stripe = await new FakeStripe().start();
  const database = await backend.open();
  const config = loadConfig({
    PORT: '0',
    LOG_LEVEL: 'error',
    WANAKT_PASSWORD: TEST_WANAKT_PASSWORD,
    DEMO_PASSWORD: TEST_DEMO_PASSWORD,
    STRIPE_SECRET_KEY: FAKE_SECRET_KEY,
    STRIPE_WEBHOOK_SECRET: FAKE_WEBHOOK_SECRET,
    STRIPE_PUBLISHABLE_KEY: FAKE_PUBLISHABLE_KEY,
    STRIPE_API_URL: stripe.url,
    // As startTestServer: mail written without SMTP_URL stays out of the working tree.
    DATA_DIR: join(tmpdir(), 'wanakt-test-data'),
    ...options.env,
  });
  const server = await startGameServer({ config, log: createLogger('error'), database, clock: options.clock });
  const loggedIn = async (username: string, password: string) => {
    const agent = new TestAgent(server.url);
    const response = await agent.post('/api/auth/login', { username, password });
    if (response.status !== 200) throw new Error(`Login as ${username} failed: ${response.status}`);
    return agent;
  };
  const provider = new TestAgent(server.url);
  return {
    server,
    database,
    stripe,
    agent: () => new TestAgent(server.url),
    loggedIn,
    wanakt: () => loggedIn('wanakt', TEST_WANAKT_PASSWORD),
    demo: () => loggedIn('sample', TEST_DEMO_PASSWORD),
    deliver: (payload, signature) =>
      provider.post('/api/payments/webhook', payload, {
        'content-type': 'application/json',
        'stripe-signature': signature ?? signWebhook(payload),
      }),
    eventFor: (type, intentId) => stripeEvent(type, stripe.intents.get(intentId)),
    stop: async () => {
      await server.stop();
      await database.close();
      await stripe.stop();
    },
  };
}
