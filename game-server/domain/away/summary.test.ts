import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ActingUser, Actor } from '../../../schema/commands/policy.ts';
import type { StatementLineDto } from '../../../schema/api/statement.ts';
import { execute } from '../../commands/execute.ts';
import { payMonthlyEarnings } from '../../commands/earnings-run.ts';
import { generateRentPeriod } from '../../commands/rent-run.ts';
import { inSnapshot, type Database, type Sql } from '../../infra/db/database.ts';
import { testBackends } from '../../testing/databases.ts';
import { balanceOf, createPlayer } from '../../testing/players.ts';
import { statementExport } from '../economy/statement.ts';
import { awaySummary } from './summary.ts';

const as = (user: ActingUser): Actor => ({ user, via: 'web' });

async function player(sql: Sql, username: string, balance: number): Promise<ActingUser> {
  return { id: await createPlayer(sql, { username, balance }), username, is_wanakt: false };
}

/** A town and one of its villages, both unowned, and another unowned village: land to hand out. */
async function land(sql: Sql) {
  const [pair] = await sql<{ town: number; village: number }[]>`
    select t.id as town, v.id as village from territories t join territories v on v.parent_territory_id = t.id
     where t.type = 'town' and v.type = 'village' and t.owner_id is null and v.owner_id is null order by t.id, v.id limit 1`;
  const [listed] = await sql<{ id: number }[]>`
    select id from territories where type = 'village' and owner_id is null and id <> ${pair.village} order by id limit 1`;
  return { ...pair, listed: listed.id };
}

/** The statement's lines from `from` to `to`, as the player's own statement shows them. */
async function statementBetween(sql: Sql, userId: string, from: Date, to: Date): Promise<StatementLineDto[]> {
  const lines = await statementExport(sql, userId, {}, 100_000);
  return lines.filter((line) => new Date(line.created_at) >= from && new Date(line.created_at) < to);
}

/**
 * The game's clock runs 5 minutes ahead of the database's (docs/design.md "One clock"): every line is
 * stamped by the game, so what happens just after the window opens is inside it.
 */
const DATABASE_BEHIND_MS = 5 * 60_000;
const gameTime = () => new Date(Date.now() + DATABASE_BEHIND_MS);

const sum = (lines: StatementLineDto[]) => lines.reduce((total, line) => total + line.amount, 0);

