import { afterAll, afterEach, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import type { Sql } from '../../../infra/db/database.ts';
import { checkInvariants } from '../../../domain/economy/supply.ts';
import { joinWorld, waitFor } from '../../../testing/test-clients.ts';
import type { TestAgent } from '../../../testing/agent.ts';
import { testBackends } from '../../../testing/databases.ts';
import { signedInPlayer } from '../../../testing/players.ts';
import { startTestServerAsWanakt, type TestServer } from '../../../testing/test-server.ts';

/** What a gift must never touch, and what a refused one must leave as it was. */
async function snapshot(sql: Sql, territoryId: number) {
  const [counts] = await sql<{ ledger: number; audit: number; notices: number; changes: number; balances: string }[]>`
    select (select count(*)::int from ledger) as ledger,
           (select count(*)::int from audit_log) as audit,
           (select count(*)::int from notifications) as notices,
           (select count(*)::int from ownership_changes) as changes,
           (select sum(drk_balance)::text from users) as balances`;
  const [territory] = await sql<
    { owner_id: string | null; sale_price: string | null }[]
  >`select owner_id, sale_price::text from territories where id = ${territoryId}`;
  return { ...counts, territory };
}

for (const backend of testBackends()) {
  describe(`[gift] a player gives a territory to another on ${backend.name}`, () => {
    let game: TestServer;
    let sql: Sql;
    let wanakt: TestAgent;
    let giver: { id: string; agent: TestAgent };
    let recipient: { id: string; agent: TestAgent };
    let territory: { id: number; name: string };

    beforeAll(async () => {
      ({ game, sql, wanakt } = await startTestServerAsWanakt(backend));
      giver = await signedInPlayer(game, { balance: 50_000, username: 'gift-giver' });
      recipient = await signedInPlayer(game, { balance: 700, username: 'gift-recipient' });
      [territory] = await sql<{ id: number; name: string }[]>`
        select id, name from territories where owner_id is null and sale_price <= 20000 and type not in ('wanakt', 'wonder') order by id limit 1`;
      expect((await giver.agent.post(`/api/territories/${territory.id}/purchase`, {})).status).toBe(200);
      expect((await giver.agent.request('PATCH', `/api/territories/${territory.id}/listing`, { sale_price: 900 })).status).toBe(200);
    }, 180_000);
    afterAll(() => game?.stop());
    // Whatever a gift did or refused, the money still adds up.
    afterEach(async () => expect((await checkInvariants(sql)).problems).toEqual([]));

    it('when a gift is refused, then it is 400, 401, 403, 404 or 409 with its reason, and nothing changed', async () => {
      const before = await snapshot(sql, territory.id);
      const gift = (agent: TestAgent, id: number | string, body: unknown) => agent.post(`/api/territories/${id}/gift`, body);
      const refusals: [Promise<{ status: number; body: { message: string } }>, number, string][] = [
        [gift(giver.agent, territory.id, {}), 400, 'Please name the player to give it to'],
        [gift(giver.agent, territory.id, { to: '   ' }), 400, 'Please name the player to give it to'],
        [gift(giver.agent, 'abc', { to: 'gift-recipient' }), 400, 'Territory id must be a positive whole number'],
        [gift(game.agent(), territory.id, { to: 'gift-recipient' }), 401, 'Please log in first'],
        [gift(recipient.agent, territory.id, { to: 'gift-recipient' }), 403, `Only the owner of ${territory.name} can give it away`],
        [gift(giver.agent, territory.id, { to: 'nobody-of-that-name' }), 404, 'There is no player named nobody-of-that-name'],
        [gift(giver.agent, 2_147_483_647, { to: 'gift-recipient' }), 404, ''],
        [gift(giver.agent, territory.id, { to: 'GIFT-GIVER' }), 409, `You already own ${territory.name}`],
      ];
      for (const [answer, status, message] of refusals) {
        const { status: got, body } = await answer;
        expect(got, message).toBe(status);
        if (message) expect(body.message).toBe(message);
      }
      // The realm's territories never change hands, even from the Wanakt who holds them.
      const [wonder] = await sql<
        { id: number; name: string }[]
      >`select id, name from territories where type = 'wonder' and owner_id = 'wanakt-admin' order by id limit 1`;
      const realm = await gift(wanakt, wonder.id, { to: 'gift-recipient' });
      expect(realm).toMatchObject({ status: 409, body: { message: `${wonder.name} belongs to the realm and cannot change hands` } });
      expect(await snapshot(sql, territory.id)).toEqual(before);
    });

    it('when the owner gives its listed territory, then the room shows the new owner live, the listing is gone, the recipient is told, the desk logs it, and no DRK moves', async () => {
      const watcher = await joinWorld(game.server.url, { cookie: recipient.agent.cookieHeader });
      onTestFinished(async () => {
        await watcher.room.leave();
      });
      await waitFor(() => watcher.room.state.territories?.size > 0, 'the first state');
      const live = () => watcher.room.state.territories.get(String(territory.id));
      expect(live()).toMatchObject({ ownerId: giver.id, forSale: true });
      const before = await snapshot(sql, territory.id);
      const [giverBalance, recipientBalance] = await sql<{ drk_balance: string }[]>`
        select drk_balance::text from users where id in (${giver.id}, ${recipient.id}) order by id = ${giver.id} desc`;

      // The name is matched whatever its case, as at login.
      const given = await giver.agent.post(`/api/territories/${territory.id}/gift`, { to: 'Gift-Recipient' });
      expect(given).toMatchObject({ status: 200, body: { message: `${territory.name} was given to gift-recipient` } });

      await waitFor(() => live()?.ownerId === recipient.id, 'the new owner in the room');
      expect(live()).toMatchObject({ ownerName: 'gift-recipient', forSale: false });
      const after = await snapshot(sql, territory.id);
      expect(after).toEqual({
        ...before,
        audit: before.audit + 1,
        notices: before.notices + 1,
        changes: before.changes + 1,
        territory: { owner_id: recipient.id, sale_price: null },
      });
      expect(
        await sql<{ drk_balance: string }[]>`
        select drk_balance::text from users where id in (${giver.id}, ${recipient.id}) order by id = ${giver.id} desc`,
      ).toEqual([giverBalance, recipientBalance]);

      const notices = (await recipient.agent.get('/api/notifications')).body;
      expect(notices.notifications[0]).toMatchObject({ kind: 'territory_gifted', text: `gift-giver gave you ${territory.name}` });
      const [entry] = (await wanakt.get('/api/admin/audit?action=gift')).body;
      expect(entry).toMatchObject({
        actor_id: giver.id,
        actor_name: 'gift-giver',
        subject: territory.name,
        details: { territoryId: territory.id, recipientId: recipient.id, recipient: 'gift-recipient' },
      });
      const history = (await game.agent().get(`/api/territories/${territory.id}/history`)).body.history;
      expect(history[0]).toMatchObject({ reason: 'gift', price: 0 });

      // The new owner may give it back; the former owner no longer may.
      expect((await giver.agent.post(`/api/territories/${territory.id}/gift`, { to: 'gift-recipient' })).status).toBe(403);
      expect((await recipient.agent.post(`/api/territories/${territory.id}/gift`, { to: 'gift-giver' })).status).toBe(200);
      await waitFor(() => live()?.ownerId === giver.id, 'the owner given back');
    });
  });
}
