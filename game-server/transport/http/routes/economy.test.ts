import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EconomyOverview, type EconomyOverviewDto, type FlowMonthDto } from '../../../../schema/api/economy.ts';
import { WANAKT_USER_ID } from '../../../../schema/constants.ts';
import { inTransaction, type Sql } from '../../../infra/db/database.ts';
import { mint, transfer } from '../../../domain/economy/ledger.ts';
import type { TestAgent } from '../../../testing/agent.ts';
import { testBackends } from '../../../testing/databases.ts';
import { createPlayer, signedInPlayer } from '../../../testing/players.ts';
import { startTestServer, type TestServer } from '../../../testing/test-server.ts';

function flow(overview: EconomyOverviewDto, match: Omit<FlowMonthDto, 'amount' | 'movements'>) {
  const row = overview.flows_by_month.find(
    (candidate) =>
      candidate.month === match.month &&
      candidate.from_kind === match.from_kind &&
      candidate.to_kind === match.to_kind &&
      candidate.reason === match.reason,
  );
  return { amount: row?.amount ?? 0, movements: row?.movements ?? 0 };
}

function minted(overview: EconomyOverviewDto, month: string, reason: string): number {
  return overview.minted_by_month.find((row) => row.month === month && row.reason === reason)?.amount ?? 0;
}

/** Gini by its definition (mean absolute difference over twice the mean), not by the closed form the server uses. */
function giniByDefinition(balances: number[]): number {
  const n = balances.length;
  const total = balances.reduce((sum, x) => sum + x, 0);
  let differences = 0;
  for (const x of balances) for (const y of balances) differences += Math.abs(x - y);
  return differences / (2 * n * total);
}

function topShare(balances: number[], fraction: number): number {
  const sorted = [...balances].sort((a, b) => b - a);
  const top = sorted.slice(0, Math.ceil(sorted.length * fraction));
  return top.reduce((sum, x) => sum + x, 0) / sorted.reduce((sum, x) => sum + x, 0);
}

async function buy(game: TestServer, buyer: { id: string; agent: TestAgent }, territoryId: number, price: number) {
  await game.database.sql`update territories set sale_price = ${price} where id = ${territoryId}`;
  const response = await buyer.agent.post(`/api/territories/${territoryId}/purchase`, { userId: buyer.id });
  expect(response.status, JSON.stringify(response.body)).toBe(200);
}

async function rollupsMatchTheLedger(sql: Sql) {
  const [diff] = await sql<{ differences: number }[]>`
    with fresh as (
      select (l.created_at at time zone 'UTC')::date as day, l.reason,
             case when l.from_user_id is null then 'minted' when f.is_wanakt then 'treasury' else 'player' end as from_kind,
             case when t.is_wanakt then 'treasury' else 'player' end as to_kind,
             sum(l.amount) as amount, count(*) as movements
        from ledger l left join users f on f.id = l.from_user_id join users t on t.id = l.to_user_id
       group by 1, 2, 3, 4)
    select count(*)::int as differences from (
      (select day, reason, from_kind, to_kind, amount, movements from fresh
       except select day, reason, from_kind, to_kind, amount, movements from ledger_daily)
      union all
      (select day, reason, from_kind, to_kind, amount, movements from ledger_daily
       except select day, reason, from_kind, to_kind, amount, movements from fresh)) d`;
  return diff.differences === 0;
}

