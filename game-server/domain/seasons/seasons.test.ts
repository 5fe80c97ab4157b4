import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ActingUser, Actor } from '../../../schema/commands/policy.ts';
import { WANAKT_USER_ID } from '../../../schema/constants.ts';
import { regionOf, type Region } from '../../../schema/rules/region.ts';
import { seasonBounds, splitPool } from '../../../schema/rules/seasons.ts';
import { execute } from '../../commands/execute.ts';
import type { CommandDeps } from '../../commands/handler.ts';
import { generateRentPeriod } from '../../commands/rent-run.ts';
import { inTransaction, type Database, type Sql } from '../../infra/db/database.ts';
import { runSeasons } from '../../jobs/season-job.ts';
import { postgresBackendIfReachable, testBackends } from '../../testing/databases.ts';
import { balanceOf, createPlayer } from '../../testing/players.ts';
import { mint } from '../economy/ledger.ts';
import { checkInvariants, readSupply } from '../economy/supply.ts';
import { createSandboxProvider } from '../payments/sandbox-provider.ts';
import { LINK_REASONS } from '../fair-play/links.ts';
import { notCountedBecause } from '../fair-play/marks.ts';
import { LAND_GIVEN, NOT_VERIFIED, PAID_LATE } from './fair-play.ts';

const SHARED_ADDRESS = LINK_REASONS.address;
const SHARED_CARD = LINK_REASONS.card;
const SAME_PAIR_AGAIN = notCountedBecause({ link: null, notCounted: 'repeated_pair' });
import { seasonRankBetween } from '../standings/season-standings.ts';
import { currentSeason } from './season-read.ts';

// docs/rules.md §10: a season run end to end on the game's clock, moved by the test. Season 1 of
// this calendar runs from 6 January to 17 February 2031.
const SETTINGS = { weeks: 6, pool: 1_001, epoch: '2031-01-06T00:00:00Z' };
const { startsAt, endsAt } = seasonBounds(1, SETTINGS.weeks, SETTINGS.epoch);
const DAY = 86_400_000;

const as = (user: ActingUser): Actor => ({ user, via: 'web' });
const wanakt: ActingUser = { id: WANAKT_USER_ID, username: 'wanakt', is_wanakt: true };

async function player(sql: Sql, username: string, options: { verified?: boolean; address?: string } = {}): Promise<ActingUser> {
  const id = await createPlayer(sql, { username, balance: 100_000 });
  if (options.verified) await sql`update users set email = ${`${username}@example.org`}, email_verified_at = ${startsAt} where id = ${id}`;
  if (options.address)
    await sql`insert into login_addresses (user_id, address, last_login_at) values (${id}, ${options.address}, ${startsAt})`;
  return { id, username, is_wanakt: false };
}

/** A town with one of its villages, one more territory in each region asked for, and spare villages, all unowned. */
async function land(sql: Sql, regions: Region[]) {
  const all = await sql<{ id: number; type: string; latitude: number; longitude: number; parent_territory_id: number | null }[]>`
    select id, type, latitude::float8 as latitude, longitude::float8 as longitude, parent_territory_id
      from territories where owner_id is null and type in ('village', 'town', 'city') order by id`;
  const village = all.find(
    (row) => row.type === 'village' && all.some((town) => town.id === row.parent_territory_id && town.type === 'town'),
  )!;
  const taken = new Set([village.id, village.parent_territory_id!]);
  const inRegion: Partial<Record<Region, number>> = {};
  for (const region of regions) {
    const place = all.find((row) => !taken.has(row.id) && regionOf(row.latitude, row.longitude) === region)!;
    inRegion[region] = place.id;
    taken.add(place.id);
  }
  // The spare villages lie in the rent village's region, so trading them adds no region to anyone.
  const home = regionOf(village.latitude, village.longitude);
  const spare = all
    .filter((row) => row.type === 'village' && !taken.has(row.id) && regionOf(row.latitude, row.longitude) === home)
    .map((row) => row.id);
  return { inRegion: inRegion as Record<Region, number>, town: village.parent_territory_id!, village: village.id, spare };
}

