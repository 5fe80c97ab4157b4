import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkInvariants } from '../../../domain/economy/supply.ts';
import { SANDBOX_DECLINE_MESSAGE } from '../../../domain/payments/sandbox-provider.ts';
import type { TestAgent } from '../../../testing/agent.ts';
import { postgresBackendIfReachable, testBackends } from '../../../testing/databases.ts';
import { balanceOf } from '../../../testing/players.ts';
import { startTestServer, type TestServer } from '../../../testing/test-server.ts';

const DEMO = 'sample-user';

for (const backend of testBackends()) {
  describe(`the DRK store on the sandbox provider, on ${backend.name}`, () => {
    let game: TestServer;
    let demo: TestAgent;
    beforeAll(async () => {
      game = await startTestServer(backend);
      demo = await game.demo();
    });
    afterAll(() => game?.stop());

    const checkout = async (packageId = 'starter') => {
      const response = await demo.post('/api/drk/purchase-intent', { packageId, userId: DEMO });
      expect(response.status).toBe(201);
      return response.body as { clientSecret: string; paymentIntentId: string };
    };
    const confirm = (agent: TestAgent, body: { paymentIntentId: string; clientSecret: string }, outcome: string) =>
      agent.post('/api/payments/sandbox/confirm', { ...body, outcome });

    it('[§9 DRK packages] when anyone lists the packages, then they carry the prices, the most popular, the one best-value badge and no supply warning', async () => {
      const response = await game.agent().get('/api/drk/packages');
      expect(response.status).toBe(200);
      expect(
        response.body.map((pkg: Record<string, unknown>) => [
          pkg.id,
          pkg.drk,
          pkg.price,
          pkg.priceCents,
          pkg.popular,
          pkg.bestValue,
          pkg.exceedsSupply,
        ]),
      ).toEqual([
        ['starter', 500, 9.99, 999, false, false, false],
        ['explorer', 1000, 16.99, 1699, false, false, false],
        ['trader', 2500, 39.99, 3999, true, false, false],
        ['baron', 5000, 74.99, 7499, false, false, false],
        ['wanakt', 10000, 129.99, 12999, false, true, false],
      ]);
    });

    it('[§7 purchase-intent] when the caller is not logged in, names someone else, or names no known package, then 401, 403 or 400 and no payment is opened', async () => {
      const count = async () => (await game.database.sql`select count(*)::int as n from payments`)[0].n;
      const before = await count();
      expect(await game.agent().post('/api/drk/purchase-intent', { packageId: 'starter' })).toMatchObject({
        status: 401,
        body: { message: 'Please log in to buy DRK' },
      });
      expect((await demo.post('/api/drk/purchase-intent', { packageId: 'starter', userId: 'wanakt-admin' })).status).toBe(403);
      const invalid = [
        [{ packageId: 'platinum' }, 'Unknown DRK package'],
        [{ package_id: 42 }, 'Unknown DRK package'],
        [{}, 'Choose a DRK package'],
        [{ packageId: 'starter', userId: ['sample-user'] }, 'userId must be text'],
      ] as const;
      for (const [body, message] of invalid) {
        expect(await demo.post('/api/drk/purchase-intent', body)).toMatchObject({ status: 400, body: { message } });
      }
      expect(await count()).toBe(before);
    });

    it('when a player opens a checkout, then the sandbox answers a client secret and nothing is credited until the test card form confirms', async () => {
      const before = await balanceOf(game.database.sql, DEMO);
      const response = await demo.post('/api/drk/purchase-intent', { package_id: 'explorer', userId: DEMO });
      expect(response.body).toEqual({
        clientSecret: expect.stringMatching(/^sandbox_pi_\w+_secret_1699_[\w-]+$/),
        paymentIntentId: expect.stringMatching(/^sandbox_pi_/),
        provider: 'sandbox',
        publishableKey: null,
        amountCents: 1699,
      });
      const status = await demo.get(`/api/payments/intent/${response.body.paymentIntentId}`);
      expect(status.body).toEqual({
        id: response.body.paymentIntentId,
        purpose: 'drk_package',
        status: 'pending',
        amountCents: 1699,
        message: null,
      });
      expect(await balanceOf(game.database.sql, DEMO)).toBe(before);
    });

    it('when the test card is declined and then accepted, then the decline is reported, and the package is minted once however often it is confirmed', async () => {
      const before = await balanceOf(game.database.sql, DEMO);
      const intent = await checkout('starter');
      expect((await confirm(demo, intent, 'fail')).body).toEqual({ status: 'failed', message: SANDBOX_DECLINE_MESSAGE });
      expect(await balanceOf(game.database.sql, DEMO)).toBe(before);
      for (let attempt = 0; attempt < 3; attempt++) {
        expect((await confirm(demo, intent, 'succeed')).body).toEqual({ status: 'succeeded', message: null });
      }
      expect((await confirm(demo, intent, 'fail')).body).toEqual({ status: 'succeeded', message: null });
      expect(await balanceOf(game.database.sql, DEMO)).toBe(before + 500);
      const [ledger] = await game.database
        .sql`select count(*)::int as n, sum(amount)::int as drk from ledger where reference = ${intent.paymentIntentId}`;
      expect(ledger).toEqual({ n: 1, drk: 500 });
      expect((await checkInvariants(game.database.sql)).problems).toEqual([]);
    });

    it('[§11 mail] when a player with a confirmed address buys a package, then one receipt is mailed to it however often the payment is confirmed', async () => {
      const sql = game.database.sql;
      await sql`update users set email = 'sample@example.com', email_verified_at = now() where id = ${DEMO}`;
      try {
        const intent = await checkout('starter');
        for (let attempt = 0; attempt < 2; attempt++) expect((await confirm(demo, intent, 'succeed')).status).toBe(200);
        const receipts = await sql`
          select to_address, stop_kind, data from mail_messages where kind = 'payment_receipt' and data->>'paymentId' = ${intent.paymentIntentId}`;
        expect(receipts).toEqual([
          {
            to_address: 'sample@example.com',
            stop_kind: null,
            data: expect.objectContaining({ what: '500 DRK added to your balance', amountCents: expect.any(Number) }),
          },
        ]);
      } finally {
        await sql`update users set email = null, email_verified_at = null where id = ${DEMO}`;
      }
    });

    it('when a confirmation carries a forged or altered client secret, then 400 and nothing is credited', async () => {
      const before = await balanceOf(game.database.sql, DEMO);
      const intent = await checkout('baron');
      const forged = [
        { ...intent, clientSecret: intent.clientSecret.replace(/_secret_7499_/, '_secret_1_') },
        { ...intent, clientSecret: `${intent.clientSecret.slice(0, -2)}xx` },
        { ...intent, clientSecret: 'sandbox_pi_x_secret_1_abc' },
        { paymentIntentId: 'sandbox_pi_other', clientSecret: intent.clientSecret },
      ];
      for (const body of forged) {
        expect(await confirm(game.agent(), body, 'succeed')).toMatchObject({
          status: 400,
          body: { message: 'This test payment is unknown or has expired. Please start the payment again.' },
        });
      }
      expect((await confirm(demo, intent, 'maybe')).status).toBe(400);
      expect(await balanceOf(game.database.sql, DEMO)).toBe(before);
      expect((await demo.get(`/api/payments/intent/${intent.paymentIntentId}`)).body.status).toBe('pending');
    });

    it('when the game runs the sandbox, then the webhook answers 404; a payment of another player or an unknown id reads as 404', async () => {
      expect(
        (await game.agent().post('/api/payments/webhook', '{"type":"payment_intent.succeeded"}', { 'stripe-signature': 't=1,v1=x' }))
          .status,
      ).toBe(404);
      const intent = await checkout();
      expect((await game.agent().get(`/api/payments/intent/${intent.paymentIntentId}`)).status).toBe(404);
      expect((await demo.get('/api/payments/intent/sandbox_pi_nothing')).status).toBe(404);
      expect((await demo.get(`/api/payments/intent/${'x'.repeat(300)}`)).status).toBe(400);
    });
  });
}

const pg = postgresBackendIfReachable();
describe.runIf(pg)('concurrent sandbox confirmations on real PostgreSQL', () => {
  let game: TestServer;
  beforeAll(async () => {
    game = await startTestServer(pg!);
  });
  afterAll(() => game?.stop());

  it('when one checkout is confirmed 20 times at once, then the package is minted exactly once', async () => {
    const demo = await game.demo();
    const before = await balanceOf(game.database.sql, DEMO);
    const intent = (await demo.post('/api/drk/purchase-intent', { packageId: 'trader' })).body;
    const responses = await Promise.all(
      Array.from({ length: 20 }, (_, index) =>
        demo.post('/api/payments/sandbox/confirm', { ...intent, outcome: index % 4 === 0 ? 'fail' : 'succeed' }),
      ),
    );
    expect(responses.every((response) => response.status === 200)).toBe(true);
    expect(await balanceOf(game.database.sql, DEMO)).toBe(before + 2500);
    const [mints] = await game.database.sql`select count(*)::int as n from ledger where reference = ${intent.paymentIntentId}`;
    expect(mints.n).toBe(1);
    expect((await checkInvariants(game.database.sql)).problems).toEqual([]);
  });
});
