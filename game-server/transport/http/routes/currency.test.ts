import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_USER_ID, MAX_DRK_SUPPLY } from '../../../../schema/constants.ts';
import type { Sql } from '../../../infra/db/database.ts';
import { checkInvariants } from '../../../domain/economy/supply.ts';
import type { TestAgent } from '../../../testing/agent.ts';
import { postgresBackendIfReachable, testBackends } from '../../../testing/databases.ts';
import { balanceOf } from '../../../testing/players.ts';
import { startTestServer, type TestServer } from '../../../testing/test-server.ts';

for (const backend of testBackends()) {
  describe(`[§5 mint] currency supply and minting on ${backend.name}`, () => {
    let game: TestServer;
    let sql: Sql;
    let wanakt: TestAgent;
    const supply = async () => (await game.agent().get('/api/currency/supply')).body;

    beforeAll(async () => {
      game = await startTestServer(backend);
      sql = game.database.sql;
      wanakt = await game.wanakt();
    });
    afterAll(() => game.stop());
    afterEach(async () => {
      expect((await checkInvariants(sql)).problems).toEqual([]);
    });

    it('when anyone reads the supply, then it gets total, circulating and max supply as numbers', async () => {
      expect(await supply()).toEqual({
        total_supply: expect.any(Number),
        circulating_supply: expect.any(Number),
        max_supply: MAX_DRK_SUPPLY,
      });
    });

    it('when the Wanakt mints a whole amount within the supply, then the recipient gets it through an admin_mint ledger row', async () => {
      const before = await supply();
      const balance = await balanceOf(sql, DEMO_USER_ID);
      const response = await wanakt.post('/api/currency/mint', { amount: 2_500, recipientId: DEMO_USER_ID });
      expect(response.status).toBe(200);
      expect(response.body.message).toBe('Minted 2,500 DRK for sample');
      expect(response.body.supply).toEqual({
        ...before,
        total_supply: before.total_supply + 2_500,
        circulating_supply: before.circulating_supply + 2_500,
      });
      expect(await balanceOf(sql, DEMO_USER_ID)).toBe(balance + 2_500);
      const [row] =
        await sql`select reason, from_user_id, amount::int from ledger where to_user_id = ${DEMO_USER_ID} order by id desc limit 1`;
      expect(row).toEqual({ reason: 'admin_mint', from_user_id: null, amount: 2_500 });
    });

    it('when the amount is beyond the remaining supply, then 409 with the remaining amount and nothing is minted', async () => {
      const before = await supply();
      const remaining = before.max_supply - before.total_supply;
      const response = await wanakt.post('/api/currency/mint', { amount: remaining + 1, recipientId: DEMO_USER_ID });
      expect(response).toMatchObject({
        status: 409,
        body: {
          message: `Only ${remaining.toLocaleString('en-US')} DRK remaining in supply. Cannot mint ${(remaining + 1).toLocaleString('en-US')} DRK.`,
        },
      });
      expect(await supply()).toEqual(before);
    });

    it('when the amount is 0, negative, fractional, a string, NaN-like or enormous, then 400 and nothing is minted', async () => {
      const before = await supply();
      for (const amount of [0, -5, 1.5, '100', null, 'NaN', 1e300, MAX_DRK_SUPPLY + 1, { $gt: 0 }]) {
        const response = await wanakt.post('/api/currency/mint', { amount, recipientId: DEMO_USER_ID });
        expect(response).toMatchObject({ status: 400, body: { message: 'Please enter a whole amount of DRK from 1 to 21000000' } });
      }
      expect((await wanakt.post('/api/currency/mint', { amount: 5, recipientId: "x'; drop table users; --" })).status).toBe(400);
      expect((await wanakt.post('/api/currency/mint', { amount: 5 })).status).toBe(400);
      expect(await supply()).toEqual(before);
    });

    it('when a player or no one mints, then 403 / 401; an unknown recipient is 404', async () => {
      const before = await supply();
      expect((await (await game.demo()).post('/api/currency/mint', { amount: 5, recipientId: DEMO_USER_ID })).status).toBe(403);
      expect((await game.agent().post('/api/currency/mint', { amount: 5, recipientId: DEMO_USER_ID })).status).toBe(401);
      expect(await wanakt.post('/api/currency/mint', { amount: 5, recipientId: 'nobody' })).toMatchObject({
        status: 404,
        body: { message: 'User not found' },
      });
      expect(await supply()).toEqual(before);
    });
  });
}

const pg = postgresBackendIfReachable();
describe.runIf(pg)('[§5 mint] mints at once near the cap on real PostgreSQL', () => {
  let game: TestServer;
  beforeAll(async () => {
    game = await startTestServer(pg!);
  });
  afterAll(() => game.stop());

  it('when ten mints race for room for only three, then exactly three succeed and the cap holds', async () => {
    const sql = game.database.sql;
    await sql`update currency_supply set max_supply = total_supply + 3000`;
    const wanakt = await game.wanakt();
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => wanakt.post('/api/currency/mint', { amount: 1_000, recipientId: DEMO_USER_ID })),
    );
    expect(answers.filter((answer) => answer.status === 200)).toHaveLength(3);
    expect(answers.filter((answer) => answer.status === 409)).toHaveLength(7);
    const [row] = await sql<{ left: string }[]>`select (max_supply - total_supply)::text as left from currency_supply`;
    expect(row.left).toBe('0');
    expect((await checkInvariants(sql)).problems).toEqual([]);
  });
});