for (const backend of testBackends()) {
  describe(`[§10 seasons] a season end to end on the game's clock, on ${backend.name}`, () => {
    let database: Database;
    let now: Date;
    let deps: CommandDeps;
    const at = (moment: Date) => {
      now = moment;
    };
    let a: ActingUser;
    let b: ActingUser;
    let c: ActingUser;
    let d: ActingUser;
    let e: ActingUser;
    let f: ActingUser;
    let world: Awaited<ReturnType<typeof land>>;
    let spare: number[];

    const run = (command: Parameters<typeof execute>[2], actor: ActingUser) => execute(deps, as(actor), command);
    /** `seller` lists a spare village it is given, at the village's price, and `buyer` buys it: a trade between the two. */
    const trade = async (seller: ActingUser, buyer: ActingUser) => {
      const territoryId = spare.shift()!;
      const [{ price }] = await database.sql<{ price: number }[]>`
        update territories set owner_id = ${seller.id} where id = ${territoryId} returning price::int`;
      await run({ type: 'territory.list', territoryId, body: { sale_price: price } }, seller);
      await run({ type: 'territory.purchase', territoryId, body: {} }, buyer);
    };
    const buyPackageWith = async (buyer: ActingUser, card: string) => {
      const checkout = (await run({ type: 'drk.purchase-intent', body: { packageId: 'starter' } }, buyer)).body as {
        paymentIntentId: string;
        clientSecret: string;
      };
      await run({ type: 'payment.sandbox-confirm', body: { ...checkout, outcome: 'succeed', card } }, buyer);
    };

    beforeAll(async () => {
      database = await backend.open();
      const sql = database.sql;
      now = new Date(startsAt.getTime() - 3 * DAY);
      deps = { sql, clock: () => now, payments: createSandboxProvider() };
      await inTransaction(sql, (tx) => mint(tx, WANAKT_USER_ID, { amount: 5_000, reason: 'admin_mint' }, new Date()));
      // a and b play fair; c never verified its e-mail; d logs in from a's address, f from b's /64; e pays with f's card.
      a = await player(sql, 'season-a', { verified: true, address: '198.51.100.7' });
      b = await player(sql, 'season-b', { verified: true, address: '2001:db8:1:2::5' });
      c = await player(sql, 'season-c', { address: '203.0.113.9' });
      d = await player(sql, 'season-d', { verified: true, address: '198.51.100.7' });
      e = await player(sql, 'season-e', { verified: true, address: '192.0.2.44' });
      f = await player(sql, 'season-f', { verified: true, address: '2001:db8:1:2:ffff::1' });
      world = await land(sql, ['europe', 'asia', 'africa']);
      spare = [...world.spare];
    }, 120_000);
    afterAll(() => database.close());

    it('when the job runs before the season, then it announces it with its pool and tasks, and the announcement cannot be changed', async () => {
      const first = await runSeasons(deps, SETTINGS);
      expect(first).toEqual({ paid: [], announced: [1] });
      expect((await runSeasons(deps, SETTINGS)).announced).toEqual([]);
      const { season } = await currentSeason(database.sql, null, now);
      expect(season).toMatchObject({
        number: 1,
        status: 'upcoming',
        pool: 1_001,
        starts_at: startsAt.toISOString(),
        ends_at: endsAt.toISOString(),
      });
      expect(season!.tasks.map((task) => task.key)).toEqual(['play_days', 'streak', 'trade', 'regions', 'rent_on_time', 'vassal_rent']);
      await expect(database.sql`update seasons set pool = 5000 where number = 1`).rejects.toThrow(/never change/);
      await expect(database.sql`delete from seasons where number = 1`).rejects.toThrow();
    });

    it('when players play through the season, then only real play counts, each refusal says why, and tasks complete with a notice', async () => {
      const sql = database.sql;
      const { inRegion, town, village } = world;
      // Seven days in a row: a's days count (verified), c's do not.
      for (let day = 0; day < 7; day++) {
        at(new Date(startsAt.getTime() + day * DAY + 9 * 3_600_000));
        await run({ type: 'away.visit' }, a);
        await run({ type: 'away.visit' }, c);
      }
      // Two trades between a and b and one each with e; a third between a and b (one pair again and
      // again, docs/rules.md §4 "Trades that count"); one between a and d (one network), one between
      // b and f (one /64), one between e and f (one card).
      await trade(a, b);
      await trade(b, a);
      await trade(a, e);
      await trade(b, e);
      await trade(a, b);
      await trade(a, d);
      await trade(b, f);
      await buyPackageWith(e, '4000056655665556');
      await buyPackageWith(f, '4000056655665556');
      await trade(e, f);
      // Rent: b's village pays a's town on time; c's late payment of its own does not count.
      await sql`update territories set owner_id = ${a.id} where id = ${town}`;
      await sql`update territories set owner_id = ${b.id} where id = ${village}`;
      await generateRentPeriod(deps, '2031-H1');
      const [due] = await sql<{ id: number }[]>`select id from rent_payments where payer_territory_id = ${village}`;
      await run({ type: 'rent.pay', paymentId: due.id }, b);
      const [late] = await sql<{ id: number }[]>`
        insert into rent_payments (period, payer_territory_id, payee_territory_id, payer_id, payee_id, payment_type, amount, due_date)
        values ('2031-H1', ${inRegion.africa}, ${town}, ${c.id}, ${a.id}, 'other', 5, ${startsAt}) returning id`;
      await run({ type: 'rent.pay', paymentId: late.id }, c);
      // a buys land in three regions; the Wanakt's gift of a village to c counts for nothing.
      for (const territoryId of [inRegion.europe, inRegion.asia, inRegion.africa])
        await run({ type: 'territory.purchase', territoryId, body: {} }, a);
      await run({ type: 'territory.assign', territoryId: spare.shift()!, body: { userId: c.id, price: 0 } }, wanakt);

      const view = async (user: ActingUser) => (await currentSeason(sql, user.id, now)).season!;
      const seasonOfA = await view(a);
      const progress = Object.fromEntries(seasonOfA.tasks.map((task) => [task.key, [task.progress, task.completed]]));
      expect(progress).toEqual({
        play_days: [7, false],
        streak: [7, true],
        trade: [3, true],
        regions: [3, true],
        rent_on_time: [0, false],
        // c's rent was paid to a too, late: it still counts as collected, being real DRK from another network.
        vassal_rent: [1, true],
      });
      expect(seasonOfA.you).toMatchObject({ weight: 7, rank: 1 });
      expect(new Set(seasonOfA.you!.not_counted.map((row) => [row.task, row.why].join(': ')))).toEqual(
        new Set([`trade: ${SHARED_ADDRESS}`, `trade: ${SAME_PAIR_AGAIN}`]),
      );

      const seasonOfB = await view(b);
      expect(seasonOfB.you).toMatchObject({ weight: 3, rank: 2 });
      expect(seasonOfB.tasks.find((task) => task.key === 'rent_on_time')).toMatchObject({ progress: 1, completed: true });
      expect(new Set(seasonOfB.you!.not_counted.map((row) => row.why))).toEqual(new Set([SHARED_ADDRESS, SAME_PAIR_AGAIN]));

      const seasonOfC = await view(c);
      expect(seasonOfC.you!.weight).toBe(0);
      expect(new Set(seasonOfC.you!.not_counted.map((row) => row.why))).toEqual(new Set([NOT_VERIFIED, PAID_LATE, LAND_GIVEN]));
      expect((await view(e)).you!.not_counted).toEqual([expect.objectContaining({ task: 'trade', why: SHARED_CARD })]);
      expect(new Set((await view(f)).you!.not_counted.map((row) => row.why))).toEqual(new Set([SHARED_ADDRESS, SHARED_CARD]));
      expect((await view(d)).you!.weight).toBe(0);

      // Public standings: a visitor sees them too.
      expect((await currentSeason(sql, null, now)).season!.standings).toEqual([
        { rank: 1, username: 'season-a', weight: 7, tasks: 4 },
        { rank: 2, username: 'season-b', weight: 3, tasks: 2 },
      ]);
      // The since-yesterday view's standing: the same ranking, as it stood at each end of its window
      // (its end excluded: the tasks completed at `now` count from just after it).
      const after = new Date(now.getTime() + 1);
      expect(await seasonRankBetween(sql, a.id, startsAt, after)).toEqual({ number: 1, then: null, now: 1 });
      expect(await seasonRankBetween(sql, b.id, startsAt, after)).toEqual({ number: 1, then: null, now: 2 });
      expect(await seasonRankBetween(sql, a.id, startsAt, now)).toEqual({ number: 1, then: null, now: null });
      const notices = await sql<{ user_id: string; text: string }[]>`
        select user_id, text from notifications where kind = 'season_task_completed' order by id`;
      expect(notices.filter((notice) => notice.user_id === a.id).map((notice) => notice.text)).toEqual(
        expect.arrayContaining(['Season 1: you completed "A 7-day streak"', 'Season 1: you completed "Trade land 3 times"']),
      );
      expect(notices).toHaveLength(6);
      expect(await unannounced(sql, 'season_task_completed')).toEqual([]);
    });

    it('when the season ends, then the job pays exactly the pool from the treasury by weight, mints nothing, and a second run pays nothing', async () => {
      const sql = database.sql;
      at(new Date(endsAt.getTime() + 60_000));
      const supplyBefore = await readSupply(sql);
      const treasuryBefore = await balanceOf(sql, WANAKT_USER_ID);
      const [aBefore, bBefore] = [await balanceOf(sql, a.id), await balanceOf(sql, b.id)];

      const first = await runSeasons(deps, SETTINGS);
      // Weights 7 and 3 share 1,001 DRK: 700.7 and 300.3, floors 700 and 300, the one DRK left to the larger remainder.
      expect(
        splitPool(1_001, [
          { userId: a.id, weight: 7 },
          { userId: b.id, weight: 3 },
        ]),
      ).toEqual(
        new Map([
          [a.id, 701],
          [b.id, 300],
        ]),
      );
      expect(first.paid).toEqual([
        {
          season: 1,
          paid: 1_001,
          payouts: expect.arrayContaining([
            { userId: a.id, weight: 7, amount: 701 },
            { userId: b.id, weight: 3, amount: 300 },
          ]),
        },
      ]);
      // Season 2 began while the job was not run: it is announced as it runs, and season 3 after it.
      expect(first.announced).toEqual([2, 3]);
      expect(await balanceOf(sql, a.id)).toBe(aBefore + 701);
      expect(await balanceOf(sql, b.id)).toBe(bBefore + 300);
      expect(await balanceOf(sql, WANAKT_USER_ID)).toBe(treasuryBefore - 1_001);
      const [lines] = await sql<{ total: string; mints: number }[]>`
        select coalesce(sum(amount), 0)::text as total, count(*) filter (where from_user_id is null)::int as mints
          from ledger where reason = 'season_reward' and reference = 'season 1'`;
      expect(lines).toEqual({ total: '1001', mints: 0 });
      expect(await readSupply(sql)).toEqual(supplyBefore);
      expect(await checkInvariants(sql)).toMatchObject({ ok: true, problems: [] });

      const second = await runSeasons(deps, SETTINGS);
      expect(second).toEqual({ paid: [], announced: [] });
      const [again] = await sql<{ lines: number }[]>`select count(*)::int as lines from ledger where reason = 'season_reward'`;
      expect(again.lines).toBe(2);
      expect(await balanceOf(sql, WANAKT_USER_ID)).toBe(treasuryBefore - 1_001);

      const { last } = await currentSeason(sql, null, now);
      expect(last).toMatchObject({ number: 1, pool: 1_001, paid_total: 1_001 });
      expect(last!.payouts).toEqual([
        { username: 'season-a', weight: 7, amount: 701 },
        { username: 'season-b', weight: 3, amount: 300 },
      ]);
      const paidNotices = await sql<{ text: string }[]>`select text from notifications where kind = 'season_paid' and user_id = ${a.id}`;
      expect(paidNotices.map((row) => row.text)).toEqual(['Season 1 has ended: you received 701 DRK from its pool']);
      expect(await unannounced(sql, 'season_paid')).toEqual([]);
    });
  });
}

