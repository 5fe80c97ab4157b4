import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { WANAKT_USER_ID, type TerritoryType } from '../../../schema/constants.ts';
import { rentDue } from '../../../schema/rules/rent.ts';
import type { Database, Sql } from '../../infra/db/database.ts';
import type { ServiceDeps } from '../service-deps.ts';
import { postgresBackendIfReachable, testBackends } from '../../testing/databases.ts';
import { balanceOf, createPlayer } from '../../testing/players.ts';
import { committedEvents, separateProcesses } from '../../testing/processes.ts';
import { execute } from '../../commands/execute.ts';
import { ensureRentPeriod, generateRentPeriod } from '../../commands/rent-run.ts';
import { checkInvariants } from './supply.ts';

const PERIOD = '2031-H1';
const PERIOD_START = new Date('2031-01-01T00:00:00Z');

function depsOn(sql: Sql, now = PERIOD_START): ServiceDeps {
  return { sql, clock: () => now };
}

interface NewTerritory {
  type: TerritoryType;
  owner?: string | null;
  parent?: number | null;
  revenue?: number;
  rent?: number | null;
}

async function addTerritory(sql: Sql, name: string, spec: NewTerritory): Promise<number> {
  const [row] = await sql<{ id: number }[]>`
    insert into territories (name, type, parent_territory_id, owner_id, latitude, longitude, monthly_revenue, price, rent_amount)
    values (${name}, ${spec.type}, ${spec.parent ?? null}, ${spec.owner ?? null}, 10, 10, ${spec.revenue ?? 100}, 1000, ${spec.rent ?? null})
    returning id`;
  return row.id;
}

interface Tree {
  players: { a: string; b: string; c: string; d: string };
  ids: Record<string, number>;
  seatId: number;
}

/**
 * A feudal tree with every case of docs/rules.md §1: rent owed up each level, a rent the Wanakt set, a
 * territory held by its overlord's owner, unowned payers and overlords, and types that pay nothing.
 */
async function buildTree(sql: Sql): Promise<Tree> {
  const [a, b, c, d] = await Promise.all([1, 2, 3, 4].map(() => createPlayer(sql, { balance: 1000 })));
  const ids: Record<string, number> = {};
  ids.mainA = await addTerritory(sql, 'Main A', { type: 'main', owner: a, revenue: 500 });
  ids.mainW = await addTerritory(sql, 'Main of the Wanakt', { type: 'main', owner: WANAKT_USER_ID });
  ids.mainB = await addTerritory(sql, 'Main B', { type: 'main', owner: b, rent: 150 });
  ids.mainU = await addTerritory(sql, 'Main unowned', { type: 'main' });
  ids.cityB = await addTerritory(sql, 'City B', { type: 'city', owner: b, parent: ids.mainA, revenue: 210 });
  ids.cityA = await addTerritory(sql, 'City A', { type: 'city', owner: a, parent: ids.mainA, revenue: 300 });
  ids.townC = await addTerritory(sql, 'Town C', { type: 'town', owner: c, parent: ids.cityB, revenue: 95 });
  ids.villageD = await addTerritory(sql, 'Village D', { type: 'village', owner: d, parent: ids.townC, revenue: 55 });
  ids.villageU = await addTerritory(sql, 'Village unowned', { type: 'village', parent: ids.townC, revenue: 80 });
  ids.subC = await addTerritory(sql, 'Sub C', { type: 'sub', owner: c, parent: ids.mainA });
  ids.subFree = await addTerritory(sql, 'Sub rent-free', { type: 'sub', owner: d, parent: ids.mainA, rent: 0 });
  ids.commonD = await addTerritory(sql, 'Common D', { type: 'common', owner: d, parent: ids.mainA });
  ids.cityUnderUnowned = await addTerritory(sql, 'City under nobody', { type: 'city', owner: d, parent: ids.mainU, revenue: 200 });
  ids.wonderD = await addTerritory(sql, 'Wonder D', { type: 'wonder', owner: d });
  const [seat] = await sql<{ id: number }[]>`select id from territories where type = 'wanakt'`;
  return { players: { a, b, c, d }, ids, seatId: seat.id };
}

