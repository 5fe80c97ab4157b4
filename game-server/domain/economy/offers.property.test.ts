import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Sql } from '../../infra/db/database.ts';
import { settleAuctions } from '../../jobs/auction-settlement.ts';
import { expireOffers } from '../../jobs/offer-expiry.ts';
import type { TestAgent } from '../../testing/agent.ts';
import { testBackends } from '../../testing/databases.ts';
import { signedInPlayer } from '../../testing/players.ts';
import { startTestServer, type TestServer } from '../../testing/test-server.ts';
import { checkInvariants } from './supply.ts';

// docs/rules.md §4 "Offers" and "Auctions", docs/design.md "Money invariants": random interleavings
// of offers, counters, accepts, declines, withdrawals, listing purchases, gifts, auctions, bids,
// cancellations and expiries, each step a real command over HTTP (or the expiry and settlement jobs
// at a later hour). After every step the ledger's invariants hold (escrow included: open offers and
// leading bids), every territory has one owner that its history agrees with, no open offer is
// addressed to anyone but its territory's owner, and no running auction sells anyone else's land.
const PLAYERS = 4;
const TERRITORIES = 4;

type Step =
  | { kind: 'offer'; buyer: number; territory: number; amount: number; hours: number }
  | { kind: 'withdraw' | 'decline' | 'accept' | 'accept-counter'; pick: number }
  | { kind: 'counter'; pick: number; over: number }
  | { kind: 'list-and-buy'; buyer: number; territory: number; price: number }
  | { kind: 'gift'; territory: number; to: number }
  | { kind: 'expire'; minutes: number }
  | { kind: 'auction'; territory: number; start: number; reserve: number | null }
  | { kind: 'bid'; bidder: number; pick: number; over: number }
  | { kind: 'cancel'; pick: number };

const index = (size: number) => fc.integer({ min: 0, max: size - 1 });
const STEP: fc.Arbitrary<Step> = fc.oneof(
  {
    weight: 4,
    arbitrary: fc.record({
      kind: fc.constant('offer' as const),
      buyer: index(PLAYERS),
      territory: index(TERRITORIES),
      amount: fc.integer({ min: 1, max: 400 }),
      hours: fc.integer({ min: 1, max: 3 }),
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constantFrom('withdraw' as const, 'decline' as const, 'accept' as const, 'accept-counter' as const),
      pick: fc.nat(50),
    }),
  },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('counter' as const), pick: fc.nat(50), over: fc.integer({ min: 1, max: 200 }) }) },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant('list-and-buy' as const),
      buyer: index(PLAYERS),
      territory: index(TERRITORIES),
      price: fc.integer({ min: 1, max: 300 }),
    }),
  },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('gift' as const), territory: index(TERRITORIES), to: index(PLAYERS) }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('expire' as const), minutes: fc.integer({ min: 10, max: 90 }) }) },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('auction' as const),
      territory: index(TERRITORIES),
      start: fc.integer({ min: 1, max: 300 }),
      reserve: fc.option(fc.integer({ min: 300, max: 600 })),
    }),
  },
  {
    weight: 3,
    arbitrary: fc.record({
      kind: fc.constant('bid' as const),
      bidder: index(PLAYERS),
      pick: fc.nat(50),
      over: fc.integer({ min: 0, max: 150 }),
    }),
  },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('cancel' as const), pick: fc.nat(50) }) },
);

