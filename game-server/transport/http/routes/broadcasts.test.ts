import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BroadcastDto } from '../../../../schema/api/broadcasts.ts';
import { outboxHead } from '../../../infra/events/outbox.ts';
import { settlePayment } from '../../../domain/payments/fulfilment.ts';
import { createSandboxProvider } from '../../../domain/payments/sandbox-provider.ts';
import { inTransaction } from '../../../infra/db/database.ts';
import { writeBroadcastReach } from '../../../jobs/broadcast-reach.ts';
import { OPEN_CHECKOUT, recordBroadcastReach, startBroadcastPayment } from '../../../domain/social/broadcasts.ts';
import { ReachTally } from '../../../domain/social/reach-tally.ts';
import type { TestAgent } from '../../../testing/agent.ts';
import { postgresBackendIfReachable, testBackends } from '../../../testing/databases.ts';
import { createPlayer } from '../../../testing/players.ts';
import { committedEvents } from '../../../testing/processes.ts';
import { startTestServer, type TestServer } from '../../../testing/test-server.ts';

const DEMO = 'sample-user';
const PAY_FIRST = 'Please pay for your broadcast before sending it';

/** Pays for a broadcast through the sandbox's test card, as the broadcast screen does. */
async function payForBroadcast(agent: TestAgent, message = 'Hello world'): Promise<string> {
  const payment = await agent.post('/api/broadcasts/payment', { userId: DEMO, message });
  expect(payment.status).toBe(201);
  const confirmed = await agent.post('/api/payments/sandbox/confirm', { ...payment.body, outcome: 'succeed' });
  expect(confirmed.body.status).toBe('succeeded');
  return payment.body.paymentIntentId;
}