/** The payments the tree owes, worked out by hand from docs/rules.md §1 and §9. */
function expectedPayments({ players: { a, b, c, d }, ids, seatId }: Tree) {
  return [
    { payer_territory_id: ids.mainA, payer_id: a, payee_id: WANAKT_USER_ID, payee_territory_id: seatId, payment_type: 'rent', amount: 111 },
    { payer_territory_id: ids.mainB, payer_id: b, payee_id: WANAKT_USER_ID, payee_territory_id: seatId, payment_type: 'rent', amount: 150 },
    // Cities pay 20% of monthly revenue, towns 25%, villages 30% (16.5 rounds to 17).
    { payer_territory_id: ids.cityB, payer_id: b, payee_id: a, payee_territory_id: ids.mainA, payment_type: 'rent', amount: 42 },
    { payer_territory_id: ids.townC, payer_id: c, payee_id: b, payee_territory_id: ids.cityB, payment_type: 'rent', amount: 24 },
    { payer_territory_id: ids.villageD, payer_id: d, payee_id: c, payee_territory_id: ids.townC, payment_type: 'rent', amount: 17 },
    { payer_territory_id: ids.subC, payer_id: c, payee_id: a, payee_territory_id: ids.mainA, payment_type: 'sub_rent', amount: 72 },
  ].sort((x, y) => x.payer_territory_id - y.payer_territory_id);
}

async function paymentsOf(sql: Sql, period = PERIOD) {
  return sql`
    select payer_territory_id, payer_id, payee_id, payee_territory_id, payment_type, amount::int, due_date
      from rent_payments where period = ${period} order by payer_territory_id`;
}

const withoutDueDate = (rows: Awaited<ReturnType<typeof paymentsOf>>) => rows.map(({ due_date: _, ...row }) => row);

