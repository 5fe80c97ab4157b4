import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { MAX_DRK_SUPPLY, WANAKT_USER_ID, type TerritoryType, type UpgradeTier } from '../../../schema/constants.ts';
import { ownerEarnings } from '../../../schema/rules/earnings.ts';
import { inTransaction, type Database, type Sql } from '../../infra/db/database.ts';
import type { ServiceDeps } from '../service-deps.ts';
import { postgresBackendIfReachable, testBackends } from '../../testing/databases.ts';
import { createPlayer } from '../../testing/players.ts';
import { separateProcesses } from '../../testing/processes.ts';
import { payMonthlyEarnings } from '../../commands/earnings-run.ts';
import { mint } from './ledger.ts';
import { checkInvariants, readSupply } from './supply.ts';

const MONTH = '2031-03';
const NOW = new Date('2031-03-01T00:00:00Z');

const depsOn = (sql: Sql): ServiceDeps => ({ sql, clock: () => NOW });

async function give(sql: Sql, owner: string, names: string[], tier: UpgradeTier = 'standard'): Promise<void> {
  const updated = await sql`update territories set owner_id = ${owner}, upgrade_tier = ${tier} where name in ${sql(names)} returning id`;
  expect(updated.length).toBe(names.length);
}

/** Two players with a complete chain, an upgrade and a lone village; the Wanakt keeps its seat and the wonders. */
async function buildOwners(sql: Sql): Promise<{ baron: string; farmer: string }> {
  const baron = await createPlayer(sql, { balance: 0 });
  const farmer = await createPlayer(sql, { balance: 0 });
  await give(sql, baron, ['London'], 'premium');
  await give(sql, baron, ['Cairo', 'Lagos']);
  await give(sql, farmer, ['Taos']);
  await sql`
    insert into special_events (name, description, icon, color, bonus_multiplier, event_type, start_date, end_date)
    values ('Harvest', 'Revenue +50%', 'trending-up', 'green', 1.5, 'revenue', ${new Date('2031-02-25T00:00:00Z')}, ${new Date('2031-03-05T00:00:00Z')})`;
  return { baron, farmer };
}

interface Owned {
  id: number;
  name: string;
  type: TerritoryType;
  monthly_revenue: number;
  upgrade_tier: UpgradeTier;
  owner_id: string;
}

/** What every account should receive for the month, by the pure rule, territory by territory. */
async function expectedByRule(sql: Sql, eventMultiplier: number): Promise<Map<string, number>> {
  const rows = await sql<Owned[]>`
    select id, name, type, monthly_revenue::int, upgrade_tier, owner_id from territories where owner_id is not null order by id`;
  const expected = new Map<string, number>();
  const owners = new Set(rows.map((row) => row.owner_id));
  for (const owner of owners) {
    const owned = rows.filter((row) => row.owner_id === owner);
    ownerEarnings(owned, eventMultiplier).forEach((earning, index) => {
      const reference = `${MONTH}:territory:${owned[index].id}`;
      if (earning.toOwner > 0) expected.set(`${owner} ${reference}`, earning.toOwner);
      if (earning.toWanakt > 0) expected.set(`${WANAKT_USER_ID} ${reference}:wonder-ads`, earning.toWanakt);
    });
  }
  return expected;
}

async function mintedThisMonth(sql: Sql): Promise<Map<string, number>> {
  const rows = await sql<{ to_user_id: string; reference: string; amount: number }[]>`
    select to_user_id, reference, amount::int from ledger where reason = 'earnings' and reference like ${`${MONTH}:%`}`;
  const minted = new Map<string, number>();
  for (const row of rows) {
    const key = `${row.to_user_id} ${row.reference}`;
    expect(minted.has(key), `${key} minted twice`).toBe(false);
    minted.set(key, row.amount);
  }
  return minted;
}

const sum = (amounts: Map<string, number>) => [...amounts.values()].reduce((total, amount) => total + amount, 0);