for (const backend of testBackends()) {
  describe(`[§4 while you were away] the summary of what happened to a player, on ${backend.name}`, () => {
    let database: Database;
    let seller: ActingUser;
    let buyer: ActingUser;
    let vassal: ActingUser;
    let from: Date;
    let to: Date;
    let before: number;

    // While the seller is away: the buyer buys its listing, its vassal pays the rent the cycle
    // billed, the month's earnings are paid, and the buyer mentions it in chat.
    beforeAll(async () => {
      database = await backend.open();
      const sql = database.sql;
      const deps = { sql, clock: gameTime };
      seller = await player(sql, 'away-seller', 0);
      buyer = await player(sql, 'away-buyer', 5_000);
      vassal = await player(sql, 'away-vassal', 1_000);
      const { town, village, listed } = await land(sql);
      await sql`update territories set owner_id = ${seller.id} where id in ${sql([town, listed])}`;
      await sql`update territories set owner_id = ${vassal.id} where id = ${village}`;
      await execute(deps, as(seller), { type: 'territory.list', territoryId: listed, body: { sale_price: 2_500 } });

      from = gameTime();
      before = await balanceOf(sql, seller.id);
      await execute(deps, as(buyer), { type: 'territory.purchase', territoryId: listed, body: {} });
      await generateRentPeriod(deps, '2031-H1');
      const [due] = await sql<{ id: number }[]>`select id from rent_payments where payer_territory_id = ${village} and period = '2031-H1'`;
      await execute(deps, as(vassal), { type: 'rent.pay', paymentId: due.id });
      await payMonthlyEarnings(deps, '2031-01');
      await execute(deps, as(buyer), { type: 'chat.post', body: { territory_id: town, message: 'Nice town, @away-seller!' } });
      to = new Date(gameTime().getTime() + 1);
    }, 120_000);
    afterAll(() => database.close());

    const summaryOf = (user: ActingUser) => inSnapshot(database.sql, (tx) => awaySummary(tx, user.id, from, to));
    const line = (summary: Awaited<ReturnType<typeof summaryOf>>, key: string) => summary.lines.find((entry) => entry.key === key);

    it("when the database's clock is 5 minutes behind the game's, then the sale made as the window opened is in it, stamped by the game", async () => {
      const lines = await statementBetween(database.sql, seller.id, from, to);
      expect(lines.filter((entry) => entry.reason === 'territory_purchase').map((entry) => entry.amount)).toEqual([2_500]);
      const [server] = await database.sql<{ now: Date }[]>`select now()`;
      expect(from.getTime() - server.now.getTime()).toBeGreaterThan(DATABASE_BEHIND_MS / 2);
    });

    it("when the seller comes back, then each line equals its statement's lines of that kind over the same time, and the net is the balance's change", async () => {
      const sql = database.sql;
      const summary = await summaryOf(seller);
      const lines = await statementBetween(sql, seller.id, from, to);
      const of = (reason: string, sign: 1 | -1) => lines.filter((entry) => entry.reason === reason && Math.sign(entry.amount) === sign);

      expect(line(summary, 'sales')).toMatchObject({ amount: sum(of('territory_purchase', 1)), count: 1, link: '/account' });
      expect(line(summary, 'sales')?.amount).toBe(2_500);
      expect(line(summary, 'rent_received')).toMatchObject({ amount: sum(of('rent', 1)), count: of('rent', 1).length, link: '/rent' });
      expect(line(summary, 'rent_received')?.amount).toBeGreaterThan(0);
      expect(line(summary, 'earnings')).toMatchObject({
        amount: sum(of('earnings', 1)),
        count: of('earnings', 1).length,
        link: '/revenue',
      });
      expect(line(summary, 'earnings')?.amount).toBeGreaterThan(0);
      expect(line(summary, 'mentions')).toMatchObject({ count: 1, amount: null });
      expect(summary.net).toBe(sum(lines));
      expect(summary.net).toBe((await balanceOf(sql, seller.id)) - before);
      expect(summary.balance).toEqual({ then: before, now: await balanceOf(sql, seller.id), link: '/account' });
      expect(summary.lines.map((entry) => entry.key)).toEqual(['earnings', 'rent_received', 'sales', 'mentions']);
      expect(summary.lines.every((entry) => entry.link.startsWith('/'))).toBe(true);
    });

    it('when the buyer and the vassal look, then the listing bought and the rent paid are theirs, equal to their statements', async () => {
      const sql = database.sql;
      const bought = await summaryOf(buyer);
      const buyerLines = await statementBetween(sql, buyer.id, from, to);
      expect(line(bought, 'listings_bought')).toMatchObject({
        amount: -2_500,
        count: 1,
        text: 'Listings you bought: 2,500 DRK (1 territory)',
      });
      expect(bought.net).toBe(sum(buyerLines));

      const paid = await summaryOf(vassal);
      const vassalLines = await statementBetween(sql, vassal.id, from, to);
      const rent = vassalLines.filter((entry) => entry.reason === 'rent');
      expect(line(paid, 'rent_paid')).toMatchObject({ amount: sum(rent), count: 1, link: '/rent' });
      expect(line(paid, 'rent_paid')?.amount).toBeLessThan(0);
      // The seller received exactly what the vassal paid.
      expect(line(await summaryOf(seller), 'rent_received')?.amount).toBe(-sum(rent));
      expect(paid.net).toBe(sum(vassalLines));
    });

    it('when the ranks are read, then then is the wealth board as the ledger stood at the start, now as it stood at the end', async () => {
      const summary = await summaryOf(seller);
      // The seller held nothing when it left; it holds DRK now, so it has a place.
      expect(summary.rank.then).toBeNull();
      expect(summary.rank.now).toBeGreaterThan(0);
      const buyerSummary = await summaryOf(buyer);
      expect(buyerSummary.rank.then).not.toBeNull();
      // Nothing happens in an empty window.
      const quiet = await inSnapshot(database.sql, (tx) => awaySummary(tx, seller.id, to, to));
      expect(quiet).toMatchObject({ lines: [], net: 0 });
    });
  });
}