for (const backend of testBackends()) {
  describe(`[§1 §9 rent cycle] generating a rent period on ${backend.name}`, () => {
    let database: Database;
    beforeEach(async () => {
      database = await backend.open();
    });
    afterEach(() => database.close());

    it('when a period is generated for a hand-built feudal tree, then each payment matches the rules, falls due 30 days after the period opens, and payers are told', async () => {
      const tree = await buildTree(database.sql);
      const deps = depsOn(database.sql);
      expect(await generateRentPeriod(deps, PERIOD)).toEqual({ period: PERIOD, created: 6 });

      const rows = await paymentsOf(database.sql);
      expect(withoutDueDate(rows)).toEqual(expectedPayments(tree));
      for (const row of rows) expect(row.due_date.toISOString()).toBe('2031-01-31T00:00:00.000Z');
      // The same rule functions the screens use give the same amounts.
      const [village] = await database.sql`select type, monthly_revenue::int, rent_amount from territories where id = ${tree.ids.villageD}`;
      expect(rentDue({ type: village.type, monthly_revenue: village.monthly_revenue, rent_amount: village.rent_amount })?.amount).toBe(17);

      const told = (await committedEvents(database.sql)).flatMap((event) => (event.type === 'payments-due.changed' ? event.userIds : []));
      expect(new Set(told)).toEqual(new Set([...Object.values(tree.players), WANAKT_USER_ID]));
    });

    it('when a rent discount event runs as the period is generated, then every payment is discounted by it', async () => {
      const tree = await buildTree(database.sql);
      await database.sql`
        insert into special_events (name, description, icon, color, bonus_multiplier, event_type, start_date, end_date)
        values ('Grace', 'Rent 25% off', 'gift', 'yellow', 1.25, 'rent_discount', ${new Date('2030-12-25T00:00:00Z')}, ${new Date('2031-01-10T00:00:00Z')})`;
      await generateRentPeriod(depsOn(database.sql), PERIOD);
      const amounts = (await paymentsOf(database.sql)).map((row) => row.amount);
      // 111, 42, 24, 17, 150, 72 at 75%, rounded to whole DRK.
      expect(amounts).toEqual(expectedPayments(tree).map((row) => Math.round(row.amount * 0.75)));
    });

    it('when a period is generated twice, then the second run creates nothing and the scheduled catch-up skips it', async () => {
      const tree = await buildTree(database.sql);
      const deps = depsOn(database.sql);
      await generateRentPeriod(deps, PERIOD);
      expect(await generateRentPeriod(deps, PERIOD)).toEqual({ period: PERIOD, created: 0 });
      expect(await ensureRentPeriod(deps, PERIOD)).toEqual({ period: PERIOD, created: 0 });
      expect(withoutDueDate(await paymentsOf(database.sql))).toEqual(expectedPayments(tree));
    });

    it('when a territory becomes owned after the period was generated, then a rerun bills only it, due 30 days after the rerun', async () => {
      const tree = await buildTree(database.sql);
      await generateRentPeriod(depsOn(database.sql), PERIOD);
      await database.sql`update territories set owner_id = ${tree.players.a} where id = ${tree.ids.villageU}`;
      const later = new Date('2031-03-01T00:00:00Z');
      expect(await generateRentPeriod(depsOn(database.sql, later), PERIOD)).toEqual({ period: PERIOD, created: 1 });
      const [added] =
        await database.sql`select amount::int, payee_id, due_date from rent_payments where payer_territory_id = ${tree.ids.villageU}`;
      expect(added).toEqual({ amount: 24, payee_id: tree.players.c, due_date: new Date('2031-03-31T00:00:00Z') });
    });

    it('when a run crashes between two batches, then each committed batch is whole and the next run finishes the period without doubling anything', async () => {
      const tree = await buildTree(database.sql);
      const deps = depsOn(database.sql);
      const crash = async () => {
        const [{ count }] = await database.sql`select count(*)::int from rent_payments where period = ${PERIOD}`;
        if (count > 0) throw new Error('crash between batches');
      };
      await expect(generateRentPeriod(deps, PERIOD, { batchSize: 2, afterBatch: crash })).rejects.toThrow('crash between batches');

      const halfway = withoutDueDate(await paymentsOf(database.sql));
      expect(halfway.length).toBeGreaterThan(0);
      expect(halfway.length).toBeLessThan(6);
      const expected = expectedPayments(tree);
      for (const row of halfway) expect(expected).toContainEqual(row);
      const [state] = await database.sql`select completed_at from rent_periods where period = ${PERIOD}`;
      expect(state.completed_at).toBeNull();

      // A restart's catch-up finishes the interrupted pass.
      const resumed = await ensureRentPeriod(depsOn(database.sql), PERIOD, { batchSize: 2 });
      expect(resumed.created).toBe(6 - halfway.length);
      expect(withoutDueDate(await paymentsOf(database.sql))).toEqual(expected);
      const [done] = await database.sql`select completed_at, payments_created from rent_periods where period = ${PERIOD}`;
      expect(done.completed_at).not.toBeNull();
      expect(done.payments_created).toBe(6);
    });

    it('when a generated payment is paid, then exactly its amount moves through the ledger, once', async () => {
      const tree = await buildTree(database.sql);
      await generateRentPeriod(depsOn(database.sql), PERIOD);
      const [payment] = await database.sql<{ id: number }[]>`select id from rent_payments where payer_territory_id = ${tree.ids.cityB}`;
      const payer = { id: tree.players.b, username: 'b', is_wanakt: false };
      const before = [await balanceOf(database.sql, tree.players.b), await balanceOf(database.sql, tree.players.a)];

      const deps = depsOn(database.sql, new Date('2031-01-05T00:00:00Z'));
      const payRent = () => execute(deps, { user: payer, via: 'web' }, { type: 'rent.pay', paymentId: payment.id });
      await payRent();
      expect([await balanceOf(database.sql, tree.players.b), await balanceOf(database.sql, tree.players.a)]).toEqual([
        before[0] - 42,
        before[1] + 42,
      ]);
      await expect(payRent()).rejects.toThrow('already been paid');
      expect([await balanceOf(database.sql, tree.players.b), await balanceOf(database.sql, tree.players.a)]).toEqual([
        before[0] - 42,
        before[1] + 42,
      ]);

      const ledger =
        await database.sql`select amount::int, from_user_id, to_user_id from ledger where reason = 'rent' and territory_id = ${tree.ids.cityB}`;
      expect(ledger).toEqual([{ amount: 42, from_user_id: tree.players.b, to_user_id: tree.players.a }]);
      expect((await checkInvariants(database.sql)).problems).toEqual([]);
    });

    it('refuses a malformed period', async () => {
      await expect(generateRentPeriod(depsOn(database.sql), '2031-H3')).rejects.toThrow('A rent period looks like 2026-H1 or 2026-H2');
    });
  });
}

const postgres = postgresBackendIfReachable();
describe.runIf(postgres)('[design jobs] rent generation by several processes at once on real PostgreSQL', () => {
  const processes = separateProcesses(postgres!, 3);

  it('when three processes generate the same period at once, then each payment is created exactly once', async () => {
    const { database, pools } = processes;
    const tree = await buildTree(database.sql);
    const runs = await Promise.all(pools.map((pool) => generateRentPeriod(depsOn(pool.sql), PERIOD, { batchSize: 3 })));
    expect(runs.reduce((sum, run) => sum + run.created, 0)).toBe(6);
    expect(withoutDueDate(await paymentsOf(database.sql))).toEqual(expectedPayments(tree));

    const again = await Promise.all(pools.map((pool) => generateRentPeriod(depsOn(pool.sql), PERIOD, { batchSize: 3 })));
    expect(again.map((run) => run.created)).toEqual([0, 0, 0]);
    expect((await paymentsOf(database.sql)).length).toBe(6);
    expect((await checkInvariants(database.sql)).problems).toEqual([]);
  });
});
