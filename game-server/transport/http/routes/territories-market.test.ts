import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { WANAKT_USER_ID } from '../../../../schema/constants.ts';
import type { Sql } from '../../../infra/db/database.ts';
import { checkInvariants } from '../../../domain/economy/supply.ts';
import type { TestAgent } from '../../../testing/agent.ts';
import { testBackends } from '../../../testing/databases.ts';
import { balanceOf, signedInPlayer } from '../../../testing/players.ts';
import { startTestServer, type TestServer } from '../../../testing/test-server.ts';

const patch = (agent: TestAgent, path: string, body?: unknown) => agent.request('PATCH', path, body);

for (const backend of testBackends()) {
  describe(`[§5 purchase] the territory market on ${backend.name}`, () => {
    const now = new Date('2026-05-04T10:00:00Z');
    let game: TestServer;
    let sql: Sql;
    let wanakt: TestAgent;

    const idOf = async (name: string) => (await sql<{ id: number }[]>`select id from territories where name = ${name}`)[0].id;
    const territory = async (id: number) =>
      (
        await sql<{ owner_id: string | null; sale_price: string | null; purchase_price: string | null; upgrade_tier: string }[]>`
        select owner_id, sale_price::text, purchase_price::text, upgrade_tier from territories where id = ${id}`
      )[0];
    const ledgerCount = async () => (await sql<{ n: number }[]>`select count(*)::int as n from ledger`)[0].n;
    const player = (balance: number) => signedInPlayer(game, { balance, now });

    beforeAll(async () => {
      game = await startTestServer(backend, { clock: () => now });
      sql = game.database.sql;
      wanakt = await game.wanakt();
    });
    afterAll(() => game.stop());
    afterEach(async () => {
      expect((await checkInvariants(sql)).problems).toEqual([]);
    });

    describe('purchase', () => {
      it('when a player buys an unowned listed territory, then its price goes to the treasury and the territory is its own', async () => {
        const buyer = await player(2_000);
        const crail = await idOf('Crail');
        const treasury = await balanceOf(sql, WANAKT_USER_ID);
        const response = await buyer.agent.post(`/api/territories/${crail}/purchase`, { userId: buyer.id });
        expect(response).toMatchObject({ status: 200, body: { message: 'You now own Crail' } });
        expect(await balanceOf(sql, buyer.id)).toBe(700);
        expect(await balanceOf(sql, WANAKT_USER_ID)).toBe(treasury + 1_300);
        expect(await territory(crail)).toEqual({ owner_id: buyer.id, sale_price: null, purchase_price: '1300', upgrade_tier: 'standard' });
        const [ledger] =
          await sql`select reason, from_user_id, to_user_id, amount::int, territory_id from ledger where territory_id = ${crail}`;
        expect(ledger).toEqual({
          reason: 'territory_purchase',
          from_user_id: buyer.id,
          to_user_id: WANAKT_USER_ID,
          amount: 1300,
          territory_id: crail,
        });
        const history = (await game.agent().get(`/api/territories/${crail}/history`)).body.history;
        expect(history).toEqual([
          {
            id: expect.any(Number),
            from_owner_id: null,
            from_owner_name: null,
            to_owner_id: buyer.id,
            to_owner_name: expect.stringMatching(/^p-/),
            price: 1300,
            reason: 'purchase',
            linked: false,
            not_counted: null,
            created_at: expect.any(String),
          },
        ]);
      });

      it('when an owner lists and another player buys, then the seller gets the price, and the history shows both owners newest first', async () => {
        const seller = await player(5_000);
        const buyer = await player(5_000);
        const hydePark = await idOf('Hyde Park');
        await seller.agent.post(`/api/territories/${hydePark}/purchase`, {});
        const listed = await patch(seller.agent, `/api/territories/${hydePark}/listing`, { sale_price: 2_500 });
        expect(listed).toMatchObject({ status: 200, body: { message: 'Hyde Park is for sale at 2,500 DRK' } });
        expect((await game.agent().get('/api/territories/for-sale')).body.some((t: { id: number }) => t.id === hydePark)).toBe(true);
        const bought = await buyer.agent.post(`/api/territories/${hydePark}/purchase`, { userId: buyer.id, sale_price: 2_500 });
        expect(bought.status).toBe(200);
        expect(await balanceOf(sql, seller.id)).toBe(5_000 - 1_100 + 2_500);
        expect(await balanceOf(sql, buyer.id)).toBe(2_500);
        const history = (await game.agent().get(`/api/territories/${hydePark}/history`)).body.history;
        expect(
          history.map((row: { from_owner_id: string | null; to_owner_id: string; price: number }) => [
            row.from_owner_id,
            row.to_owner_id,
            row.price,
          ]),
        ).toEqual([
          [seller.id, buyer.id, 2_500],
          [null, seller.id, 1_100],
        ]);
      });

      it("when the balance does not cover the price, then 409 with docs/rules.md §5's message and nothing changes", async () => {
        const buyer = await player(100);
        const boston = await idOf('Boston');
        const before = { ledger: await ledgerCount(), territory: await territory(boston) };
        const response = await buyer.agent.post(`/api/territories/${boston}/purchase`, { userId: buyer.id });
        expect(response).toMatchObject({ status: 409, body: { message: 'You need 7,500 DRK but only have 100 DRK' } });
        expect(await balanceOf(sql, buyer.id)).toBe(100);
        expect(await territory(boston)).toEqual(before.territory);
        expect(await ledgerCount()).toBe(before.ledger);
      });

      it("when no one is logged in, then 401 with docs/rules.md §5's message", async () => {
        const response = await game.agent().post(`/api/territories/${await idOf('Boston')}/purchase`, { userId: 'sample-user' });
        expect(response).toMatchObject({ status: 401, body: { message: 'Please log in to purchase territories' } });
      });

      it('when the payload names another user, then 403 and no DRK moves', async () => {
        const buyer = await player(10_000);
        const response = await buyer.agent.post(`/api/territories/${await idOf('Boston')}/purchase`, { userId: 'sample-user' });
        expect(response.status).toBe(403);
        expect(await balanceOf(sql, buyer.id)).toBe(10_000);
      });

      it("when the territory is not for sale, already the buyer's, unknown, or its price changed, then 409 / 409 / 404 / 409", async () => {
        const buyer = await player(20_000);
        const islamorada = await idOf('Islamorada');
        expect((await buyer.agent.post(`/api/territories/${islamorada}/purchase`, { sale_price: 1_000 })).body).toEqual({
          message: 'The price of Islamorada is now 1,400 DRK',
        });
        expect((await buyer.agent.post(`/api/territories/${islamorada}/purchase`, {})).status).toBe(200);
        expect(await buyer.agent.post(`/api/territories/${islamorada}/purchase`, {})).toMatchObject({
          status: 409,
          body: { message: 'You already own Islamorada' },
        });
        const wall = await idOf('Great Wall');
        expect(await buyer.agent.post(`/api/territories/${wall}/purchase`, {})).toMatchObject({
          status: 409,
          body: { message: 'Great Wall is not for sale' },
        });
        expect((await buyer.agent.post('/api/territories/999999/purchase', {})).status).toBe(404);
        expect(await balanceOf(sql, buyer.id)).toBe(20_000 - 1_400);
      });

      it('when the body has wrong types, SQL-looking strings or a bad price, then 400; over the body limit 413; nothing changes', async () => {
        const buyer = await player(20_000);
        const boston = await idOf('Boston');
        for (const body of [
          { userId: 42 },
          { userId: ["' or 1=1 --"] },
          { sale_price: -1 },
          { sale_price: 7500.5 },
          { sale_price: '7500' },
          { sale_price: 1e30 },
        ]) {
          expect((await buyer.agent.post(`/api/territories/${boston}/purchase`, body)).status).toBe(400);
        }
        expect((await buyer.agent.post(`/api/territories/${boston}/purchase`, '{"userId": ')).status).toBe(400);
        expect((await buyer.agent.post(`/api/territories/${boston}/purchase`, { userId: 'x'.repeat(1_000_000) })).status).toBe(413);
        expect(await balanceOf(sql, buyer.id)).toBe(20_000);
        expect((await territory(boston)).owner_id).toBeNull();
      });
    });

    describe('listing', () => {
      it('when the owner lists and withdraws, then sale_price follows; bad prices 400, others 403, no session 401', async () => {
        const owner = await player(5_000);
        const other = await player(5_000);
        const shirakawa = await idOf('Shirakawa-go');
        await owner.agent.post(`/api/territories/${shirakawa}/purchase`, {});
        const path = `/api/territories/${shirakawa}/listing`;
        for (const sale_price of [0, -5, 1.5, '100', 1e12, undefined, '1; drop table territories']) {
          expect((await patch(owner.agent, path, { sale_price })).status).toBe(400);
        }
        expect((await patch(other.agent, path, { sale_price: 10 })).status).toBe(403);
        expect((await patch(owner.agent, path, { userId: other.id, sale_price: 10 })).status).toBe(403);
        expect((await patch(game.agent(), path, { sale_price: 10 })).status).toBe(401);
        expect((await patch(owner.agent, '/api/territories/999999/listing', { sale_price: 10 })).status).toBe(404);
        expect((await territory(shirakawa)).sale_price).toBeNull();
        expect((await patch(owner.agent, path, { sale_price: 3_000 })).status).toBe(200);
        expect((await territory(shirakawa)).sale_price).toBe('3000');
        expect(await patch(owner.agent, path, { sale_price: null })).toMatchObject({
          status: 200,
          body: { message: 'Shirakawa-go is no longer for sale' },
        });
        expect((await territory(shirakawa)).sale_price).toBeNull();
        expect((await other.agent.post(`/api/territories/${shirakawa}/purchase`, {})).status).toBe(409);
      });

      it("[§1 wonders are public] when the Wanakt lists or assigns a wonder or its seat, then 409 and it stays the realm's", async () => {
        const recipient = await player(50_000);
        for (const name of ['Great Wall', 'Wanakt Citadel']) {
          const id = await idOf(name);
          expect(await patch(wanakt, `/api/territories/${id}/listing`, { sale_price: 100 })).toMatchObject({
            status: 409,
            body: { message: `${name} belongs to the realm and cannot change hands` },
          });
          expect((await wanakt.post(`/api/territories/${id}/assign`, { userId: recipient.id })).status).toBe(409);
          expect(await territory(id)).toMatchObject({ owner_id: WANAKT_USER_ID, sale_price: null });
        }
      });

      it('when the history of an unknown territory is asked, then 404', async () => {
        expect((await game.agent().get('/api/territories/999999/history')).status).toBe(404);
        expect((await game.agent().get('/api/territories/abc/history')).status).toBe(400);
      });
    });

    describe('[§4 upgrade tiers] upgrade', () => {
      it('when the owner buys a higher tier, then its docs/rules.md §9 cost goes to the treasury; the same or a lower tier is 409', async () => {
        const owner = await player(5_000);
        const brooklyn = await idOf('Brooklyn');
        await owner.agent.post(`/api/territories/${brooklyn}/purchase`, {});
        const treasury = await balanceOf(sql, WANAKT_USER_ID);
        const response = await owner.agent.post(`/api/territories/${brooklyn}/upgrade`, { upgrade_tier: 'premium' });
        expect(response).toMatchObject({ status: 200, body: { message: 'Brooklyn is now premium (500 DRK)' } });
        expect(await balanceOf(sql, owner.id)).toBe(5_000 - 2_800 - 500);
        expect(await balanceOf(sql, WANAKT_USER_ID)).toBe(treasury + 500);
        expect((await territory(brooklyn)).upgrade_tier).toBe('premium');
        expect((await owner.agent.post(`/api/territories/${brooklyn}/upgrade`, { upgrade_tier: 'premium' })).status).toBe(409);
        expect((await owner.agent.post(`/api/territories/${brooklyn}/upgrade`, { upgrade_tier: 'standard' })).status).toBe(409);
        expect(await owner.agent.post(`/api/territories/${brooklyn}/upgrade`, { upgrade_tier: 'ultimate' })).toMatchObject({
          status: 409,
          body: { message: 'You need 2,500 DRK but only have 1,700 DRK' },
        });
        expect((await territory(brooklyn)).upgrade_tier).toBe('premium');
        expect(await balanceOf(sql, owner.id)).toBe(1_700);
      });

      it('when an upgrade-discount event is running, then the cost is discounted by its multiplier', async () => {
        const owner = await player(5_000);
        const centralPark = await idOf('Central Park');
        await owner.agent.post(`/api/territories/${centralPark}/purchase`, {});
        await sql`
          insert into special_events (name, description, icon, color, bonus_multiplier, event_type, start_date, end_date)
          values ('Masons', 'cheap', 'zap', 'blue', 1.5, 'upgrade_discount', ${new Date(now.getTime() - 3_600_000)}, ${new Date(now.getTime() + 3_600_000)})`;
        try {
          const response = await owner.agent.post(`/api/territories/${centralPark}/upgrade`, { upgrade_tier: 'deluxe' });
          expect(response.body).toEqual({ message: 'Central Park is now deluxe (600 DRK)', cost: 600 });
          expect(await balanceOf(sql, owner.id)).toBe(5_000 - 1_200 - 600);
        } finally {
          await sql`delete from special_events where name = 'Masons'`;
        }
      });

      it('when someone else, no one, or a bad tier asks, then 403 / 401 / 400; an unknown territory is 404', async () => {
        const stranger = await player(5_000);
        const brooklyn = await idOf('Brooklyn');
        expect(await stranger.agent.post(`/api/territories/${brooklyn}/upgrade`, { upgrade_tier: 'deluxe' })).toMatchObject({
          status: 403,
          body: { message: 'Only the owner of Brooklyn can upgrade it' },
        });
        expect((await game.agent().post(`/api/territories/${brooklyn}/upgrade`, { upgrade_tier: 'deluxe' })).status).toBe(401);
        for (const upgrade_tier of ['golden', '', 3, null, "deluxe' --"]) {
          expect((await stranger.agent.post(`/api/territories/${brooklyn}/upgrade`, { upgrade_tier })).status).toBe(400);
        }
        expect((await stranger.agent.post('/api/territories/999999/upgrade', { upgrade_tier: 'deluxe' })).status).toBe(404);
        expect(await balanceOf(sql, stranger.id)).toBe(5_000);
      });
    });

    describe('[§5 assignment] assign', () => {
      it('when the Wanakt assigns at price 0, then it is a gift: no DRK moves and the history says gift', async () => {
        const recipient = await player(0);
        const provincetown = await idOf('Provincetown');
        const ledger = await ledgerCount();
        const response = await wanakt.post(`/api/territories/${provincetown}/assign`, { userId: recipient.id });
        expect(response.status).toBe(200);
        expect(response.body.message).toMatch(/^Provincetown was given to p-.* as a gift$/);
        expect(await territory(provincetown)).toMatchObject({ owner_id: recipient.id, sale_price: null, purchase_price: '0' });
        expect(await ledgerCount()).toBe(ledger);
        const [change] = await sql`select reason, price::int from ownership_changes where territory_id = ${provincetown}`;
        expect(change).toEqual({ reason: 'gift', price: 0 });
      });

      it('when the Wanakt assigns at a price, then the recipient pays it to the treasury, or 409 if it cannot', async () => {
        const recipient = await player(1_000);
        const keyWest = await idOf('Key West');
        const poor = await wanakt.post(`/api/territories/${keyWest}/assign`, { userId: recipient.id, price: 1_500 });
        expect(poor).toMatchObject({ status: 409, body: { message: 'You need 1,500 DRK but only have 1,000 DRK' } });
        expect((await territory(keyWest)).owner_id).toBeNull();
        const treasury = await balanceOf(sql, WANAKT_USER_ID);
        expect((await wanakt.post(`/api/territories/${keyWest}/assign`, { userId: recipient.id, price: 600 })).status).toBe(200);
        expect(await balanceOf(sql, recipient.id)).toBe(400);
        expect(await balanceOf(sql, WANAKT_USER_ID)).toBe(treasury + 600);
        const [entry] = await sql`select reason, amount::int from ledger where territory_id = ${keyWest}`;
        expect(entry).toEqual({ reason: 'territory_assignment', amount: 600 });
        expect((await wanakt.post(`/api/territories/${keyWest}/assign`, { userId: recipient.id })).status).toBe(409);
      });

      it('when a player, no one, an unknown user or a bad price is involved, then 403 / 401 / 404 / 400', async () => {
        const player1 = await player(1_000);
        const target = await idOf('Crail');
        expect((await player1.agent.post(`/api/territories/${target}/assign`, { userId: player1.id })).status).toBe(403);
        expect((await game.agent().post(`/api/territories/${target}/assign`, { userId: player1.id })).status).toBe(401);
        expect(await wanakt.post(`/api/territories/${target}/assign`, { userId: 'no-such-user' })).toMatchObject({
          status: 404,
          body: { message: 'User not found' },
        });
        expect((await wanakt.post('/api/territories/999999/assign', { userId: player1.id })).status).toBe(404);
        for (const body of [
          {},
          { userId: player1.id, price: -1 },
          { userId: player1.id, price: 0.5 },
          { userId: player1.id, price: 'free' },
          { userId: player1.id, price: 1e40 },
          { userId: "x' or '1'='1" },
        ]) {
          expect((await wanakt.post(`/api/territories/${target}/assign`, body)).status).toBe(400);
        }
        expect(await balanceOf(sql, player1.id)).toBe(1_000);
      });
    });
  });
}