/** Notices of this kind that no `notifications.created` event announced: they would reach no open screen. */
async function unannounced(sql: Sql, kind: string): Promise<string[]> {
  const stored = await sql<{ id: string }[]>`select id::text from notifications where kind = ${kind}`;
  const events = await sql<{ id: string }[]>`
    select notice->>'id' as id from outbox, jsonb_array_elements(event->'notices') as notice
     where event->>'type' = 'notifications.created'`;
  const announced = new Set(events.map((row) => row.id));
  return stored.map((row) => row.id).filter((id) => !announced.has(id));
}

const postgres = postgresBackendIfReachable();
describe.skipIf(!postgres)('[§10 seasons] two processes end one season at once, on PostgreSQL', () => {
  it('when two season jobs run at the same moment, then the season is paid once: one set of transfers adding up to the pool', async () => {
    const database = await postgres!.open();
    try {
      const sql = database.sql;
      let now = new Date(startsAt.getTime() - DAY);
      const deps: CommandDeps = { sql, clock: () => now };
      await inTransaction(sql, (tx) => mint(tx, WANAKT_USER_ID, { amount: 5_000, reason: 'admin_mint' }, new Date()));
      await runSeasons(deps, SETTINGS);
      const players = [await player(sql, 'racer-a', { verified: true }), await player(sql, 'racer-b', { verified: true })];
      for (let day = 0; day < 7; day++) {
        now = new Date(startsAt.getTime() + day * DAY);
        for (const racer of players) await execute(deps, as(racer), { type: 'away.visit' });
      }
      now = new Date(endsAt.getTime() + 1);
      const treasury = await balanceOf(sql, WANAKT_USER_ID);
      // As two processes would: two runs at once, each in transactions of its own on its own connections.
      const runs = await Promise.all([runSeasons(deps, SETTINGS), runSeasons(deps, SETTINGS)]);
      expect(runs.flatMap((run) => run.paid).map((season) => season.paid)).toEqual([1_001]);
      const [lines] = await sql<{ count: number; total: string }[]>`
        select count(*)::int as count, sum(amount)::text as total from ledger where reason = 'season_reward'`;
      expect(lines).toEqual({ count: 2, total: '1001' });
      expect(await balanceOf(sql, WANAKT_USER_ID)).toBe(treasury - 1_001);
      expect(await checkInvariants(sql)).toMatchObject({ ok: true });
    } finally {
      await database.close();
    }
  }, 120_000);
});

