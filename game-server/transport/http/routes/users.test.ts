import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_USER_ID, WANAKT_USER_ID } from '../../../../schema/constants.ts';
import type { TestAgent } from '../../../testing/agent.ts';
import { testBackends } from '../../../testing/databases.ts';
import { signedInPlayer } from '../../../testing/players.ts';
import { startTestServer, type TestServer } from '../../../testing/test-server.ts';

for (const backend of testBackends()) {
  describe(`[§7 users] public user reads on ${backend.name}`, () => {
    let game: TestServer;
    let wanakt: TestAgent;
    let player: { id: string; agent: TestAgent };

    beforeAll(async () => {
      game = await startTestServer(backend);
      wanakt = await game.wanakt();
      player = await signedInPlayer(game, { balance: 3_000, username: 'Zelda' });
      const [village] = await game.database.sql<{ id: number }[]>`select id from territories where type = 'village' order by id limit 1`;
      expect((await player.agent.post(`/api/territories/${village.id}/purchase`, {})).status).toBe(200);
    });
    afterAll(() => game.stop());

    it('when anyone reads a user, then it gets id, username and territory count, and never a balance, hash or session', async () => {
      const response = await game.agent().get(`/api/users/${player.id}`);
      expect(response.status).toBe(200);
      expect(response.body).toEqual({ id: player.id, username: 'Zelda', territory_count: 1 });
      const demo = await (await game.demo()).get(`/api/users/${player.id}`);
      expect(demo.body).toEqual({ id: player.id, username: 'Zelda', territory_count: 1 });
    });

    it('when the player itself or the Wanakt reads it, then drk_balance is there as a string', async () => {
      const [{ p }] = await game.database.sql<
        { p: string }[]
      >`select purchase_price::text as p from territories where owner_id = ${player.id}`;
      const balance = String(3_000 - Number(p));
      expect((await player.agent.get(`/api/users/${player.id}`)).body).toEqual({
        id: player.id,
        username: 'Zelda',
        territory_count: 1,
        drk_balance: balance,
      });
      expect((await wanakt.get(`/api/users/${player.id}`)).body.drk_balance).toBe(balance);
    });

    it('when anyone lists users, then each has public fields only; the Wanakt alone sees every balance', async () => {
      const anonymous = await game.agent().get('/api/users');
      expect(anonymous.status).toBe(200);
      const ids = anonymous.body.map((user: { id: string }) => user.id);
      expect(ids).toEqual(expect.arrayContaining([WANAKT_USER_ID, DEMO_USER_ID, player.id]));
      for (const user of anonymous.body) expect(Object.keys(user).sort()).toEqual(['id', 'territory_count', 'username']);
      const asPlayer = (await player.agent.get('/api/users')).body;
      expect(
        asPlayer.filter((user: { drk_balance?: string }) => user.drk_balance !== undefined).map((user: { id: string }) => user.id),
      ).toEqual([player.id]);
      const asWanakt = (await wanakt.get('/api/users')).body;
      expect(asWanakt.every((user: { drk_balance?: string }) => typeof user.drk_balance === 'string')).toBe(true);
      expect(JSON.stringify(asWanakt)).not.toMatch(/scrypt|password|token|no-login/);
    });

    it('when the id is unknown, then 404; when it is malformed, then 400', async () => {
      expect(await game.agent().get('/api/users/nobody-at-all')).toMatchObject({ status: 404, body: { message: 'User not found' } });
      for (const bad of [encodeURIComponent("' or '1'='1"), 'x'.repeat(101), encodeURIComponent('a b')]) {
        expect((await game.agent().get(`/api/users/${bad}`)).status).toBe(400);
      }
    });
  });
}