for (const backend of testBackends()) {
  describe(`[open books] the public economy on ${backend.name}`, () => {
    // The ledger stamps rows with the database's time, so the server's clock follows the real one;
    // each read moves it past the figures' brief cache.
    let offset = 0;
    let game: TestServer;
    const read = async () => {
      offset += 10_000;
      const response = await game.agent().get('/api/economy');
      expect(response.status).toBe(200);
      return EconomyOverview.parse(response.body);
    };
    beforeAll(async () => {
      game = await startTestServer(backend, { clock: () => new Date(Date.now() + offset) });
    });
    afterAll(() => game.stop());

    it('when mints of every kind, trades and rent are written, then every figure of the page follows them, with no session', async () => {
      const sql = game.database.sql;
      const before = await read();
      expect(before.market_by_day).toEqual([]);
      const month = new Date().toISOString().slice(0, 7);
      const today = new Date().toISOString().slice(0, 10);

      const alice = await signedInPlayer(game, { balance: 20_000 });
      const bob = await signedInPlayer(game, { balance: 5_000 });
      const carol = await createPlayer(sql, { balance: 100 });
      await inTransaction(sql, async (tx) => {
        await mint(tx, alice.id, { amount: 1_000, reason: 'admin_mint' }, new Date());
        await mint(tx, bob.id, { amount: 500, reason: 'drk_package', reference: 'pi_test' }, new Date());
        await mint(tx, carol, { amount: 300, reason: 'earnings' }, new Date());
        await mint(tx, WANAKT_USER_ID, { amount: 50, reason: 'earnings' }, new Date());
      });
      const villages = await sql<
        { id: number }[]
      >`select id from territories where type = 'village' and owner_id is null order by id limit 2`;
      await buy(game, alice, villages[0].id, 1_000);
      await buy(game, alice, villages[1].id, 3_000);
      await buy(game, bob, villages[0].id, 2_000);
      await inTransaction(sql, async (tx) => {
        await transfer(tx, bob.id, alice.id, { amount: 200, reason: 'rent' }, new Date());
        await transfer(tx, alice.id, WANAKT_USER_ID, { amount: 500, reason: 'upgrade' }, new Date());
      });

      const after = await read();
      const mintedNow = 20_000 + 5_000 + 100 + 1_000 + 500 + 350;
      expect(after.supply.total_supply - before.supply.total_supply).toBe(mintedNow);
      expect(after.supply.circulating_supply).toBe(after.supply.total_supply);
      expect(after.supply.max_supply).toBe(21_000_000);
      expect(after.supply_history.at(-1)).toEqual({ day: today, total_supply: after.supply.total_supply });

      expect(minted(after, month, 'registration') - minted(before, month, 'registration')).toBe(25_100);
      expect(minted(after, month, 'admin_mint') - minted(before, month, 'admin_mint')).toBe(1_000);
      expect(minted(after, month, 'drk_package') - minted(before, month, 'drk_package')).toBe(500);
      expect(minted(after, month, 'earnings') - minted(before, month, 'earnings')).toBe(350);

      const delta = (match: Omit<FlowMonthDto, 'amount' | 'movements' | 'month'>) => {
        const [a, b] = [flow(after, { month, ...match }), flow(before, { month, ...match })];
        return { amount: a.amount - b.amount, movements: a.movements - b.movements };
      };
      expect(delta({ from_kind: 'player', to_kind: 'treasury', reason: 'territory_purchase' })).toEqual({ amount: 4_000, movements: 2 });
      expect(delta({ from_kind: 'player', to_kind: 'player', reason: 'territory_purchase' })).toEqual({ amount: 2_000, movements: 1 });
      expect(delta({ from_kind: 'player', to_kind: 'player', reason: 'rent' })).toEqual({ amount: 200, movements: 1 });
      expect(delta({ from_kind: 'player', to_kind: 'treasury', reason: 'upgrade' })).toEqual({ amount: 500, movements: 1 });
      expect(delta({ from_kind: 'minted', to_kind: 'player', reason: 'earnings' })).toEqual({ amount: 300, movements: 1 });
      expect(delta({ from_kind: 'minted', to_kind: 'treasury', reason: 'earnings' })).toEqual({ amount: 50, movements: 1 });

      expect(after.market_by_day).toEqual([{ day: today, territory_type: 'village', trades: 3, volume: 6_000, median_price: 2_000 }]);
      expect(after.price_index).toEqual([{ day: today, index: 100 }]);

      const balances = (await sql<{ b: string }[]>`select drk_balance::text as b from users where not is_wanakt`).map((row) =>
        Number(row.b),
      );
      expect(after.concentration.holders).toBe(balances.length);
      expect(after.concentration.held).toBe(balances.reduce((sum, x) => sum + x, 0));
      expect(after.concentration.top_1_percent_share).toBeCloseTo(topShare(balances, 0.01), 4);
      expect(after.concentration.top_10_percent_share).toBeCloseTo(topShare(balances, 0.1), 4);
      expect(after.concentration.gini).toBeCloseTo(giniByDefinition(balances), 4);

      // Everything in this fresh world was minted today: the window holds all of it, but a day is too
      // little history for a pace, so no month is projected (a day's grants moved it by months).
      expect(after.projection).toEqual({
        minted_in_window: after.supply.total_supply,
        window_days: 90,
        remaining: 21_000_000 - after.supply.total_supply,
        history_days: 0,
        cap_month: null,
      });
      expect(await rollupsMatchTheLedger(sql)).toBe(true);
    });

    it('when the Wanakt assigns or gives a territory, then the market does not count it as a trade', async () => {
      const before = await read();
      const player = await createPlayer(game.database.sql, { balance: 1_000 });
      const wanakt = await game.wanakt();
      const [town] = await game.database.sql<
        { id: number }[]
      >`select id from territories where type = 'town' and owner_id is null order by id limit 1`;
      const assigned = await wanakt.post(`/api/territories/${town.id}/assign`, { userId: player, price: 400 });
      expect(assigned.status, JSON.stringify(assigned.body)).toBe(200);
      const after = await read();
      expect(after.market_by_day).toEqual(before.market_by_day);
    });

    it('when anyone runs the audit, then it re-checks the invariants and the page shows its time and result; a broken balance is reported', async () => {
      const visitor = game.agent();
      expect((await visitor.get('/api/economy/audit')).body).toEqual({ last_audit: null });
      const checked = await visitor.post('/api/economy/audit', {});
      expect(checked.status).toBe(200);
      expect(checked.body.last_audit).toMatchObject({ ok: true, problems: [] });
      expect(checked.body.last_audit.balances).toBe(checked.body.last_audit.circulating_supply);
      expect((await visitor.get('/api/economy/audit')).body).toEqual(checked.body);
      expect((await read()).last_audit).toEqual(checked.body.last_audit);

      const sql = game.database.sql;
      const victim = await createPlayer(sql, { balance: 100 });
      await sql`update users set drk_balance = drk_balance + 1 where id = ${victim}`;
      const broken = await visitor.post('/api/economy/audit', {});
      await sql`update users set drk_balance = drk_balance - 1 where id = ${victim}`;
      expect(broken.body.last_audit.ok).toBe(false);
      expect(broken.body.last_audit.problems).toContain(`account ${victim}: balance 101 but ledger gives 100`);
      expect(new Date(broken.body.last_audit.checked_at).getTime()).toBeGreaterThan(new Date(checked.body.last_audit.checked_at).getTime());
    });

    it('when a caller sends parameters or runs the audit too often, then it gets a JSON error and nothing runs', async () => {
      const visitor = game.agent();
      const withBody = await visitor.post('/api/economy/audit', { force: true });
      expect(withBody).toMatchObject({ status: 400, body: { message: 'Running the audit takes no parameters' } });
      // The refused call and two audits make three from this address: the limit of a minute.
      for (let i = 0; i < 2; i++) expect((await visitor.post('/api/economy/audit', {})).status).toBe(200);
      const refused = await visitor.post('/api/economy/audit', {});
      expect(refused.status).toBe(429);
      expect(refused.body.message).toMatch(/^Too many audit requests\. Try again in \d+ seconds\.$/);
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    });
  });
}
