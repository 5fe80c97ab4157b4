import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { inTransaction, type Sql } from '../../infra/db/database.ts';
import { checkInvariants } from '../economy/supply.ts';
import { joinWorld, waitFor, type WorldJoin } from '../../testing/test-clients.ts';
import { testBackends } from '../../testing/databases.ts';
import { signedInPlayer } from '../../testing/players.ts';
import { startTestServer, type TestServer } from '../../testing/test-server.ts';
import { noticesCreated } from './notifications.ts';
import { remindRent } from './rent-reminders.ts';

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

for (const backend of testBackends()) {
  describe(`[notifications] notices on ${backend.name}`, () => {
    let game: TestServer;
    let sql: Sql;
    let joined: WorldJoin[] = [];

    const join = async (cookie: string) => {
      const world = await joinWorld(game.server.url, { cookie });
      joined.push(world);
      await waitFor(() => world.room.state.territories?.size > 0, 'the first state');
      return world;
    };
    const notices = (world: WorldJoin) =>
      world.messages.filter((message) => message.type === 'notification').map((message) => message.payload);
    const unownedTerritory = async () =>
      (
        await sql<{ id: number; name: string }[]>`
        select id, name from territories where owner_id is null and type = 'village' order by id limit 1 offset ${joined.length}`
      )[0];

    beforeAll(async () => {
      game = await startTestServer(backend);
      sql = game.database.sql;
    }, 180_000);
    afterAll(() => game?.stop());
    afterEach(async () => {
      await Promise.all(joined.map(({ room }) => room.connection?.isOpen && room.leave()));
      joined = [];
      expect((await checkInvariants(sql)).problems).toEqual([]);
    });

    it('when a listed territory is bought, then its seller is told over REST and live in every open tab, the buyer hears of its purchase, and nobody else hears anything', async () => {
      const seller = await signedInPlayer(game, { balance: 0, username: 'notice-seller' });
      const buyer = await signedInPlayer(game, { balance: 5_000, username: 'notice-buyer' });
      const stranger = await signedInPlayer(game, { balance: 0 });
      const territory = await unownedTerritory();
      await sql`update territories set owner_id = ${seller.id} where id = ${territory.id}`;
      expect((await seller.agent.request('PATCH', `/api/territories/${territory.id}/listing`, { sale_price: 1500 })).status).toBe(200);
      const sellerTabs = [await join(seller.agent.cookieHeader), await join(seller.agent.cookieHeader)];
      const others = [await join(buyer.agent.cookieHeader), await join(stranger.agent.cookieHeader), await join('')];

      expect((await buyer.agent.post(`/api/territories/${territory.id}/purchase`, {})).status).toBe(200);

      const text = `notice-buyer bought ${territory.name} from you for 1,500 DRK`;
      for (const tab of sellerTabs) {
        await waitFor(() => notices(tab).length > 0, 'the live notice');
        expect(notices(tab)).toEqual([expect.objectContaining({ kind: 'territory_sold', text, read: false, link: '/revenue' })]);
      }
      await waitFor(() => notices(others[0]).length > 0, "the buyer's notice");
      expect(notices(others[0])).toEqual([
        expect.objectContaining({ kind: 'territory_bought', text: `You bought ${territory.name} for 1,500 DRK` }),
      ]);
      // The wait is the rule under test: the notice reaches no other player, however late.
      await pause(300);
      for (const world of others.slice(1)) expect(notices(world)).toEqual([]);

      const listed = await seller.agent.get('/api/notifications');
      expect(listed.status).toBe(200);
      expect(listed.body.unread).toBe(1);
      expect(listed.body.notifications).toEqual([expect.objectContaining({ kind: 'territory_sold', text })]);
      expect((await buyer.agent.get('/api/notifications')).body.notifications).toEqual([
        expect.objectContaining({ kind: 'territory_bought' }),
      ]);
      expect((await stranger.agent.get('/api/notifications')).body).toEqual({ notifications: [], unread: 0 });
    });

    it('when a player marks notices read, then only its own change; bad input changes nothing', async () => {
      const owner = await signedInPlayer(game, { balance: 0 });
      const other = await signedInPlayer(game, { balance: 0 });
      const at = new Date();
      await sql`
        insert into notifications (user_id, kind, text, link, created_at)
        values (${owner.id}, 'rent_received', 'one', '/revenue', ${at}), (${owner.id}, 'rent_received', 'two', '/revenue', ${at}),
               (${other.id}, 'rent_received', 'theirs', null, ${at})`;
      const [theirs] = await sql<{ id: string }[]>`select id::text from notifications where user_id = ${other.id}`;
      const mine = (await owner.agent.get('/api/notifications')).body.notifications as { id: number; text: string }[];
      expect(mine.map((notice) => notice.text)).toEqual(['two', 'one']);

      expect(await owner.agent.post('/api/notifications/read', { ids: [mine[1].id, Number(theirs.id)] })).toMatchObject({
        status: 200,
        body: { unread: 1 },
      });
      expect((await other.agent.get('/api/notifications')).body.unread).toBe(1);
      for (const bad of [{ ids: [] }, { ids: ['x'] }, { ids: [1], extra: true }, { ids: Array.from({ length: 101 }, (_, i) => i + 1) }]) {
        const answer = await owner.agent.post('/api/notifications/read', bad);
        expect(answer.status).toBe(400);
        expect(answer.body.message).toEqual(expect.any(String));
      }
      expect((await owner.agent.get('/api/notifications')).body.unread).toBe(1);
      expect(await owner.agent.post('/api/notifications/read', {})).toMatchObject({ status: 200, body: { unread: 0 } });
      expect((await game.agent().get('/api/notifications')).status).toBe(401);
    });

    it('when rent is paid, due soon or overdue, then the payee and the payer are told once each', async () => {
      const payer = await signedInPlayer(game, { balance: 1_000, username: 'notice-payer' });
      const payee = await signedInPlayer(game, { balance: 0 });
      const [soon, late] = await sql<
        { id: number; name: string }[]
      >`select id, name from territories where owner_id is null order by id limit 2 offset 40`;
      const [paid] = await sql<{ id: number }[]>`
        insert into rent_payments (period, payer_territory_id, payer_id, payee_id, payment_type, amount, due_date)
        values ('2026-H1', ${soon.id}, ${payer.id}, ${payee.id}, 'rent', 111, now() + interval '2 days'),
               ('2026-H1', ${late.id}, ${payer.id}, ${payee.id}, 'rent', 72, now() - interval '1 day')
        returning id`;
      // As the hourly job runs it: one transaction per run.
      const remind = () => inTransaction(sql, (tx) => remindRent({ tx, now: new Date() }));
      await remind();
      await remind();
      const payerTexts = ((await payer.agent.get('/api/notifications')).body.notifications as { text: string }[])
        .map((notice) => notice.text)
        .sort();
      expect(payerTexts).toEqual([`Rent of 111 DRK for ${soon.name} is due in 2 days`, `Rent of 72 DRK for ${late.name} is overdue`]);

      expect((await payer.agent.post(`/api/rent/pay/${paid.id}`, {})).status).toBe(200);
      // A season always runs (docs/rules.md §10), so collecting rent may also complete a season task: told apart by its kind.
      const payeeNotices = ((await payee.agent.get('/api/notifications')).body.notifications as { kind: string }[]).filter(
        (notice) => notice.kind !== 'season_task_completed',
      );
      expect(payeeNotices).toEqual([
        expect.objectContaining({ kind: 'rent_received', text: `notice-payer paid you 111 DRK rent for ${soon.name}` }),
      ]);
    });
  });
}

describe('[§7 notices] the event that announces them', () => {
  it('when more notices were stored than one event carries, then they are announced in events of at most 5,000, each notice once', () => {
    const stored = Array.from({ length: 12_001 }, (_, index) => ({ id: index + 1, userId: `p${index % 7}` }));
    const events = noticesCreated(stored);
    expect(events.map((event) => (event.type === 'notifications.created' ? event.notices.length : 0))).toEqual([5000, 5000, 2001]);
    expect(events.flatMap((event) => (event.type === 'notifications.created' ? event.notices : []))).toEqual(stored);
    expect(noticesCreated([])).toEqual([]);
  });
});
