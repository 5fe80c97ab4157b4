import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { AUCTION_SOFT_CLOSE_MS } from '../../../schema/rules/auctions.ts';
import type { Sql } from '../../infra/db/database.ts';
import { settleAuctions } from '../../jobs/auction-settlement.ts';
import { checkInvariants } from './supply.ts';
import type { TestAgent } from '../../testing/agent.ts';
import { postgresBackendIfReachable } from '../../testing/databases.ts';
import { balanceOf, signedInPlayer } from '../../testing/players.ts';
import { startTestServer, type TestServer } from '../../testing/test-server.ts';

// docs/rules.md §4 "Auctions" under commands and jobs that cross, on real PostgreSQL (the embedded
// database runs one transaction at a time, so it cannot show a race). Each race runs many times.
const pg = postgresBackendIfReachable();
const ROUNDS = 8;

describe.runIf(pg)('[§4 auctions] races on real PostgreSQL', () => {
  let game: TestServer;
  let sql: Sql;
  let seller: { id: string; agent: TestAgent };
  let bidders: { id: string; agent: TestAgent }[];
  let land: { id: number; name: string }[];

  beforeAll(async () => {
    game = await startTestServer(pg!);
    sql = game.database.sql;
    seller = await signedInPlayer(game, { balance: 400_000 });
    bidders = await Promise.all([0, 1, 2, 3, 4, 5].map(() => signedInPlayer(game, { balance: 100_000 })));
    land = await sql<{ id: number; name: string }[]>`
      select id, name from territories where owner_id is null and sale_price <= 20000 and type not in ('wanakt', 'wonder') order by id limit ${2 * ROUNDS + 1}`;
    for (const territory of land) expect((await seller.agent.post(`/api/territories/${territory.id}/purchase`, {})).status).toBe(200);
  }, 180_000);
  afterAll(() => game?.stop());
  afterEach(async () => expect((await checkInvariants(sql)).problems).toEqual([]));

  // Land won far below its price links winner and seller (docs/rules.md §10 "Fair play"), and a
  // linked account may not bid: each round has bidders of its own.
  const freshBidders = () => Promise.all([0, 1].map(() => signedInPlayer(game, { balance: 5_000 })));

  async function auctionWithLeader(territoryId: number, leader: { agent: TestAgent }, amount: number): Promise<number> {
    const auction = (await seller.agent.post(`/api/territories/${territoryId}/auctions`, { start_price: amount, duration_hours: 1 })).body
      .auction;
    expect((await leader.agent.post(`/api/auctions/${auction.id}/bids`, { amount })).status).toBe(201);
    return auction.id;
  }

  it('when a bid comes in the last second while the settlement job runs, then the auction is either extended or settled, never both', async () => {
    const outcomes = new Set<string>();
    for (const territory of land.slice(0, ROUNDS)) {
      const [first, late] = await freshBidders();
      const auctionId = await auctionWithLeader(territory.id, first, 100);
      // Its end one second from now: the bid, on the server's clock, comes in its last second; the
      // job, on a clock just past the end, finds it due.
      const end = new Date(Date.now() + 1_000);
      await sql`update auctions set ends_at = ${end} where id = ${auctionId}`;
      const lateBalance = await balanceOf(sql, late.id);
      const [answer, settled] = await Promise.all([
        late.agent.post(`/api/auctions/${auctionId}/bids`, { amount: 200 }),
        settleAuctions({ sql, clock: () => new Date(end.getTime() + 1) }),
      ]);
      const [auction] = await sql<{ status: string; ends_at: Date }[]>`select status, ends_at from auctions where id = ${auctionId}`;
      const [owner] = await sql<{ owner_id: string }[]>`select owner_id from territories where id = ${territory.id}`;
      if (answer.status === 201) {
        // Extended: the job found its end moved and left it running; the late bidder leads.
        expect(settled).not.toContain(auctionId);
        expect(auction.status).toBe('running');
        expect(auction.ends_at.getTime()).toBeGreaterThan(end.getTime() + AUCTION_SOFT_CLOSE_MS - 2_000);
        expect(owner.owner_id).toBe(seller.id);
        expect(await balanceOf(sql, late.id)).toBe(lateBalance - 200);
        outcomes.add('extended');
      } else {
        // Refused: the job sold it to the first leader first.
        expect(answer.status).toBe(409);
        expect(answer.body.message).toBe(`The auction of ${territory.name} has ended`);
        expect(settled).toContain(auctionId);
        expect(auction.status).toBe('sold');
        expect(owner.owner_id).toBe(first.id);
        expect(await balanceOf(sql, late.id)).toBe(lateBalance);
        outcomes.add('refused');
      }
    }
    expect(outcomes.size).toBeGreaterThan(0);
  });

  it('when two settlement jobs run at once, then each due auction is settled once: one owner change, one payment', async () => {
    for (const territory of land.slice(ROUNDS, 2 * ROUNDS)) {
      const [winner] = await freshBidders();
      const auctionId = await auctionWithLeader(territory.id, winner, 300);
      await sql`update auctions set ends_at = now() + interval '1 millisecond' where id = ${auctionId}`;
      const sellerBefore = await balanceOf(sql, seller.id);
      const later = () => new Date(Date.now() + 60_000);
      const runs = await Promise.all([settleAuctions({ sql, clock: later }), settleAuctions({ sql, clock: later })]);
      expect(runs.flat().filter((id) => id === auctionId)).toEqual([auctionId]);
      const [{ changes }] = await sql<{ changes: number }[]>`
        select count(*)::int as changes from ownership_changes where territory_id = ${territory.id} and to_owner_id = ${winner.id}`;
      expect(changes).toBe(1);
      expect(await balanceOf(sql, seller.id)).toBe(sellerBefore + 300);
    }
  });

  it('when many players bid on one auction at once, then exactly one leads, every beaten bid is back with its bidder, and no transaction deadlocks', async () => {
    const territory = land[2 * ROUNDS];
    const auction = (await seller.agent.post(`/api/territories/${territory.id}/auctions`, { start_price: 100 })).body.auction;
    const [{ deadlocks: before }] = await sql<{ deadlocks: number }[]>`
      select deadlocks::int from pg_stat_database where datname = current_database()`;
    for (let round = 0; round < ROUNDS; round++) {
      const answers = await Promise.all(
        bidders.map((bidder, i) => bidder.agent.post(`/api/auctions/${auction.id}/bids`, { amount: 1_000 * (round + 1) + i * 60 })),
      );
      expect(answers.every((answer) => answer.status === 201 || answer.status === 409)).toBe(true);
    }
    const leading = await sql<
      { bidder_id: string }[]
    >`select bidder_id from auction_bids where auction_id = ${auction.id} and status = 'leading'`;
    expect(leading).toHaveLength(1);
    // What the ledger holds for each bidder on this auction: the leader's top bid, nobody else anything.
    const held = await sql<{ bidder_id: string; held: string }[]>`
      select b.bidder_id, sum(case when l.reason = 'auction_hold' then l.amount else -l.amount end)::text as held
        from auction_bids b join ledger l on l.reference = 'auction-bid:' || b.id
       where b.auction_id = ${auction.id} group by b.bidder_id having sum(case when l.reason = 'auction_hold' then l.amount else -l.amount end) <> 0`;
    const [top] = await sql<
      { amount: string }[]
    >`select amount::text from auction_bids where auction_id = ${auction.id} and status = 'leading'`;
    expect(held.map((row) => [row.bidder_id, Number(row.held)])).toEqual([[leading[0].bidder_id, Number(top.amount)]]);
    const [{ deadlocks: after }] = await sql<{ deadlocks: number }[]>`
      select deadlocks::int from pg_stat_database where datname = current_database()`;
    expect(after - before).toBe(0);
  });
});
