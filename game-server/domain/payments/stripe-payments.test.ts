import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkInvariants } from '../economy/supply.ts';
import { mint } from '../economy/ledger.ts';
import { inTransaction } from '../../infra/db/database.ts';
import { balanceOf, createPlayer } from '../../testing/players.ts';
import { postgresBackendIfReachable, testBackends } from '../../testing/databases.ts';
import type { TestAgent } from '../../testing/agent.ts';
import { FAKE_PUBLISHABLE_KEY, FAKE_WEBHOOK_SECRET, signWebhook, stripeEvent } from '../../testing/payments/fake-stripe.ts';
import { startStripeGame, type StripeGame } from '../../testing/payments/stripe-game.ts';

const DEMO = 'sample-user';

async function expectHealthy(game: StripeGame) {
  expect((await checkInvariants(game.database.sql)).problems).toEqual([]);
}

async function buy(agent: TestAgent, packageId: string): Promise<string> {
  const response = await agent.post('/api/drk/purchase-intent', { packageId, userId: DEMO });
  expect(response.status).toBe(201);
  return response.body.paymentIntentId;
}

async function paymentRow(game: StripeGame, id: string) {
  const [row] = await game.database.sql`select status, failure_message, refund_id, fulfilled_at from payments where id = ${id}`;
  return row;
}

async function mintsFor(game: StripeGame, id: string): Promise<number> {
  const [row] = await game.database.sql`select count(*)::int as n from ledger where reference = ${id} and reason = 'drk_package'`;
  return row.n;
}

