import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CreatedApiKeyDto } from '../../../schema/api/api-keys.ts';
import type { TestAgent } from '../agent.ts';
import { testBackends } from '../databases.ts';
import { signedInPlayer } from '../players.ts';
import { startTestServer, type TestServer } from '../test-server.ts';
import { listAndBuy, placeAndPayForAd, readWorldAndOne, restCaller } from './flows.ts';

const [embedded] = testBackends();

describe('[REST caller] a program calling the API by its declarations', () => {
  describe('against a real server', () => {
    let game: TestServer;
    beforeAll(async () => {
      game = await startTestServer(embedded!);
    });
    afterAll(() => game.stop());

    const keyOf = async (agent: TestAgent, scopes: string[]) =>
      (await agent.post<CreatedApiKeyDto>('/api/api-keys', { name: 'rest caller', scopes })).body.key;

    it('when a visitor reads the world and one territory, then it reads them typed, slim and in full', async () => {
      const { world, one } = await readWorldAndOne(restCaller(game.server.url), 'Manhattan');
      expect(world.length).toBeGreaterThan(200);
      expect(Object.keys(world[0]!).sort()).toEqual(['id', 'name', 'owner_id', 'sale_price']);
      expect(one).toMatchObject({ name: 'Manhattan', type: expect.any(String), latitude: expect.any(String) });
    });

    it('when an advertiser places an ad and pays for it, then its payment is followed to succeeded', async () => {
      const caller = restCaller(game.server.url);
      const { one } = await readWorldAndOne(caller, 'Manhattan');
      expect(await placeAndPayForAd(caller, one, 'baker@example.com')).toMatchObject({
        adId: expect.any(Number),
        confirmed: 'succeeded',
        status: 'succeeded',
      });
    });

    it('when a seller lists a territory with its key and a buyer buys it with theirs, then the buyer owns it', async () => {
      const seller = await signedInPlayer(game, { balance: 50_000 });
      const buyer = await signedInPlayer(game, { balance: 50_000 });
      const [{ id }] = await game.database.sql<
        { id: number }[]
      >`select id from territories where owner_id is null and type = 'village' order by id limit 1`;
      expect((await seller.agent.post(`/api/territories/${id}/purchase`, {})).status).toBe(200);
      const bought = await listAndBuy(
        restCaller(game.server.url, await keyOf(seller.agent, ['read', 'trade'])),
        restCaller(game.server.url, await keyOf(buyer.agent, ['read', 'trade'])),
        id,
        1234,
      );
      expect(bought).toMatchObject({ id, owner_id: buyer.id, sale_price: null });
    });
  });
});
