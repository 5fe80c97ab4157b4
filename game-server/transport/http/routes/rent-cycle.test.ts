import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WANAKT_USER_ID } from '../../../../schema/constants.ts';
import type { Sql } from '../../../infra/db/database.ts';
import { testBackends } from '../../../testing/databases.ts';
import { signedInPlayer } from '../../../testing/players.ts';
import { startTestServer, type TestServer } from '../../../testing/test-server.ts';

const now = new Date('2031-02-10T12:00:00Z');

for (const backend of testBackends()) {
  describe(`[§7 POST /api/rent/generate] the Wanakt's generate-cycle button on ${backend.name}`, () => {
    let game: TestServer;
    let sql: Sql;
    beforeAll(async () => {
      game = await startTestServer(backend, { clock: () => now });
      sql = game.database.sql;
    });
    afterAll(() => game.stop());

    it('when the Wanakt generates the current period, then the payments owed since are created once and show as due to their payers', async () => {
      const { id: lord, agent } = await signedInPlayer(game, { balance: 500, now });
      await sql`update territories set owner_id = ${lord} where seed_key in ('main:paris', 'main:rome')`;
      const wanakt = await game.wanakt();

      const first = await wanakt.post('/api/rent/generate');
      expect(first.status).toBe(200);
      expect(first.body).toEqual({ period: '2031-H1', created: 2 });
      expect((await wanakt.post('/api/rent/generate', {})).body).toEqual({ period: '2031-H1', created: 0 });

      const rows = await sql`select payee_id, amount::int, due_date from rent_payments where payer_id = ${lord} order by id`;
      // Billed on 10 February, past the period's opening, so due 30 days after the run.
      expect(rows).toEqual([
        { payee_id: WANAKT_USER_ID, amount: 111, due_date: new Date('2031-03-12T12:00:00Z') },
        { payee_id: WANAKT_USER_ID, amount: 111, due_date: new Date('2031-03-12T12:00:00Z') },
      ]);
      const upcoming = await agent.get(`/api/payments/upcoming/${lord}`);
      expect(upcoming.status).toBe(200);
      expect(upcoming.body.map((payment: { amount: number; label: string }) => [payment.amount, payment.label])).toEqual([
        [111, 'Due in 30 days'],
        [111, 'Due in 30 days'],
      ]);
    });

    it('when anyone but the Wanakt asks, or a body is sent, then nothing is generated', async () => {
      const { id, agent } = await signedInPlayer(game, { now });
      await sql`update territories set owner_id = ${id} where seed_key = 'main:vienna'`;
      expect((await game.agent().post('/api/rent/generate')).status).toBe(401);
      expect(await agent.post('/api/rent/generate')).toMatchObject({ status: 403, body: { message: 'Only the Wanakt can do that' } });
      const wanakt = await game.wanakt();
      expect(await wanakt.post('/api/rent/generate', { period: '1999-H1' })).toMatchObject({
        status: 400,
        body: { message: 'Generating rent takes no parameters' },
      });
      expect(await wanakt.post('/api/rent/generate', '[1]')).toMatchObject({ status: 400 });
      expect(await sql`select id from rent_payments where payer_id = ${id}`).toEqual([]);
    });
  });
}
