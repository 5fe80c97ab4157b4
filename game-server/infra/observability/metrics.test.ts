import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { joinWorld, waitFor, type WorldJoin } from '../../testing/test-clients.ts';
import { TestAgent } from '../../testing/agent.ts';
import { testBackends } from '../../testing/databases.ts';
import { startTestServer, type TestServer } from '../../testing/test-server.ts';
import { parseExposition, sampleValue, type Sample } from './scrape.ts';

const OPS_TOKEN = 'metrics-test-token-0123456789';

describe('[metrics] /metrics names every figure docs/operations.md lists, and each moves when its event happens', () => {
  let game: TestServer;
  let demo: TestAgent;
  let wanakt: TestAgent;
  let watcher: WorldJoin;

  const scrape = async (): Promise<Sample[]> => {
    const response = await new TestAgent(game.server.opsUrl!).request<string>('GET', '/metrics', undefined, {
      authorization: `Bearer ${OPS_TOKEN}`,
    });
    expect(response.status).toBe(200);
    return parseExposition(response.body);
  };
  const read = async (name: string, labels: Record<string, string> = {}) => sampleValue(await scrape(), name, labels);

  beforeAll(async () => {
    game = await startTestServer(testBackends()[0], { env: { OPS_PORT: '0', OPS_TOKEN, BANNER_SECONDS: '5' } });
    demo = await game.demo();
    wanakt = await game.wanakt();
  });
  afterAll(async () => {
    if (watcher?.room.connection?.isOpen) await watcher.room.leave();
    await game.stop();
  });

  it('when a scraper has no OPS_TOKEN, then the operator port refuses it, and the public port never serves /metrics', async () => {
    const ops = new TestAgent(game.server.opsUrl!);
    expect((await ops.request('GET', '/metrics')).status).toBe(401);
    expect((await ops.request('GET', '/metrics', undefined, { authorization: 'Bearer wrong-token-wrong-token' })).status).toBe(401);
    const allowed = await ops.request<string>('GET', '/metrics', undefined, { authorization: `Bearer ${OPS_TOKEN}` });
    expect(allowed.status).toBe(200);
    expect(allowed.headers.get('content-type')).toContain('text/plain');
    const publicPort = await game
      .agent()
      .request('GET', '/metrics', undefined, { 'x-forwarded-for': '127.0.0.1', authorization: `Bearer ${OPS_TOKEN}` });
    expect(publicPort.status).toBe(404);
  });

  it('when a client joins the world, then rooms, room clients and players online count it', async () => {
    expect(await read('wanakt_room_clients')).toBe(0);
    watcher = await joinWorld(game.server.url);
    await waitFor(() => watcher.room.state.territories?.size > 0, 'the world');
    const samples = await scrape();
    expect(sampleValue(samples, 'wanakt_rooms')).toBe(1);
    expect(sampleValue(samples, 'wanakt_room_clients')).toBe(1);
    expect(sampleValue(samples, 'wanakt_players_online')).toBe(1);
  });

  it('when commands succeed and are refused, then they are counted by name and result and timed, and their events reach the room with a measured lag', async () => {
    const purchase = { command: 'POST /api/territories/:id/purchase' };
    const before = await scrape();
    const [territory] = await game.database.sql<{ id: number }[]>`
      select id from territories where owner_id is null and sale_price <= 5000 order by id limit 1`;
    expect((await demo.post(`/api/territories/${territory.id}/purchase`, {})).status).toBe(200);
    expect((await demo.post(`/api/territories/${territory.id}/purchase`, {})).status).toBe(409);
    await waitFor(() => watcher.room.state.territories.get(String(territory.id))?.ownerId === 'sample-user', 'the purchase in the room');
    const after = await scrape();
    const moved = (name: string, labels: Record<string, string>) => sampleValue(after, name, labels) - sampleValue(before, name, labels);
    expect(moved('wanakt_commands_total', { ...purchase, result: 'ok' })).toBe(1);
    expect(moved('wanakt_commands_total', { ...purchase, result: 'refused' })).toBe(1);
    expect(moved('wanakt_command_duration_seconds_count', purchase)).toBe(2);
    expect(moved('wanakt_command_duration_seconds_sum', purchase)).toBeGreaterThan(0);
    expect(moved('wanakt_event_delivery_lag_seconds_count', { event: 'territories.changed' })).toBeGreaterThanOrEqual(1);
  });

  it('when a DRK package is paid, then payments by status, DRK minted and DRK circulating move', async () => {
    const before = await scrape();
    const checkout = await demo.post('/api/drk/purchase-intent', { packageId: 'starter' });
    expect(checkout.status).toBe(201);
    expect((await read('wanakt_payments', { status: 'pending' })) - sampleValue(before, 'wanakt_payments', { status: 'pending' })).toBe(1);
    const { paymentIntentId, clientSecret } = checkout.body;
    expect((await demo.post('/api/payments/sandbox/confirm', { paymentIntentId, clientSecret, outcome: 'succeed' })).status).toBe(200);
    const after = await scrape();
    const moved = (name: string, labels: Record<string, string> = {}) =>
      sampleValue(after, name, labels) - sampleValue(before, name, labels);
    expect(moved('wanakt_payments', { status: 'succeeded' })).toBe(1);
    expect(moved('wanakt_payments', { status: 'pending' })).toBe(0);
    expect(moved('wanakt_drk_minted')).toBe(500);
    expect(moved('wanakt_drk_circulating')).toBe(500);
    expect((await wanakt.post('/api/currency/mint', { amount: 250, recipientId: 'sample-user' })).status).toBe(200);
    expect((await read('wanakt_drk_minted')) - sampleValue(after, 'wanakt_drk_minted')).toBe(250);
  });

  it('when a player goes over the chat rate limit, then the refusal is counted', async () => {
    const before = await read('wanakt_rate_limit_refusals_total', { route: '/api/chat' });
    let status = 0;
    for (let i = 0; i < 8 && status !== 429; i++)
      status = (await demo.post('/api/chat', { territory_id: 1, message: `Quick ${i}` })).status;
    expect(status).toBe(429);
    expect((await read('wanakt_rate_limit_refusals_total', { route: '/api/chat' })) - before).toBe(1);
  });

  it('when the banner job runs on its schedule, then its runs are counted and timed', async () => {
    const runs = { job: 'banner-rotation', result: 'ok' };
    const before = await read('wanakt_job_runs_total', runs);
    expect(before).toBeGreaterThanOrEqual(1);
    await waitFor(async () => (await read('wanakt_job_runs_total', runs)) > before, 'the next banner rotation', 20_000);
    expect(await read('wanakt_job_duration_seconds_count', { job: 'banner-rotation' })).toBeGreaterThan(before);
  });

  it('when the event loop is blocked, then its delay shows', async () => {
    // Each scrape restarts the lag histogram, and the sampling timer of a loaded machine can miss
    // one block: a few blocks in a row, one of which must show.
    let lagMax = 0;
    for (let attempt = 0; attempt < 10 && lagMax < 0.2; attempt++) {
      await scrape();
      const until = Date.now() + 400;
      while (Date.now() < until);
      // The wait is the rule under test: the lag is measured by the sampling timer, which must fire after the block.
      await new Promise((resolve) => setTimeout(resolve, 300));
      lagMax = await read('nodejs_eventloop_lag_max_seconds');
    }
    expect(lagMax).toBeGreaterThanOrEqual(0.2);
  });

  it('when the outbox exists, then its backlog is exported and empty once delivered', async () => {
    const samples = await scrape();
    expect(samples.some((sample) => sample.name === 'wanakt_outbox_backlog')).toBe(true);
    expect(sampleValue(samples, 'wanakt_outbox_backlog')).toBe(0);
  });
});