for (const backend of testBackends().slice(0, 1)) {
  describe(`[§10 seasons] a game started in the middle of a season, on ${backend.name}`, () => {
    let database: Database;
    beforeAll(async () => {
      database = await backend.open();
    }, 120_000);
    afterAll(() => database.close());

    it('when the job first runs mid-season, then the running season is announced for newcomers to join, and the next beside it while the treasury covers both', async () => {
      const sql = database.sql;
      const now = new Date(startsAt.getTime() + 10 * DAY);
      const deps = { sql, clock: () => now, payments: createSandboxProvider() };
      const treasury = await balanceOf(sql, WANAKT_USER_ID);
      await inTransaction(sql, (tx) =>
        mint(tx, WANAKT_USER_ID, { amount: Math.max(0, SETTINGS.pool - treasury), reason: 'admin_mint' }, new Date()),
      );

      expect(await runSeasons(deps, SETTINGS)).toEqual({ paid: [], announced: [1] });
      const { season } = await currentSeason(sql, null, now);
      expect(season).toMatchObject({ number: 1, status: 'running', starts_at: startsAt.toISOString(), ends_at: endsAt.toISOString() });

      await inTransaction(sql, (tx) => mint(tx, WANAKT_USER_ID, { amount: SETTINGS.pool, reason: 'admin_mint' }, new Date()));
      expect((await runSeasons(deps, SETTINGS)).announced).toEqual([2]);
      expect((await runSeasons(deps, SETTINGS)).announced).toEqual([]);
    });
  });
}
