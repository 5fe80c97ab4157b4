import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '../logger.ts';
import { joinWorld, waitFor, type WorldJoin } from '../../testing/test-clients.ts';
import { TestAgent } from '../../testing/agent.ts';
import { testBackends } from '../../testing/databases.ts';
import { TEST_DEMO_PASSWORD } from '../../testing/test-passwords.ts';
import { startTestServer, type TestServer } from '../../testing/test-server.ts';

const CARD_NUMBER = '4242424242424242';
const WRONG_PASSWORD = 'not-the-password-9f3b';
const STRIPE_KEY = 'sk_test_51LogTestSecretKey0123456789';

interface Line {
  level: string;
  msg: string;
  reqId?: string;
  req?: { method: string; url: string };
  res?: { statusCode: number };
}

describe('[logs] one JSON line per event, a request id from the route to the room, and no secret', () => {
  const written: string[] = [];
  // At debug, so the request lines (debug unless slow or failed, since they are many) are written too.
  const log = createLogger('debug', { destination: { write: (line: string) => written.push(line) } });
  const lines = () => written.map((line) => JSON.parse(line) as Line);
  let game: TestServer;
  let watcher: WorldJoin;

  beforeAll(async () => {
    game = await startTestServer(testBackends()[0], { log });
    watcher = await joinWorld(game.server.url);
    await waitFor(() => watcher.room.state.territories?.size > 0, 'the world');
  });
  afterAll(async () => {
    if (watcher?.room.connection?.isOpen) await watcher.room.leave();
    await game.stop();
  });

  it('when a purchase carries a well-formed X-Request-Id, then its request line, its outbox rows and its delivery to the room carry that id, and it is answered back', async () => {
    const buyer = new TestAgent(game.server.url);
    expect((await buyer.post('/api/auth/login', { username: 'sample', password: TEST_DEMO_PASSWORD })).status).toBe(200);
    const [territory] = await game.database.sql<{ id: number }[]>`
      select id from territories where owner_id is null and sale_price <= 5000 order by id limit 1`;
    const requestId = 'trace-purchase-0001';
    const bought = await buyer.post(`/api/territories/${territory.id}/purchase`, {}, { 'x-request-id': requestId });
    expect(bought.status).toBe(200);
    expect(bought.headers.get('x-request-id')).toBe(requestId);

    const traced = await game.database.sql<
      { event: { type: string } }[]
    >`select event from outbox where trace_id = ${requestId} order by seq`;
    expect(traced.map((row) => row.event.type)).toContain('territories.changed');
    const delivered = await waitFor(
      () => lines().find((line) => line.reqId === requestId && line.msg === 'Delivered territories.changed to a world room'),
      'the delivery line',
    );
    expect(delivered.level).toBe('info');
    expect(lines().find((line) => line.reqId === requestId && line.req)).toMatchObject({
      req: { method: 'POST', url: `/api/territories/${territory.id}/purchase` },
      res: { statusCode: 200 },
    });
  });

  it('when the offered X-Request-Id is malformed, then the server makes its own and answers that', async () => {
    const answer = await new TestAgent(game.server.url).request('GET', '/api/ready', undefined, {
      'x-request-id': 'bad id "},{"level":"error',
    });
    const made = answer.headers.get('x-request-id')!;
    expect(made).toMatch(/^[0-9a-f-]{36}$/);
    await waitFor(() => lines().some((line) => line.reqId === made), 'the request line with the made id');
  });

  it('when players log in, pay, fail to log in and send keys and card numbers, then none of those secrets is in the log', async () => {
    const player = new TestAgent(game.server.url);
    expect((await player.post('/api/auth/login', { username: 'sample', password: TEST_DEMO_PASSWORD })).status).toBe(200);
    expect((await player.post('/api/auth/login', { username: 'sample', password: WRONG_PASSWORD })).status).toBe(401);
    expect((await player.post('/api/auth/login', { username: 'sample', password: TEST_DEMO_PASSWORD })).status).toBe(200);
    const session = player.cookieHeader.split('=')[1];
    const checkout = await player.post('/api/drk/purchase-intent', { packageId: 'starter' });
    expect(checkout.status).toBe(201);
    const { paymentIntentId, clientSecret } = checkout.body;
    const confirm = { paymentIntentId, clientSecret, outcome: 'succeed', card_number: CARD_NUMBER, cvc: '123' };
    expect((await player.post('/api/payments/sandbox/confirm', confirm)).status).toBe(200);
    await player.get(`/api/payments/intent/${paymentIntentId}?payment_intent_client_secret=${clientSecret}`);
    await player.request('GET', '/api/users/me', undefined, { authorization: `Bearer ${STRIPE_KEY}` });
    log.error(`A provider error that quotes its key ${STRIPE_KEY}`);
    await waitFor(() => lines().some((line) => line.req?.url.startsWith('/api/users/me')), 'the last request line');

    const text = written.join('');
    for (const secret of [TEST_DEMO_PASSWORD, WRONG_PASSWORD, session, clientSecret, CARD_NUMBER, STRIPE_KEY]) {
      expect(text, `the log holds ${secret}`).not.toContain(secret);
    }
    expect(text).toContain('[Redacted]');
  });

  it('when links carry tokens in their paths and queries, and an API key or a link is written in a message, then no line holds the token', async () => {
    const visitor = new TestAgent(game.server.url);
    const receiptToken = 'ReceiptTokenInPath0123456789abcdefghijklmnop';
    const unsubscribeToken = 'UnsubscribeTokenInPath0123456789abcdefghijk';
    const queryToken = 'QueryTokenValue0123456789';
    const queryKey = 'QueryKeyValue0123456789';
    const confirmToken = 'ConfirmTokenValue0123456789';
    const apiKey = `wk_${'K'.repeat(43)}`;
    await visitor.request('GET', `/api/ad-receipts/${receiptToken}`);
    await visitor.request('GET', `/api/mail/unsubscribe/${unsubscribeToken}?kind=digest`);
    await visitor.request('GET', `/api/territories?limit=1&token=${queryToken}&key=${queryKey}&api_key=${apiKey}`);
    log.info(`A program sent ${apiKey}; the receipt link was ${game.server.url}/advertise/receipt/${receiptToken}?verify=${queryToken}`);
    log.info(`The receipt mail's link was ${game.server.url}/advertise/receipt/${receiptToken}?confirm_token=${confirmToken}`);
    await waitFor(() => lines().some((line) => line.req?.url.startsWith('/api/territories?limit=1')), 'the last request line');

    const text = written.join('');
    for (const secret of [receiptToken, unsubscribeToken, queryToken, queryKey, confirmToken, apiKey]) {
      expect(text, `the log holds ${secret}`).not.toContain(secret);
    }
    const urls = lines().flatMap((line) => (line.req ? [line.req.url] : []));
    expect(urls).toEqual(
      expect.arrayContaining([
        '/api/ad-receipts/[Redacted]',
        '/api/mail/unsubscribe/[Redacted]?kind=digest',
        '/api/territories?limit=1&token=[Redacted]&key=[Redacted]&api_key=[Redacted]',
      ]),
    );
    expect(text).toContain('/advertise/receipt/[Redacted]?verify=[Redacted]');
    expect(text).toContain('/advertise/receipt/[Redacted]?confirm_token=[Redacted]');
  });
});
