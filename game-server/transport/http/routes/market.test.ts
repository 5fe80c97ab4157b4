import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inTransaction } from '../../../infra/db/database.ts';
import { transfer } from '../../../domain/economy/ledger.ts';
import { testBackends } from '../../../testing/databases.ts';
import { createPlayer, signedInPlayer } from '../../../testing/players.ts';
import { startTestServer, type TestServer } from '../../../testing/test-server.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

for (const backend of testBackends()) {
  describe(`[design placeholders] market figures from the ledger on ${backend.name}`, () => {
    let now = new Date('2026-06-01T12:00:00Z');
    let game: TestServer;
    beforeAll(async () => {
      game = await startTestServer(backend, { clock: () => now });
    });
    afterAll(() => game.stop());

    it('when nothing has been traded, then there are no trades and no average to show', async () => {
      expect((await game.agent().get('/api/market/stats')).body).toEqual({
        trades_30d: 0,
        average_price_30d: null,
        volume_30d: 0,
        volume_growth_percent: null,
      });
    });

    it('when a player buys a territory, then trades, average price and volume count it, and a month later it becomes the base of growth', async () => {
      // Ledger rows carry the database's own time, so the server's clock starts at the real now.
      now = new Date();
      const buyer = await signedInPlayer(game, { balance: 20_000, now });
      const [village] = await game.database.sql<{ id: number; sale_price: string }[]>`
        select id, sale_price::text from territories where type = 'village' and sale_price is not null order by id limit 1`;
      expect((await buyer.agent.post(`/api/territories/${village.id}/purchase`, { userId: buyer.id })).status).toBe(200);
      const price = Number(village.sale_price);
      const seller = await createPlayer(game.database.sql, { balance: 0 });
      await inTransaction(game.database.sql, (tx) => transfer(tx, buyer.id, seller, { amount: 1, reason: 'rent' }, new Date()));

      now = new Date();
      expect((await game.agent().get('/api/market/stats')).body).toEqual({
        trades_30d: 1,
        average_price_30d: price,
        volume_30d: price,
        volume_growth_percent: null,
      });
      now = new Date(now.getTime() + 31 * DAY_MS);
      expect((await game.agent().get('/api/market/stats')).body).toEqual({
        trades_30d: 0,
        average_price_30d: null,
        volume_30d: 0,
        volume_growth_percent: -100,
      });
    });
  });
}
