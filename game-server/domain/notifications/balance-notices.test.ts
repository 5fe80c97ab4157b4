import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RevenueSummaryDto } from '../../../schema/api/revenue.ts';
import type { Sql } from '../../infra/db/database.ts';
import { payMonthlyEarnings } from '../../commands/earnings-run.ts';
import type { TestAgent } from '../../testing/agent.ts';
import { testBackends } from '../../testing/databases.ts';
import { signedInPlayer } from '../../testing/players.ts';
import { startTestServerAsWanakt, type TestServer } from '../../testing/test-server.ts';

// Everything that changes a player's balance or land tells the player, and a player
// can switch any kind of notice off.
for (const backend of testBackends()) {
  describe(`[notifications] a notice for every change of balance or land on ${backend.name}`, () => {
    let game: TestServer;
    let sql: Sql;
    let wanakt: TestAgent;
    beforeAll(async () => {
      ({ game, sql, wanakt } = await startTestServerAsWanakt(backend));
    }, 180_000);
    afterAll(() => game?.stop());

    const kindsOf = async (agent: TestAgent) =>
      ((await agent.get('/api/notifications')).body.notifications as { kind: string; text: string }[]).map((notice) => [
        notice.kind,
        notice.text,
      ]);

    it('when DRK is minted, a territory is given, bought, and paid for a month, and a chat names the player, then each is a notice', async () => {
      const player = await signedInPlayer(game, { balance: 5_000, username: 'notice-Lark' });
      const author = await signedInPlayer(game, { balance: 0, username: 'notice-wren' });
      const [gift, bought] = await sql<{ id: number; name: string; price: string }[]>`
        select id, name, price::text from territories where owner_id is null and type = 'village' order by id limit 2`;

      expect((await wanakt.post('/api/currency/mint', { amount: 250, recipientId: player.id })).status).toBe(200);
      expect((await wanakt.post(`/api/territories/${gift.id}/assign`, { userId: player.id, price: 0 })).status).toBe(200);
      expect((await player.agent.post(`/api/territories/${bought.id}/purchase`, {})).status).toBe(200);
      expect((await author.agent.post('/api/chat', { territory_id: gift.id, message: 'Welcome, @notice-lark!' })).status).toBe(201);
      await payMonthlyEarnings({ sql, clock: () => new Date() }, '2031-05');
      const summary = (await player.agent.get(`/api/revenue/summary/${player.id}`)).body as RevenueSummaryDto;

      expect((await kindsOf(player.agent)).reverse()).toEqual([
        ['drk_minted', 'The Wanakt minted 250 DRK for you'],
        ['territory_gifted', `The Wanakt gave you ${gift.name}`],
        ['territory_bought', `You bought ${bought.name} for ${Number(bought.price).toLocaleString('en-US')} DRK`],
        ['chat_mention', `notice-wren mentioned you in the chat of ${gift.name}: "Welcome, @notice-lark!"`],
        ['earnings_paid', `Your monthly earnings for May 2031 were paid: ${summary.total_monthly.toLocaleString('en-US')} DRK`],
      ]);
      expect(await kindsOf(author.agent)).toEqual([]);
    });

    it('when a player switches a kind off, then notices of it are no longer written, and switching it on brings them back', async () => {
      const player = await signedInPlayer(game, { balance: 0 });
      const off = await player.agent.post('/api/notifications/preferences', { kind: 'drk_minted', enabled: false });
      expect(off.status).toBe(200);
      expect(off.body.preferences).toContainEqual({ kind: 'drk_minted', name: 'The Wanakt mints DRK for you', enabled: false });
      expect((await wanakt.post('/api/currency/mint', { amount: 5, recipientId: player.id })).status).toBe(200);
      expect(await kindsOf(player.agent)).toEqual([]);

      expect((await player.agent.post('/api/notifications/preferences', { kind: 'drk_minted', enabled: true })).status).toBe(200);
      expect((await wanakt.post('/api/currency/mint', { amount: 5, recipientId: player.id })).status).toBe(200);
      expect(await kindsOf(player.agent)).toEqual([['drk_minted', 'The Wanakt minted 5 DRK for you']]);

      for (const bad of [
        { kind: 'nonsense', enabled: false },
        { kind: 'drk_minted' },
        { kind: 'drk_minted', enabled: 'no' },
        { kind: 'drk_minted', enabled: true, extra: 1 },
      ]) {
        const answer = await player.agent.post('/api/notifications/preferences', bad);
        expect(answer.status).toBe(400);
        expect(answer.body.message).toEqual(expect.any(String));
      }
      expect((await game.agent().get('/api/notifications/preferences')).status).toBe(401);
    });
  });
}