for (const backend of testBackends()) {
  describe(`Stripe through the real SDK against a fake Stripe API, on ${backend.name}`, () => {
    let game: StripeGame;
    let demo: TestAgent;
    beforeAll(async () => {
      game = await startStripeGame(backend);
      demo = await game.demo();
    });
    afterAll(() => game?.stop());

    it('[§7 purchase-intent] when a player starts buying a package, then Stripe gets one intent at the server price, keyed for idempotency, and nothing is credited yet', async () => {
      const before = await balanceOf(game.database.sql, DEMO);
      const response = await demo.post('/api/drk/purchase-intent', { package_id: 'trader', userId: DEMO });
      expect(response.status).toBe(201);
      expect(response.body).toEqual({
        clientSecret: expect.stringMatching(/^pi_\w+_secret_\w+$/),
        paymentIntentId: expect.stringMatching(/^pi_/),
        provider: 'stripe',
        publishableKey: FAKE_PUBLISHABLE_KEY,
        amountCents: 3999,
      });
      const intent = game.stripe.intents.get(response.body.paymentIntentId)!;
      expect(intent).toMatchObject({ amount: 3999, currency: 'usd', client_secret: response.body.clientSecret });
      expect(intent.metadata).toMatchObject({ purpose: 'drk_package', packageId: 'trader', drk: '2500' });
      const created = game.stripe.requests.filter((request) => request.path === '/v1/payment_intents');
      expect(created.at(-1)?.idempotencyKey).toMatch(/^checkout-[0-9a-f-]{36}$/);
      expect(await paymentRow(game, response.body.paymentIntentId)).toMatchObject({ status: 'pending', fulfilled_at: null });
      expect(await balanceOf(game.database.sql, DEMO)).toBe(before);
    });

    it('when one payment_intent.succeeded is delivered 20 times in a row, then the package is minted exactly once', async () => {
      const before = await balanceOf(game.database.sql, DEMO);
      const id = await buy(demo, 'starter');
      game.stripe.succeed(id);
      const payload = game.eventFor('payment_intent.succeeded', id);
      const outcomes: string[] = [];
      for (let delivery = 0; delivery < 20; delivery++) {
        const response = await game.deliver(payload);
        expect(response.status).toBe(200);
        outcomes.push(response.body.outcome);
      }
      expect(outcomes[0]).toBe('fulfilled');
      expect(new Set(outcomes.slice(1))).toEqual(new Set(['unchanged']));
      expect(await balanceOf(game.database.sql, DEMO)).toBe(before + 500);
      expect(await mintsFor(game, id)).toBe(1);
      expect(await paymentRow(game, id)).toMatchObject({ status: 'succeeded', fulfilled_at: expect.any(Date) });
      await expectHealthy(game);
    });

    it("[§10 fair play] when Stripe's charge.succeeded names the card that paid, then the payment keeps its fingerprint, arriving after the intent's own event, and nothing more is minted", async () => {
      const id = await buy(demo, 'starter');
      game.stripe.succeed(id);
      expect((await game.deliver(game.eventFor('payment_intent.succeeded', id))).body.outcome).toBe('fulfilled');
      const charge = {
        id: 'ch_fair_play',
        object: 'charge',
        payment_intent: id,
        amount_captured: 999,
        currency: 'usd',
        payment_method_details: { type: 'card', card: { fingerprint: 'fpFairPlay123' } },
      };
      const answer = await game.deliver(stripeEvent('charge.succeeded', charge));
      expect(answer).toMatchObject({ status: 200, body: { outcome: 'unchanged' } });
      const [row] = await game.database.sql`select card_fingerprint from payments where id = ${id}`;
      expect(row.card_fingerprint).toBe('fpFairPlay123');
      expect(await mintsFor(game, id)).toBe(1);
      await expectHealthy(game);
    });

    it('when a decline event arrives after the success it preceded, then the payment stays succeeded and credited once', async () => {
      const before = await balanceOf(game.database.sql, DEMO);
      const id = await buy(demo, 'starter');
      const declined = stripeEvent('payment_intent.payment_failed', game.stripe.decline(id));
      const succeeded = stripeEvent('payment_intent.succeeded', game.stripe.succeed(id));
      expect((await game.deliver(succeeded)).body.outcome).toBe('fulfilled');
      expect((await game.deliver(declined)).body.outcome).toBe('unchanged');
      expect(await paymentRow(game, id)).toMatchObject({ status: 'succeeded', failure_message: null });
      expect(await balanceOf(game.database.sql, DEMO)).toBe(before + 500);
      await expectHealthy(game);
    });

    it('when a decline is followed by a success with another card, then the payment ends succeeded and credited once', async () => {
      const before = await balanceOf(game.database.sql, DEMO);
      const id = await buy(demo, 'explorer');
      expect(
        (await game.deliver(stripeEvent('payment_intent.payment_failed', game.stripe.decline(id, 'Your card has insufficient funds.'))))
          .body.outcome,
      ).toBe('failed');
      expect(await paymentRow(game, id)).toMatchObject({ status: 'failed', failure_message: 'Your card has insufficient funds.' });
      expect(await balanceOf(game.database.sql, DEMO)).toBe(before);
      const status = await demo.get(`/api/payments/intent/${id}`);
      expect(status.body).toMatchObject({ status: 'failed', message: 'Your card has insufficient funds.' });
      expect((await game.deliver(game.eventFor('payment_intent.succeeded', game.stripe.succeed(id).id))).body.outcome).toBe('fulfilled');
      expect(await balanceOf(game.database.sql, DEMO)).toBe(before + 1000);
      await expectHealthy(game);
    });

    it('when a cancellation is followed by a late decline, then the payment stays canceled and nothing is credited', async () => {
      const before = await balanceOf(game.database.sql, DEMO);
      const id = await buy(demo, 'starter');
      const declined = stripeEvent('payment_intent.payment_failed', game.stripe.decline(id));
      expect((await game.deliver(stripeEvent('payment_intent.canceled', game.stripe.cancel(id)))).body.outcome).toBe('canceled');
      expect((await game.deliver(declined)).body.outcome).toBe('unchanged');
      expect(await paymentRow(game, id)).toMatchObject({ status: 'canceled' });
      expect(await balanceOf(game.database.sql, DEMO)).toBe(before);
    });

    it('when a delivery has a bad signature, a changed body, no signature or a stale timestamp, then 400 and nothing is credited', async () => {
      const before = await balanceOf(game.database.sql, DEMO);
      const id = await buy(demo, 'baron');
      game.stripe.succeed(id);
      const payload = game.eventFor('payment_intent.succeeded', id);
      const tampered = payload.replace('"amount":7499', '"amount":1');
      expect(tampered).not.toBe(payload);
      const attempts = [
        await game.deliver(payload, signWebhook(payload, { secret: 'whsec_someone_else' })),
        await game.deliver(tampered, signWebhook(payload)),
        await game.deliver(payload, ''),
        await game.deliver(payload, 't=1,v1=deadbeef'),
        await game.deliver(payload, signWebhook(payload, { timestamp: new Date(Date.now() - 6 * 60 * 1000) })),
        await game.agent().post('/api/payments/webhook', payload, { 'content-type': 'application/json' }),
      ];
      for (const response of attempts) {
        expect(response.status).toBe(400);
        expect(response.body.message).toMatch(/^Webhook rejected: /);
      }
      expect(await paymentRow(game, id)).toMatchObject({ status: 'pending' });
      expect(await balanceOf(game.database.sql, DEMO)).toBe(before);
      expect(await mintsFor(game, id)).toBe(0);

      const genuine = await game.deliver(payload, signWebhook(payload, { secret: FAKE_WEBHOOK_SECRET }));
      expect(genuine).toMatchObject({ status: 200, body: { outcome: 'fulfilled' } });
      expect(await balanceOf(game.database.sql, DEMO)).toBe(before + 5000);
      await expectHealthy(game);
    });

    it('when the browser claims success but Stripe has no successful payment, then nothing is credited; once Stripe has one, the status check settles it through the same path', async () => {
      const before = await balanceOf(game.database.sql, DEMO);
      const id = await buy(demo, 'starter');
      const claimed = await demo.get(`/api/payments/intent/${id}`);
      expect(claimed.body).toMatchObject({ id, status: 'pending', purpose: 'drk_package' });
      const stranger = await game.agent().post('/api/users/register', { username: 'Nosy Parker', password: 'peeking-1234' });
      expect(stranger.status).toBe(201);
      const nosy = game.agent();
      await nosy.post('/api/auth/login', { username: 'Nosy Parker', password: 'peeking-1234' });
      expect((await nosy.get(`/api/payments/intent/${id}`)).status).toBe(404);
      expect(await balanceOf(game.database.sql, DEMO)).toBe(before);

      game.stripe.succeed(id);
      expect((await demo.get(`/api/payments/intent/${id}`)).body).toMatchObject({ status: 'succeeded' });
      expect(await balanceOf(game.database.sql, DEMO)).toBe(before + 500);
      expect((await game.deliver(game.eventFor('payment_intent.succeeded', id))).body.outcome).toBe('unchanged');
      expect(await balanceOf(game.database.sql, DEMO)).toBe(before + 500);
      await expectHealthy(game);
    });

    it('when an event names an intent the game never created, then it is acknowledged and changes nothing', async () => {
      const response = await game.deliver(
        stripeEvent('payment_intent.succeeded', {
          id: 'pi_not_ours',
          object: 'payment_intent',
          amount: 999,
          amount_received: 999,
          currency: 'usd',
        }),
      );
      expect(response).toMatchObject({ status: 200, body: { outcome: 'unknown' } });
      const other = await game.deliver(stripeEvent('charge.refunded', { id: 'ch_1', object: 'charge' }));
      expect(other).toMatchObject({ status: 200, body: { outcome: 'ignored' } });
    });

    it('when the amount received differs from the price, then the payment is refunded and nothing is minted', async () => {
      const before = await balanceOf(game.database.sql, DEMO);
      const id = await buy(demo, 'starter');
      game.stripe.succeed(id, 99);
      expect((await game.deliver(game.eventFor('payment_intent.succeeded', id))).body.outcome).toBe('refunded');
      expect(game.stripe.refundsOf(id)).toHaveLength(1);
      expect(await balanceOf(game.database.sql, DEMO)).toBe(before);
    });

    it('[§3 ad] when an advertiser pays by card and the Wanakt rejects the ad, then Stripe refunds it once and the ad ends refunded', async () => {
      const [territory] = await game.database.sql`select id from territories where type = 'wonder' order by id limit 1`;
      const purchase = await game.agent().post('/api/ads/purchase', {
        title: 'Sunset tours',
        content: 'See the wonder at dusk.',
        click_url: 'https://tours.example/sunset',
        territory_id: territory.id,
        advertiser_name: 'Dusk Ltd',
        advertiser_email: 'ads@dusk.example',
        impressions_wanted: 1000,
        total_cost: 120,
      });
      expect(purchase.status).toBe(201);
      expect(game.stripe.intents.get(purchase.body.paymentIntentId)).toMatchObject({ amount: 12000, metadata: { purpose: 'ad' } });
      game.stripe.succeed(purchase.body.paymentIntentId);
      expect((await game.deliver(game.eventFor('payment_intent.succeeded', purchase.body.paymentIntentId))).body.outcome).toBe('fulfilled');
      const [inReview] = await game.database.sql`select status from ads where id = ${purchase.body.adId}`;
      expect(inReview.status).toBe('in_review');

      const wanakt = await game.wanakt();
      const rejected = await wanakt.post(`/api/ads/${purchase.body.adId}/reject`);
      expect(rejected).toMatchObject({ status: 200, body: { status: 'refunded' } });
      const refunds = game.stripe.refundsOf(purchase.body.paymentIntentId);
      expect(refunds).toHaveLength(1);
      const refundCall = game.stripe.requests.filter((request) => request.path === '/v1/refunds').at(-1);
      expect(refundCall?.idempotencyKey).toMatch(new RegExp(`^refund-${purchase.body.paymentIntentId}-[0-9a-f-]{36}$`));
      expect(await paymentRow(game, purchase.body.paymentIntentId)).toMatchObject({ status: 'refunded', refund_id: refunds[0].id });
      expect((await wanakt.post(`/api/ads/${purchase.body.adId}/reject`)).status).toBe(409);
      expect(game.stripe.refundsOf(purchase.body.paymentIntentId)).toHaveLength(1);
    });

    it('when Stripe cannot refund a rejected ad, then it stays rejected and rejecting again completes the one refund', async () => {
      const [territory] = await game.database.sql`select id from territories where type = 'main' order by id limit 1`;
      const purchase = await game.agent().post('/api/ads/purchase', {
        title: 'Harbour cruise',
        content: 'Sail at noon.',
        territory_id: territory.id,
        advertiser_email: 'cruise@example.com',
        impressions_wanted: 100,
        total_cost: 8,
      });
      game.stripe.succeed(purchase.body.paymentIntentId);
      await game.deliver(game.eventFor('payment_intent.succeeded', purchase.body.paymentIntentId));
      const wanakt = await game.wanakt();
      game.stripe.failRefunds = true;
      try {
        expect((await wanakt.post(`/api/ads/${purchase.body.adId}/reject`)).status).toBe(500);
      } finally {
        game.stripe.failRefunds = false;
      }
      const [stuck] = await game.database.sql`select status from ads where id = ${purchase.body.adId}`;
      expect(stuck.status).toBe('rejected');
      expect((await wanakt.post(`/api/ads/${purchase.body.adId}/reject`)).body.status).toBe('refunded');
      expect(game.stripe.refundsOf(purchase.body.paymentIntentId)).toHaveLength(1);
    });

    it("[§4 broadcast] when the webhook is late, then the screen's check asks Stripe: refused while unpaid, sent by the payment once Stripe has it", async () => {
      const player = await game.agent().post('/api/users/register', { username: 'Town Crier', password: 'hear-ye-hear-ye' });
      const crier = game.agent();
      await crier.post('/api/auth/login', { username: 'Town Crier', password: 'hear-ye-hear-ye' });
      const payment = await crier.post('/api/broadcasts/payment', { userId: player.body.id, message: 'Hear ye!' });
      expect(payment.status).toBe(201);
      expect(game.stripe.intents.get(payment.body.paymentIntentId)).toMatchObject({ amount: 100, metadata: { purpose: 'broadcast' } });
      const early = await crier.post('/api/broadcasts', { sender_id: player.body.id, message: 'Hear ye!', paid: true });
      expect(early).toMatchObject({ status: 409, body: { message: 'Please pay for your broadcast before sending it' } });
      game.stripe.succeed(payment.body.paymentIntentId);
      expect((await crier.get('/api/broadcasts/allowance')).body).toMatchObject({
        paid: false,
        limit_reached: expect.stringContaining('one broadcast per day'),
      });
      const [sent] = (await crier.get('/api/broadcasts/recent')).body;
      expect(sent).toMatchObject({ sender_id: player.body.id, message: 'Hear ye!', cost: 63 });
    });

    it('[§5 DRK package] when the supply runs short between intent and payment, then the payment is refunded once (a failed refund is retried by the next delivery), nothing is minted, and the store shows Exceeds Supply', async () => {
      const id = await buy(demo, 'wanakt');
      const whale = await createPlayer(game.database.sql, { balance: 0 });
      const [supply] = await game.database.sql`select (max_supply - total_supply)::int as remaining from currency_supply`;
      await inTransaction(game.database.sql, (tx) =>
        mint(tx, whale, { amount: supply.remaining - 5000, reason: 'admin_mint' }, new Date()),
      );
      const before = await balanceOf(game.database.sql, DEMO);

      game.stripe.succeed(id);
      const payload = game.eventFor('payment_intent.succeeded', id);
      game.stripe.failRefunds = true;
      try {
        expect((await game.deliver(payload)).status).toBe(500);
      } finally {
        game.stripe.failRefunds = false;
      }
      expect(await paymentRow(game, id)).toMatchObject({ status: 'pending' });
      expect((await game.deliver(payload)).body.outcome).toBe('refunded');
      expect((await game.deliver(payload)).body.outcome).toBe('unchanged');
      expect(await paymentRow(game, id)).toMatchObject({
        status: 'refunded',
        failure_message: 'Only 5,000 DRK remaining in supply. Cannot purchase 10,000 DRK package.',
        refund_id: expect.stringMatching(/^re_/),
      });
      expect(game.stripe.refundsOf(id)).toHaveLength(1);
      expect(await balanceOf(game.database.sql, DEMO)).toBe(before);
      expect(await mintsFor(game, id)).toBe(0);
      await expectHealthy(game);

      const refused = await demo.post('/api/drk/purchase-intent', { packageId: 'wanakt', userId: DEMO });
      expect(refused).toMatchObject({
        status: 409,
        body: { message: 'Only 5,000 DRK remaining in supply. Cannot purchase 10,000 DRK package.' },
      });
      const packages = await game.agent().get('/api/drk/packages');
      expect(packages.body.map((pkg: { id: string; exceedsSupply: boolean }) => [pkg.id, pkg.exceedsSupply])).toEqual([
        ['starter', false],
        ['explorer', false],
        ['trader', false],
        ['baron', false],
        ['wanakt', true],
      ]);
    });
  });
}

