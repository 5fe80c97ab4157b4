import type { MarketMarksDto } from '../../../../schema/api/auctions.ts';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { AUCTION_SOFT_CLOSE_MS } from '../../../../schema/rules/auctions.ts';
import type { Sql } from '../../../infra/db/database.ts';
import { checkInvariants } from '../../../domain/economy/supply.ts';
import { settleAuctions } from '../../../jobs/auction-settlement.ts';
import type { TestAgent } from '../../../testing/agent.ts';
import { testBackends } from '../../../testing/databases.ts';
import { balanceOf, signedInPlayer } from '../../../testing/players.ts';
import { startTestServer, type TestServer } from '../../../testing/test-server.ts';

type Player = { id: string; agent: TestAgent };
const HOUR = 3_600_000;

/** A player's statement lines for a territory, oldest first: reason and signed amount. */
async function statementOf(agent: TestAgent, territoryName: string) {
  const { body } = await agent.get('/api/account/statement?limit=200');
  return (body.lines as { reason: string; amount: number; territory_name: string | null }[])
    .filter((line) => line.territory_name === territoryName)
    .reverse()
    .map((line) => [line.reason, line.amount]);
}

for (const backend of testBackends()) {
  describe(`[§4 auctions] auctions with a soft close on ${backend.name}`, () => {
    let game: TestServer;
    let sql: Sql;
    let wanakt: TestAgent;
    let seller: Player;
    let bidders: Player[];
    let land: { id: number; name: string }[];
    // The game's clock, moved forward by the tests: an auction's end and the soft close read it.
    let offset = 0;
    const now = () => new Date(Date.now() + offset);
    const jobs = () => ({ sql, clock: now });

    beforeAll(async () => {
      game = await startTestServer(backend, { clock: now });
      sql = game.database.sql;
      wanakt = await game.wanakt();
      seller = await signedInPlayer(game, { balance: 200_000, username: 'auction-seller' });
      bidders = await Promise.all(
        ['auction-ann', 'auction-bob', 'auction-cy'].map((username) => signedInPlayer(game, { balance: 10_000, username })),
      );
      land = await sql<{ id: number; name: string }[]>`
        select id, name from territories where owner_id is null and sale_price <= 5000 and type not in ('wanakt', 'wonder') order by id limit 7`;
      for (const territory of land) expect((await seller.agent.post(`/api/territories/${territory.id}/purchase`, {})).status).toBe(200);
    }, 180_000);
    afterAll(() => game?.stop());
    afterEach(async () => expect((await checkInvariants(sql)).problems).toEqual([]));

    const start = (territoryId: number, body: Record<string, unknown>) =>
      seller.agent.post(`/api/territories/${territoryId}/auctions`, body);
    const bid = (player: Player, auctionId: number, amount: number) => player.agent.post(`/api/auctions/${auctionId}/bids`, { amount });

    it('when three players bid, then each leading bid is held, a higher one returns the leader its DRK at once with a notice, and the minimum next bid rises by 5 %', async () => {
      const [territory] = land;
      const [ann, bob, cy] = bidders;
      const started = await start(territory.id, { start_price: 1_000, reserve: 1_500, duration_hours: 24 });
      expect(started.status).toBe(201);
      const auction = started.body.auction;
      expect(auction).toMatchObject({
        status: 'running',
        start_price: 1_000,
        reserve: 1_500,
        has_reserve: true,
        min_next_bid: 1_000,
        bids: 0,
      });
      expect(Date.parse(auction.ends_at) - Date.parse(auction.created_at)).toBe(24 * HOUR);

      expect((await bid(ann, auction.id, 999)).body.message).toBe(`The next bid on ${territory.name} must be at least 1,000 DRK`);
      const first = await bid(ann, auction.id, 1_000);
      expect(first.status).toBe(201);
      expect(first.body.auction).toMatchObject({
        leader: { name: 'auction-ann', amount: 1_000 },
        min_next_bid: 1_050,
        reserve: null,
        reserve_met: false,
      });
      expect(await balanceOf(sql, ann.id)).toBe(9_000);
      expect((await bid(ann, auction.id, 2_000)).body.message).toBe(`You already lead the auction of ${territory.name}`);
      expect((await bid(bob, auction.id, 1_049)).status).toBe(409);
      expect((await bid(bob, auction.id, 1_050)).status).toBe(201);
      expect(await balanceOf(sql, ann.id)).toBe(10_000);
      expect(await balanceOf(sql, bob.id)).toBe(8_950);
      expect((await bid(cy, auction.id, 20_000)).body.message).toBe('You need 20,000 DRK but only have 10,000 DRK');
      expect((await bid(cy, auction.id, 1_600)).status).toBe(201);
      expect(await balanceOf(sql, bob.id)).toBe(10_000);

      const seen = (await game.agent().get(`/api/territories/${territory.id}/auction`)).body.auction;
      expect(seen).toMatchObject({
        bids: 3,
        leader: { name: 'auction-cy', amount: 1_600 },
        reserve: null,
        reserve_met: true,
        min_next_bid: 1_680,
      });
      expect((await seller.agent.get(`/api/auctions/${auction.id}`)).body.reserve).toBe(1_500);
      const outbid =
        await sql`select user_id, text from notifications where kind = 'auction_outbid' and user_id in ${sql([ann.id, bob.id])} order by id`;
      expect(outbid.map((row) => [row.user_id, row.text])).toEqual([
        [ann.id, `Your bid of 1,000 DRK for ${territory.name} no longer leads (you were outbid); the DRK is back in your balance`],
        [bob.id, `Your bid of 1,050 DRK for ${territory.name} no longer leads (you were outbid); the DRK is back in your balance`],
      ]);
      expect(await statementOf(ann.agent, territory.name)).toEqual([
        ['auction_hold', -1_000],
        ['auction_return', 1_000],
      ]);
      expect((await seller.agent.post(`/api/auctions/${auction.id}/bids`, { amount: 5_000 })).body.message).toBe(
        `You cannot bid on your own auction of ${territory.name}`,
      );
      expect((await seller.agent.post(`/api/auctions/${auction.id}/cancel`, {})).body.message).toBe(
        `The auction of ${territory.name} has bids: it can no longer be cancelled`,
      );
    });

    it('when a bid comes in the last 5 minutes, then the end moves to 5 minutes after it; an earlier bid leaves it', async () => {
      const [, territory] = land;
      const [ann, bob] = bidders;
      const auction = (await start(territory.id, { start_price: 100, duration_hours: 1 })).body.auction;
      const end = Date.parse(auction.ends_at);
      expect(Date.parse((await bid(ann, auction.id, 100)).body.auction.ends_at)).toBe(end);
      offset += HOUR - 60_000;
      const late = await bid(bob, auction.id, 200);
      expect(late.body.message).toBe(`You lead the auction of ${territory.name} with 200 DRK; the end moved to 5 minutes from now`);
      const moved = Date.parse(late.body.auction.ends_at);
      expect(moved - end).toBeGreaterThanOrEqual(AUCTION_SOFT_CLOSE_MS - 60_000);
      expect(moved).toBeLessThanOrEqual(now().getTime() + AUCTION_SOFT_CLOSE_MS);
      // The first end has passed: the job leaves the auction running, since the late bid moved it.
      offset += 2 * 60_000;
      expect(await settleAuctions(jobs())).not.toContain(auction.id);
      expect((await game.agent().get(`/api/auctions/${auction.id}`)).body.status).toBe('running');

      // Its moved end passes: the job sells it to bob, once, and everybody hears it.
      offset += AUCTION_SOFT_CLOSE_MS;
      const sellerBefore = await balanceOf(sql, seller.id);
      const [one, two] = await Promise.all([settleAuctions(jobs()), settleAuctions(jobs())]);
      expect([...one, ...two].filter((id) => id === auction.id)).toEqual([auction.id]);
      expect((await bid(ann, auction.id, 1_000)).body.message).toBe(`The auction of ${territory.name} has ended`);
      const [row] = await sql<{ owner_id: string }[]>`select owner_id from territories where id = ${territory.id}`;
      expect(row.owner_id).toBe(bob.id);
      expect(await balanceOf(sql, seller.id)).toBe(sellerBefore + 200);
      expect(await balanceOf(sql, bob.id)).toBe(9_800);
      expect(await statementOf(bob.agent, territory.name)).toEqual([
        ['auction_hold', -200],
        ['auction_return', 200],
        ['territory_purchase', -200],
      ]);
      const notices =
        await sql`select user_id, kind, text from notifications where kind in ('auction_won', 'auction_sold') and text like ${`%${territory.name}%`} order by id`;
      expect(notices.map((notice) => [notice.user_id, notice.text])).toEqual([
        [bob.id, `You won the auction of ${territory.name} for 200 DRK`],
        [seller.id, `Your auction of ${territory.name} sold to auction-bob for 200 DRK`],
      ]);
      expect((await game.agent().get(`/api/auctions/${auction.id}`)).body).toMatchObject({
        status: 'sold',
        leader: { name: 'auction-bob', amount: 200 },
      });
    });

    it('when an auction ends below its reserve, then the leader gets its DRK back, the seller keeps the land and both are told', async () => {
      const [, , territory] = land;
      const [, , cy] = bidders;
      const auction = (await start(territory.id, { start_price: 100, reserve: 5_000, duration_hours: 1 })).body.auction;
      expect((await bid(cy, auction.id, 300)).status).toBe(201);
      offset += HOUR + AUCTION_SOFT_CLOSE_MS;
      const before = await balanceOf(sql, cy.id);
      expect(await settleAuctions(jobs())).toContain(auction.id);
      expect(await balanceOf(sql, cy.id)).toBe(before + 300);
      const [row] = await sql<{ owner_id: string }[]>`select owner_id from territories where id = ${territory.id}`;
      expect(row.owner_id).toBe(seller.id);
      const notices =
        await sql`select user_id, text from notifications where kind = 'auction_ended_below_reserve' and text like ${`%${territory.name}%`} order by id`;
      expect(notices.map((notice) => [notice.user_id, notice.text])).toEqual([
        [seller.id, `Your auction of ${territory.name} ended below your reserve at 300 DRK; you keep the territory and the bid went back`],
        [cy.id, `The auction of ${territory.name} ended below its reserve; your 300 DRK is back in your balance`],
      ]);
      expect((await game.agent().get(`/api/auctions/${auction.id}`)).body.status).toBe('unsold');
    });

    it('while an auction runs, then its listing has ended and it cannot be listed, gifted or sold by an offer; it can be cancelled before its first bid', async () => {
      const [, , , territory] = land;
      const [ann] = bidders;
      expect((await seller.agent.request('PATCH', `/api/territories/${territory.id}/listing`, { sale_price: 9_000 })).status).toBe(200);
      const started = await start(territory.id, { start_price: 500 });
      expect(started.body.message).toBe(`${territory.name} is up for auction from 500 DRK; its listing ended`);
      expect(Date.parse(started.body.auction.ends_at) - Date.parse(started.body.auction.created_at)).toBe(24 * HOUR);
      const [row] = await sql<{ sale_price: string | null }[]>`select sale_price::text from territories where id = ${territory.id}`;
      expect(row.sale_price).toBeNull();
      const refusal = `${territory.name} is being auctioned: it changes hands only by the auction (the seller may cancel it before the first bid)`;
      expect((await start(territory.id, { start_price: 500 })).body.message).toBe(`${territory.name} is already being auctioned`);
      expect((await seller.agent.request('PATCH', `/api/territories/${territory.id}/listing`, { sale_price: 9_000 })).body.message).toBe(
        refusal,
      );
      expect((await seller.agent.post(`/api/territories/${territory.id}/gift`, { to: 'auction-ann' })).body.message).toBe(refusal);
      const offer = (await ann.agent.post(`/api/territories/${territory.id}/offers`, { amount: 700 })).body.offer;
      expect((await seller.agent.post(`/api/offers/${offer.id}/accept`, {})).body.message).toBe(refusal);
      expect((await ann.agent.post(`/api/offers/${offer.id}/withdraw`, {})).status).toBe(200);
      expect((await ann.agent.post(`/api/auctions/${started.body.auction.id}/cancel`, {})).status).toBe(403);
      const cancelled = await seller.agent.post(`/api/auctions/${started.body.auction.id}/cancel`, {});
      expect(cancelled.status).toBe(200);
      expect(cancelled.body.auction.status).toBe('cancelled');
      expect((await bid(ann, started.body.auction.id, 500)).body.message).toBe(`The auction of ${territory.name} has ended`);
    });

    it('when the Wanakt assigns a territory under auction, then the auction is called off and its leader gets its DRK back with a notice', async () => {
      const [, , , , territory] = land;
      const [ann, bob] = bidders;
      const auction = (await start(territory.id, { start_price: 100 })).body.auction;
      expect((await bid(ann, auction.id, 400)).status).toBe(201);
      const before = await balanceOf(sql, ann.id);
      expect((await wanakt.post(`/api/territories/${territory.id}/assign`, { userId: bob.id })).status).toBe(200);
      expect(await balanceOf(sql, ann.id)).toBe(before + 400);
      expect((await game.agent().get(`/api/auctions/${auction.id}`)).body.status).toBe('voided');
      const [notice] =
        await sql`select text from notifications where user_id = ${ann.id} and kind = 'auction_outbid' order by id desc limit 1`;
      expect(notice.text).toContain('the territory changed hands and the auction was called off');
    });

    it('when an account linked to the seller bids, then it is refused with the fair-play reason and nothing is held', async () => {
      const [, , , , , territory] = land;
      const linked = await signedInPlayer(game, { balance: 5_000, username: 'auction-alt' });
      for (const id of [seller.id, linked.id])
        await sql`insert into login_addresses (user_id, address, last_login_at) values (${id}, '2001:db8:5:7::1', now())`;
      const auction = (await start(territory.id, { start_price: 100 })).body.auction;
      const refused = await bid(linked, auction.id, 100);
      expect(refused.status).toBe(409);
      expect(refused.body.message).toBe(
        `You cannot bid on ${territory.name}: you and its seller count as one player. The other player has logged in from your network: what passes between accounts on one network does not count.`,
      );
      expect(await balanceOf(sql, linked.id)).toBe(5_000);
    });

    it('when an auction is asked badly, then it is refused with what is wrong, and the ending-soon list shows the running ones nearest first', async () => {
      const [, , , , , , territory] = land;
      expect((await start(territory.id, { start_price: 100, duration_hours: 0 })).body.message).toBe(
        'Please choose from 1 hour to 7 days (1 to 168 hours)',
      );
      expect((await start(territory.id, { start_price: 100, duration_hours: 169 })).status).toBe(400);
      expect((await start(territory.id, { start_price: 0 })).status).toBe(400);
      expect((await start(territory.id, { start_price: 500, reserve: 400 })).body.message).toBe(
        'The reserve (400 DRK) cannot be below the start price (500 DRK)',
      );
      expect((await bidders[0].agent.post(`/api/territories/${territory.id}/auctions`, { start_price: 100 })).status).toBe(403);
      expect((await game.agent().post('/api/auctions/999999/bids', { amount: 5 })).status).toBe(401);
      expect((await bidders[0].agent.post('/api/auctions/999999/bids', { amount: 5 })).status).toBe(404);
      const auction = (await start(territory.id, { start_price: 100, duration_hours: 2 })).body.auction;
      const soon = (await game.agent().get('/api/auctions/ending-soon')).body.auctions as { id: number; ends_at: string }[];
      expect(soon.map((entry) => entry.id)).toContain(auction.id);
      expect(soon.map((entry) => entry.ends_at)).toEqual([...soon.map((entry) => entry.ends_at)].sort());
      // The map marks it with its end, for anyone.
      const marks = (await game.agent().get<MarketMarksDto>('/api/market/marks')).body;
      expect(marks.auctions).toContainEqual({ territory_id: territory.id, ends_at: auction.ends_at });
      expect(marks.auctions.map((entry) => entry.ends_at)).toEqual([...marks.auctions.map((entry) => entry.ends_at)].sort());
    });
  });
}