for (const backend of testBackends()) {
  describe(`paid global broadcasts on ${backend.name}`, () => {
    let game: TestServer;
    let demo: TestAgent;
    let now = new Date('2026-11-22T12:00:00Z');
    beforeAll(async () => {
      game = await startTestServer(backend, { clock: () => now });
      demo = await game.demo();
    });
    afterAll(() => game?.stop());

    it('[§8 empty state] when nobody has broadcast yet, then the recent list is empty', async () => {
      expect(await game.agent().get('/api/broadcasts/recent')).toMatchObject({ status: 200, body: [] });
    });

    it('[§5 broadcast message] when a visitor is not logged in, then paying and sending answer 401 "Please log in to send broadcasts"', async () => {
      const visitor = game.agent();
      for (const response of [
        await visitor.post('/api/broadcasts/payment', { userId: DEMO, message: 'hi' }),
        await visitor.post('/api/broadcasts', { sender_id: DEMO, message: 'hi', paid: true }),
        await visitor.get('/api/broadcasts/allowance'),
      ]) {
        expect(response).toMatchObject({ status: 401, body: { message: 'Please log in to send broadcasts' } });
      }
    });

    it('[§5 broadcast message] when the message is empty after trimming, too long, or not text, then 400 and no payment is opened', async () => {
      const cases = [
        [{ userId: DEMO, message: '   ' }, 'Please enter a message to broadcast'],
        [{ userId: DEMO }, 'Please enter a message to broadcast'],
        [{ userId: DEMO, message: 'x'.repeat(201) }, 'At most 200 characters'],
        [{ userId: DEMO, message: 'x'.repeat(50_000) }, 'Text is too long'],
        [{ userId: DEMO, message: { $gt: '' } }, 'Please enter a message to broadcast'],
      ] as const;
      for (const [body, message] of cases) {
        expect(await demo.post('/api/broadcasts/payment', body)).toMatchObject({ status: 400, body: { message } });
        expect(await demo.post('/api/broadcasts', { ...body, sender_id: DEMO, paid: true })).toMatchObject({
          status: 400,
          body: { message },
        });
      }
      expect((await demo.post('/api/broadcasts/payment', { userId: 'wanakt-admin', message: 'hi' })).status).toBe(403);
      expect((await game.database.sql`select count(*)::int as n from payments where purpose = 'broadcast'`)[0].n).toBe(0);
    });

    it('[§4 broadcast flow] when a player sends without a verified payment, or with one only opened, then it is refused and nothing is sent', async () => {
      expect(await demo.post('/api/broadcasts', { sender_id: DEMO, message: 'free lunch', paid: true })).toMatchObject({
        status: 409,
        body: { message: PAY_FIRST },
      });
      const opened = await demo.post('/api/broadcasts/payment', { userId: DEMO, message: 'free lunch' });
      expect(opened.status).toBe(201);
      expect(opened.body).toMatchObject({ provider: 'sandbox', amountCents: 100 });
      // The open checkout comes back with what its card form needs, for a player who left the page.
      expect(await demo.get('/api/broadcasts/allowance')).toMatchObject({
        body: { paid: false, open_checkout: { checkout: opened.body, message: 'free lunch' } },
      });
      // A second is refused without the first one's id: the screen shows the open one instead.
      expect(await demo.post('/api/broadcasts/payment', { userId: DEMO, message: 'second' })).toMatchObject({
        status: 409,
        body: { message: OPEN_CHECKOUT },
      });
      expect(await demo.post('/api/broadcasts', { sender_id: DEMO, message: 'free lunch', paid: true })).toMatchObject({
        status: 409,
        body: { message: PAY_FIRST },
      });
      expect((await game.agent().get('/api/broadcasts/recent')).body).toEqual([]);
      // One open checkout per player: this one is declined, so the next test may open its own.
      expect((await demo.post('/api/payments/sandbox/confirm', { ...opened.body, outcome: 'fail' })).body.status).toBe('failed');
    });

    it('[§4 broadcast flow] when a player pays $1, then the payment sends the broadcast once, at 63 DRK by the store rate, with nothing left to send', async () => {
      await payForBroadcast(demo, '  Hello, every territory!  ');
      const recent = await game.agent().get('/api/broadcasts/recent');
      expect(recent.body).toEqual([
        {
          id: expect.any(Number),
          sender_id: DEMO,
          sender_name: 'sample',
          message: 'Hello, every territory!',
          paid: true,
          created_at: now.toISOString(),
          reach_count: 0,
          cost: 63,
          cost_cents: 100,
        },
      ]);
      const limit = 'You can send one broadcast per day. Your next one can go out after 2026-11-23 12:00 UTC.';
      expect(await demo.get('/api/broadcasts/allowance')).toEqual(
        expect.objectContaining({ body: { paid: false, limit_reached: limit, open_checkout: null } }),
      );
      // The payment was the send: sending again finds the day's broadcast spent.
      expect(await demo.post('/api/broadcasts', { sender_id: DEMO, message: 'Hi', paid: true })).toMatchObject({
        status: 429,
        body: { message: limit },
      });
      expect((await game.agent().get('/api/broadcasts/recent')).body).toEqual(recent.body);
    });

    it('[§9 broadcast] when a player has broadcast within 24 hours, then paying and sending answer 429; a day later it may again', async () => {
      expect(await demo.post('/api/broadcasts/payment', { userId: DEMO, message: 'second' })).toMatchObject({
        status: 429,
        body: { message: 'You can send one broadcast per day. Your next one can go out after 2026-11-23 12:00 UTC.' },
      });
      // A payment made before payments sent their broadcast holds the right to send one: it still waits for tomorrow.
      await game.database.sql`
        insert into payments (id, provider, purpose, amount_cents, status, user_id, created_at)
        values ('sandbox_pi_other_tab', 'sandbox', 'broadcast', 100, 'succeeded', ${DEMO}, ${now})`;
      expect((await demo.post('/api/broadcasts', { sender_id: DEMO, message: 'second', paid: true })).status).toBe(429);
      now = new Date('2026-11-23T12:01:00Z');
      expect((await demo.post('/api/broadcasts', { sender_id: DEMO, message: 'second', paid: true })).status).toBe(201);
      expect((await game.agent().get('/api/broadcasts/recent')).body.map((broadcast: BroadcastDto) => broadcast.message)).toEqual([
        'second',
        'Hello, every territory!',
      ]);
    });

    it('when the rooms count reach, then the broadcast-reach job adds it up; what fails to write waits for the next run', async () => {
      const [latest] = (await game.agent().get('/api/broadcasts/recent')).body as BroadcastDto[];
      const deps = { sql: game.database.sql, clock: () => new Date() };
      const tally = new ReachTally();
      tally.add(latest.id, 7);
      tally.add(latest.id, 5);
      tally.add(latest.id, 0);
      await writeBroadcastReach(deps, tally);
      expect(tally.take()).toEqual([]);
      expect((await game.agent().get('/api/broadcasts/recent')).body[0].reach_count).toBe(12);
      tally.add(latest.id, 3);
      const away = new Proxy(deps.sql, {
        get: (target, key) => (key === 'reserve' ? () => Promise.reject(new Error('database away')) : Reflect.get(target, key)),
      });
      await expect(writeBroadcastReach({ ...deps, sql: away }, tally)).rejects.toThrow('database away');
      expect(tally.take()).toEqual([[latest.id, 3]]);
      await expect(inTransaction(deps.sql, (tx) => recordBroadcastReach({ tx, now: new Date() }, [[latest.id, -1]]))).rejects.toThrow(
        'A reach count must be a whole number of 0 or more',
      );
      expect((await game.agent().get('/api/broadcasts/recent')).body[0].reach_count).toBe(12);
    });

    it('when a broadcast payment succeeds, then broadcast.sent is in the outbox with the broadcast it sent', async () => {
      const deps = { sql: game.database.sql, clock: () => new Date('2026-12-01T00:00:00Z') };
      const provider = createSandboxProvider();
      const sender = await createPlayer(game.database.sql);
      const checkout = await startBroadcastPayment(deps, provider, sender, 'From the service');
      const before = await outboxHead(game.database.sql);
      await settlePayment(deps, provider, provider.confirm(checkout.paymentIntentId, checkout.clientSecret, 'succeed'));
      const [broadcast] = (await game.agent().get('/api/broadcasts/recent')).body as BroadcastDto[];
      expect(broadcast).toMatchObject({ sender_id: sender, message: 'From the service' });
      expect(await committedEvents(game.database.sql, before)).toContainEqual({ type: 'broadcast.sent', broadcast });
      const sentEvents = (await committedEvents(game.database.sql, before)).filter((event) => event.type === 'broadcast.sent');
      expect(sentEvents).toEqual([{ type: 'broadcast.sent', broadcast }]);
    });

    it('[§4 broadcast flow] when a player holds a paid broadcast no broadcast used (paid before payments sent), then opening a checkout answers 409 and opens none', async () => {
      const deps = { sql: game.database.sql, clock: () => new Date('2026-12-02T00:00:00Z') };
      const sender = await createPlayer(game.database.sql);
      await game.database.sql`
        insert into payments (id, provider, purpose, amount_cents, status, user_id, created_at)
        values (${`sandbox_pi_held_${sender}`}, 'sandbox', 'broadcast', 100, 'succeeded', ${sender}, ${deps.clock()})`;
      await expect(startBroadcastPayment(deps, createSandboxProvider(), sender, 'Paying twice')).rejects.toMatchObject({
        status: 409,
        message: 'You have already paid for a broadcast: send it before paying again',
      });
      const [open] = await game.database.sql`select count(*)::int as n from payments where user_id = ${sender} and status = 'pending'`;
      expect(open.n).toBe(0);
    });
  });
}

const pg = postgresBackendIfReachable();
describe.runIf(pg)('concurrent broadcast sends on real PostgreSQL', () => {
  let game: TestServer;
  beforeAll(async () => {
    game = await startTestServer(pg!);
  });
  afterAll(() => game?.stop());

  it('when a player holding two paid, unsent broadcasts (paid before payments sent them) sends ten at once, then exactly one goes out today', async () => {
    const demo = await game.demo();
    await game.database.sql`
      insert into payments (id, provider, purpose, amount_cents, status, user_id)
      values ('sandbox_pi_first', 'sandbox', 'broadcast', 100, 'succeeded', ${DEMO}), ('sandbox_pi_second', 'sandbox', 'broadcast', 100, 'succeeded', ${DEMO})`;
    const responses = await Promise.all(
      Array.from({ length: 10 }, (_, index) => demo.post('/api/broadcasts', { sender_id: DEMO, message: `race ${index}`, paid: true })),
    );
    expect(responses.filter((response) => response.status === 201)).toHaveLength(1);
    expect(responses.filter((response) => response.status === 429)).toHaveLength(9);
    const [sent] = await game.database.sql`select count(*)::int as n from broadcasts`;
    expect(sent.n).toBe(1);
  });
});