for (const backend of testBackends()) {
  describe(`[§9] monthly earnings on ${backend.name}`, () => {
    let database: Database;
    beforeEach(async () => {
      database = await backend.open();
    });
    afterEach(() => database.close());

    it("when a month's earnings are paid, then every owned territory earns the rule's amount through the ledger, and a second run pays nothing", async () => {
      const { baron, farmer } = await buildOwners(database.sql);
      const run = await payMonthlyEarnings(depsOn(database.sql), MONTH);

      const minted = await mintedThisMonth(database.sql);
      expect(minted).toEqual(await expectedByRule(database.sql, 1.5));
      expect(run.minted).toBe(sum(minted));
      // London by hand: 600 × 1.5 (3 territories) × 1.5 (premium) × 1.2 (Europe-Africa complete) × 1.5 (event) = 2430,
      // plus ad revenue 600 × 1.5 × 1.5 (main) × 0.15 = 202.5 → 203.
      const [london] = await database.sql`select id from territories where name = 'London'`;
      expect(minted.get(`${baron} ${MONTH}:territory:${london.id}`)).toBe(2633);
      // Taos, a lone standard village: 100 × 1.5 (event) + 100 × 0.15 ad revenue.
      const [taos] = await database.sql`select id, monthly_revenue::int from territories where name = 'Taos'`;
      expect(minted.get(`${farmer} ${MONTH}:territory:${taos.id}`)).toBe(
        Math.round(taos.monthly_revenue * 1.5) + Math.round(taos.monthly_revenue * 0.15),
      );
      // Wonders' ad revenue goes to the Wanakt.
      const [petra] = await database.sql`select id from territories where name = 'Petra'`;
      expect(minted.get(`${WANAKT_USER_ID} ${MONTH}:territory:${petra.id}:wonder-ads`)).toBe(Math.round(680 * 1.8 * 0.15));

      expect(await payMonthlyEarnings(depsOn(database.sql), MONTH)).toEqual({ month: MONTH, territories: 0, minted: 0 });
      expect(await mintedThisMonth(database.sql)).toEqual(minted);
      expect((await checkInvariants(database.sql)).problems).toEqual([]);
    });

    it('when the payout would pass the cap of 21,000,000, then it is scaled down to fit and the supply stops at the cap', async () => {
      await buildOwners(database.sql);
      const expected = await expectedByRule(database.sql, 1.5);
      const supply = await readSupply(database.sql);
      const whale = await createPlayer(database.sql, { balance: 0 });
      const room = 1000;
      await inTransaction(database.sql, (tx) =>
        mint(tx, whale, { amount: supply.max_supply - supply.total_supply - room, reason: 'admin_mint' }, new Date()),
      );

      const run = await payMonthlyEarnings(depsOn(database.sql), MONTH);
      const minted = await mintedThisMonth(database.sql);
      expect(run.minted).toBe(sum(minted));
      expect(sum(minted)).toBeLessThanOrEqual(room);
      expect(sum(minted)).toBeGreaterThan(room - expected.size);
      for (const [key, amount] of minted) expect(amount).toBe(Math.floor((expected.get(key)! * room) / sum(expected)));
      expect((await readSupply(database.sql)).total_supply).toBeLessThanOrEqual(MAX_DRK_SUPPLY);

      // A month with no room left mints nothing and still ends.
      await inTransaction(database.sql, async (tx) => {
        const left = await readSupply(tx);
        if (left.max_supply > left.total_supply)
          await mint(tx, whale, { amount: left.max_supply - left.total_supply, reason: 'admin_mint' }, new Date());
      });
      expect((await payMonthlyEarnings(depsOn(database.sql), '2031-04')).minted).toBe(0);
      expect((await readSupply(database.sql)).total_supply).toBe(MAX_DRK_SUPPLY);
      expect((await checkInvariants(database.sql)).problems).toEqual([]);
    });

    it('when a payout crashes between batches, then the next run pays the rest and no territory twice', async () => {
      await buildOwners(database.sql);
      const crash = () => {
        throw new Error('crash between batches');
      };
      await expect(payMonthlyEarnings(depsOn(database.sql), MONTH, { batchSize: 4, afterBatch: crash })).rejects.toThrow(
        'crash between batches',
      );
      const halfway = await mintedThisMonth(database.sql);
      expect(halfway.size).toBeGreaterThan(0);

      await payMonthlyEarnings(depsOn(database.sql), MONTH, { batchSize: 4 });
      expect(await mintedThisMonth(database.sql)).toEqual(await expectedByRule(database.sql, 1.5));
      expect((await checkInvariants(database.sql)).problems).toEqual([]);
    });

    it('refuses a malformed month', async () => {
      await expect(payMonthlyEarnings(depsOn(database.sql), '2031-13')).rejects.toThrow('A month looks like 2026-05');
    });
  });
}

const postgres = postgresBackendIfReachable();
describe.runIf(postgres)('[design jobs] monthly earnings by several processes at once on real PostgreSQL', () => {
  const processes = separateProcesses(postgres!, 3);

  it('when three processes pay the same month at once, then each territory is paid exactly once', async () => {
    const { database, pools } = processes;
    await buildOwners(database.sql);
    const runs = await Promise.all(pools.map((pool) => payMonthlyEarnings(depsOn(pool.sql), MONTH, { batchSize: 2 })));
    const minted = await mintedThisMonth(database.sql);
    expect(minted).toEqual(await expectedByRule(database.sql, 1.5));
    expect(runs.reduce((total, run) => total + run.minted, 0)).toBe(sum(minted));
    expect((await checkInvariants(database.sql)).problems).toEqual([]);
  });
});