const pg = postgresBackendIfReachable();
describe.runIf(pg)('concurrent webhook deliveries on real PostgreSQL', () => {
  let game: StripeGame;
  let demo: TestAgent;
  beforeAll(async () => {
    game = await startStripeGame(pg!);
    demo = await game.demo();
  });
  afterAll(() => game?.stop());

  it('when one payment_intent.succeeded is delivered 20 times at once, then the package is minted exactly once', async () => {
    const before = await balanceOf(game.database.sql, DEMO);
    const id = await buy(demo, 'trader');
    game.stripe.succeed(id);
    const payload = game.eventFor('payment_intent.succeeded', id);
    const responses = await Promise.all(Array.from({ length: 20 }, () => game.deliver(payload)));
    expect(responses.map((response) => response.status)).toEqual(Array(20).fill(200));
    expect(responses.filter((response) => response.body.outcome === 'fulfilled')).toHaveLength(1);
    expect(await balanceOf(game.database.sql, DEMO)).toBe(before + 2500);
    expect(await mintsFor(game, id)).toBe(1);
    await expectHealthy(game);
  });

  it('when successes and late declines of many payments arrive at once in any order, then each payment is credited once and the ledger holds', async () => {
    const before = await balanceOf(game.database.sql, DEMO);
    const ids = await Promise.all(Array.from({ length: 5 }, () => buy(demo, 'starter')));
    const deliveries = ids.flatMap((id) => {
      const declined = stripeEvent('payment_intent.payment_failed', game.stripe.decline(id));
      const succeeded = stripeEvent('payment_intent.succeeded', game.stripe.succeed(id));
      return [declined, succeeded, succeeded, declined, succeeded];
    });
    const responses = await Promise.all(deliveries.sort(() => Math.random() - 0.5).map((payload) => game.deliver(payload)));
    expect(responses.every((response) => response.status === 200)).toBe(true);
    expect(await balanceOf(game.database.sql, DEMO)).toBe(before + 5 * 500);
    for (const id of ids) {
      expect(await mintsFor(game, id)).toBe(1);
      expect(await paymentRow(game, id)).toMatchObject({ status: 'succeeded' });
    }
    await expectHealthy(game);
  });
});
