import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { inTransaction, type Sql } from '../../infra/db/database.ts';
import { checkInvariants } from './supply.ts';
import type { TestAgent } from '../../testing/agent.ts';
import { postgresBackendIfReachable } from '../../testing/databases.ts';
import { balanceOf, signedInPlayer } from '../../testing/players.ts';
import { startTestServer, type TestServer } from '../../testing/test-server.ts';

// docs/rules.md §4 "Offers" under commands that cross, on real PostgreSQL (the embedded database
// runs one transaction at a time, so it cannot show a race). Each race runs many times.
const pg = postgresBackendIfReachable();
const ROUNDS = 10;

describe.runIf(pg)('[§4 offers] races on real PostgreSQL', () => {
  let game: TestServer;
  let sql: Sql;
  let seller: { id: string; agent: TestAgent };
  let buyers: { id: string; agent: TestAgent }[];
  let land: { id: number; name: string }[];

  beforeAll(async () => {
    game = await startTestServer(pg!);
    sql = game.database.sql;
    seller = await signedInPlayer(game, { balance: 1_000_000 });
    buyers = await Promise.all([0, 1, 2].map(() => signedInPlayer(game, { balance: 1_000_000 })));
    land = await sql<{ id: number; name: string }[]>`
      select id, name from territories where owner_id is null and sale_price <= 20000 and type not in ('wanakt', 'wonder') order by id limit ${ROUNDS}`;
    for (const territory of land) expect((await seller.agent.post(`/api/territories/${territory.id}/purchase`, {})).status).toBe(200);
  }, 180_000);
  afterAll(() => game?.stop());
  afterEach(async () => expect((await checkInvariants(sql)).problems).toEqual([]));

  it('when the owner accepts two different offers at once, then one sells the territory and the other offer is voided with its DRK back', async () => {
    for (const territory of land) {
      const [first, second] = await Promise.all(
        buyers
          .slice(0, 2)
          .map(async (buyer, i) => (await buyer.agent.post(`/api/territories/${territory.id}/offers`, { amount: 100 + i })).body.offer),
      );
      const before = await Promise.all(buyers.slice(0, 2).map((buyer) => balanceOf(sql, buyer.id)));
      const answers = await Promise.all([first, second].map((offer) => seller.agent.post(`/api/offers/${offer.id}/accept`, {})));
      expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409]);
      const winner = answers[0].status === 200 ? 0 : 1;
      const offers = await sql<
        { id: number; status: string }[]
      >`select id, status from territory_offers where id in ${sql([first.id, second.id])}`;
      const statusOf = (id: number) => offers.find((offer) => offer.id === id)?.status;
      expect([statusOf(first.id), statusOf(second.id)]).toEqual(winner === 0 ? ['accepted', 'voided'] : ['voided', 'accepted']);
      const [owner] = await sql<{ owner_id: string }[]>`select owner_id from territories where id = ${territory.id}`;
      expect(owner.owner_id).toBe(buyers[winner].id);
      const after = await Promise.all(buyers.slice(0, 2).map((buyer) => balanceOf(sql, buyer.id)));
      // The winner paid its offer from the DRK held; the loser's held DRK came back.
      expect(after[winner]).toBe(before[winner]);
      expect(after[1 - winner]).toBe(before[1 - winner] + 100 + (1 - winner));
      const [{ changes }] = await sql<
        { changes: number }[]
      >`select count(*)::int as changes from ownership_changes where territory_id = ${territory.id}`;
      expect(changes).toBe(2);
    }
  });

  it('when the owner accepts an offer while its maker withdraws it, then exactly one of the two happens', async () => {
    const buyer = buyers[2];
    const outcomes = new Set<string>();
    for (const territory of land) {
      const [{ owner_id }] = await sql<{ owner_id: string }[]>`select owner_id from territories where id = ${territory.id}`;
      const owner = [seller, ...buyers].find((player) => player.id === owner_id)!;
      const offer = (await buyer.agent.post(`/api/territories/${territory.id}/offers`, { amount: 50 })).body.offer;
      const before = await balanceOf(sql, buyer.id);
      const [accept, withdraw] = await Promise.all([
        owner.agent.post(`/api/offers/${offer.id}/accept`, {}),
        buyer.agent.post(`/api/offers/${offer.id}/withdraw`, {}),
      ]);
      expect([accept.status, withdraw.status].sort()).toEqual([200, 409]);
      const [row] = await sql<{ status: string }[]>`select status from territory_offers where id = ${offer.id}`;
      const [now] = await sql<{ owner_id: string }[]>`select owner_id from territories where id = ${territory.id}`;
      if (accept.status === 200) {
        expect([row.status, now.owner_id, await balanceOf(sql, buyer.id)]).toEqual(['accepted', buyer.id, before]);
      } else {
        expect([row.status, now.owner_id, await balanceOf(sql, buyer.id)]).toEqual(['withdrawn', owner.id, before + 50]);
      }
      outcomes.add(row.status);
    }
    expect(outcomes.size).toBeGreaterThan(0);
  });

  it('when an open offer is marked ended while the escrow still holds its DRK, then the invariant check names it', async () => {
    const territory = land[0];
    const [{ owner_id }] = await sql<{ owner_id: string }[]>`select owner_id from territories where id = ${territory.id}`;
    const maker = [seller, ...buyers].find((player) => player.id !== owner_id)!;
    const offer = (await maker.agent.post(`/api/territories/${territory.id}/offers`, { amount: 70 })).body.offer;
    const broken = 'rolled back: the check only looked';
    const problems = await inTransaction(sql, async (tx) => {
      await tx`update territory_offers set status = 'withdrawn', ended_at = now() where id = ${offer.id}`;
      const report = await checkInvariants(tx);
      throw Object.assign(new Error(broken), { problems: report.problems });
    }).catch((error: Error & { problems?: string[] }) => (error.message === broken ? error.problems! : Promise.reject(error)));
    expect(problems).toContain(`offer ${offer.id} (withdrawn): the ledger holds 70 for it`);
    expect((await maker.agent.post(`/api/offers/${offer.id}/withdraw`, {})).status).toBe(200);
  });
});