for (const backend of testBackends().filter((candidate) => candidate.name === 'embedded')) {
  describe(`[§4 offers] random interleavings keep the money whole on ${backend.name}`, () => {
    let now = new Date();
    let game: TestServer;
    let sql: Sql;
    let players: { id: string; username: string; agent: TestAgent }[];
    let land: number[];

    beforeAll(async () => {
      game = await startTestServer(backend, { clock: () => now });
      sql = game.database.sql;
      players = await Promise.all(
        Array.from({ length: PLAYERS }, async (_, i) => ({
          ...(await signedInPlayer(game, { balance: 3_000, username: `prop-${i}`, now })),
          username: `prop-${i}`,
        })),
      );
      const free = await sql<{ id: number }[]>`
        select id from territories where owner_id is null and sale_price <= 1000 and type not in ('wanakt', 'wonder') order by id limit ${TERRITORIES}`;
      land = free.map((row) => row.id);
      for (const [i, id] of land.entries())
        expect((await players[i % PLAYERS].agent.post(`/api/territories/${id}/purchase`, {})).status).toBe(200);
    }, 180_000);
    afterAll(() => game?.stop());

    const byId = (id: string) => players.find((player) => player.id === id)!;
    const ownerOf = async (territoryId: number) =>
      byId((await sql<{ owner_id: string }[]>`select owner_id from territories where id = ${territoryId}`)[0].owner_id);
    const openOffer = async (pick: number) => {
      const open = await sql<{ id: number; buyer_id: string; territory_id: number; counter_price: string | null }[]>`
        select id, buyer_id, territory_id, counter_price::text from territory_offers where status = 'open' order by id`;
      return open.length === 0 ? null : open[pick % open.length];
    };

    const runningAuction = async (pick: number) => {
      const running = await sql<
        { id: number; seller_id: string }[]
      >`select id, seller_id from auctions where status = 'running' order by id`;
      return running.length === 0 ? null : running[pick % running.length];
    };

    async function run(step: Step): Promise<number | null> {
      switch (step.kind) {
        case 'offer':
          return (
            await players[step.buyer].agent.post(`/api/territories/${land[step.territory]}/offers`, {
              amount: step.amount,
              expires_in_hours: step.hours,
            })
          ).status;
        case 'withdraw': {
          const offer = await openOffer(step.pick);
          return offer && (await byId(offer.buyer_id).agent.post(`/api/offers/${offer.id}/withdraw`, {})).status;
        }
        case 'decline':
        case 'accept': {
          const offer = await openOffer(step.pick);
          return offer && (await (await ownerOf(offer.territory_id)).agent.post(`/api/offers/${offer.id}/${step.kind}`, {})).status;
        }
        case 'accept-counter': {
          const offer = await openOffer(step.pick);
          return offer && (await byId(offer.buyer_id).agent.post(`/api/offers/${offer.id}/accept-counter`, {})).status;
        }
        case 'counter': {
          const offer = await openOffer(step.pick);
          if (!offer) return null;
          const [{ amount }] = await sql<{ amount: string }[]>`select amount::text from territory_offers where id = ${offer.id}`;
          return (
            await (await ownerOf(offer.territory_id)).agent.post(`/api/offers/${offer.id}/counter`, { price: Number(amount) + step.over })
          ).status;
        }
        case 'list-and-buy': {
          const id = land[step.territory];
          const owner = await ownerOf(id);
          // Land under auction is not listed (docs/rules.md §4 "Auctions"): the refusal is the step's outcome.
          const listed = await owner.agent.request('PATCH', `/api/territories/${id}/listing`, { sale_price: step.price });
          if (listed.status !== 200) return listed.status;
          return (await players[step.buyer].agent.post(`/api/territories/${id}/purchase`, {})).status;
        }
        case 'gift': {
          const id = land[step.territory];
          return (await (await ownerOf(id)).agent.post(`/api/territories/${id}/gift`, { to: players[step.to].username })).status;
        }
        case 'expire':
          now = new Date(now.getTime() + step.minutes * 60_000);
          await expireOffers({ sql, clock: () => now });
          await settleAuctions({ sql, clock: () => now });
          return null;
        case 'auction': {
          const id = land[step.territory];
          return (
            await (
              await ownerOf(id)
            ).agent.post(`/api/territories/${id}/auctions`, {
              start_price: step.start,
              reserve: step.reserve,
              duration_hours: 1,
            })
          ).status;
        }
        case 'bid': {
          const auction = await runningAuction(step.pick);
          if (!auction) return null;
          const { min_next_bid } = (await game.agent().get(`/api/auctions/${auction.id}`)).body;
          return (await players[step.bidder].agent.post(`/api/auctions/${auction.id}/bids`, { amount: min_next_bid + step.over })).status;
        }
        case 'cancel': {
          const auction = await runningAuction(step.pick);
          return auction && (await byId(auction.seller_id).agent.post(`/api/auctions/${auction.id}/cancel`, {})).status;
        }
      }
    }

    async function expectWhole(step: Step, status: number | null): Promise<void> {
      // A refusal is a 403 or a 409 with its reason; nothing else may come back.
      expect([null, 200, 201, 403, 409], JSON.stringify(step)).toContain(status);
      expect((await checkInvariants(sql)).problems, JSON.stringify(step)).toEqual([]);
      const owners = await sql<{ id: number; owner_id: string; last_to: string }[]>`
        select t.id, t.owner_id,
               (select c.to_owner_id from ownership_changes c where c.territory_id = t.id order by c.created_at desc, c.id desc limit 1) as last_to
          from territories t where t.id in ${sql(land)}`;
      for (const row of owners) expect(row.owner_id, `territory ${row.id}`).toBe(row.last_to);
      const astray = await sql`
        select o.id from territory_offers o join territories t on t.id = o.territory_id
         where o.status = 'open' and (o.owner_id <> t.owner_id or o.buyer_id = t.owner_id)`;
      expect(astray, JSON.stringify(step)).toEqual([]);
      const misplaced = await sql`
        select a.id from auctions a join territories t on t.id = a.territory_id where a.status = 'running' and a.seller_id <> t.owner_id`;
      expect(misplaced, JSON.stringify(step)).toEqual([]);
    }

    it('when offers, counters, accepts, declines, withdrawals, purchases, gifts, auctions, bids and expiries interleave, then after every step the money and the owners add up', async () => {
      const seen = new Map<string, number>();
      await fc.assert(
        fc.asyncProperty(fc.array(STEP, { minLength: 5, maxLength: 25 }), async (steps) => {
          for (const step of steps) {
            const status = await run(step);
            seen.set(`${step.kind} ${status}`, (seen.get(`${step.kind} ${status}`) ?? 0) + 1);
            await expectWhole(step, status);
          }
        }),
        { numRuns: 12, seed: 38 },
      );
      // The walk reached the interesting outcomes, not only refusals.
      for (const outcome of ['offer 201', 'accept 200', 'counter 200', 'withdraw 200', 'auction 201', 'bid 201'])
        expect(seen.get(outcome) ?? 0, outcome).toBeGreaterThan(0);
      const ended = await sql<{ status: string }[]>`select distinct status from auctions where status in ('sold', 'unsold')`;
      expect(ended.map((row) => row.status).sort()).toEqual(['sold', 'unsold']);
    }, 600_000);
  });
}
