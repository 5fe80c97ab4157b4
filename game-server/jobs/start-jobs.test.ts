import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { bannerSlotOf } from '../domain/ads/banner-rotation.ts';
import { ImpressionTally } from '../domain/ads/impression-tally.ts';
import { loadConfig } from '../config.ts';
import type { Database, Sql } from '../infra/db/database.ts';
import { createLogger } from '../infra/logger.ts';
import { postgresBackendIfReachable, testBackends } from '../testing/databases.ts';
import { createPlayer } from '../testing/players.ts';
import { committedEvents, separateProcesses } from '../testing/processes.ts';
import { bannerCron, startJobs, type JobDeps } from './start-jobs.ts';

function depsAt(sql: Sql, clock: () => Date): JobDeps {
  return { sql, clock, log: createLogger('error') };
}

const defaults = loadConfig({});

async function clockwork(sql: Sql) {
  const [counts] = await sql`
    select (select string_agg(period, ',' order by period) from rent_periods where completed_at is not null) as periods,
           (select string_agg(month, ',' order by month) from earnings_months where completed_at is not null) as months,
           (select count(*)::int from rent_payments) as payments,
           (select count(*)::int from ledger where reason = 'earnings') as earnings,
           (select string_agg(slot::text, ',' order by slot) from banner_slots) as slots`;
  return counts;
}

it('schedules the banner on the slot boundaries and defaults to the spec', () => {
  expect([defaults.RENT_CRON, defaults.EARNINGS_CRON, defaults.BANNER_SECONDS]).toEqual(['0 0 1 1,7 *', '0 0 1 * *', 30]);
  expect(bannerCron(30)).toBe('*/30 * * * * *');
  expect(bannerCron(60)).toBe('0 * * * * *');
});

it('refuses a schedule that cannot run, naming the setting', () => {
  expect(() => loadConfig({ RENT_CRON: 'twice a year' })).toThrow('RENT_CRON: must be a cron expression');
  expect(() => loadConfig({ EARNINGS_CRON: '0 0 32 * *' })).toThrow('EARNINGS_CRON: must be a cron expression');
  expect(() => loadConfig({ BANNER_SECONDS: '45' })).toThrow('BANNER_SECONDS: must be 5, 6, 10, 12, 15, 20, 30 or 60');
  expect(loadConfig({ BANNER_SECONDS: '10', RENT_CRON: '0 0 1 * *' })).toMatchObject({ BANNER_SECONDS: 10, RENT_CRON: '0 0 1 * *' });
});

for (const backend of testBackends()) {
  describe(`[restart safety] starting the jobs on ${backend.name}`, () => {
    let database: Database;
    beforeEach(async () => {
      database = await backend.open();
    });
    afterEach(() => database.close());

    it('when the server starts, then it catches up the current period, month and slot once; a restart adds nothing; after months down it catches up only the current ones', async () => {
      const lord = await createPlayer(database.sql, { balance: 500 });
      await database.sql`update territories set owner_id = ${lord} where name = 'Paris'`;
      let now = new Date('2031-03-15T10:00:00Z');
      const deps = depsAt(database.sql, () => now);

      const first = await startJobs(deps, defaults);
      await first.stop();
      const afterFirst = await clockwork(database.sql);
      const firstSlot = String(bannerSlotOf(now, defaults.BANNER_SECONDS));
      expect(afterFirst).toMatchObject({ periods: '2031-H1', months: '2031-03', payments: 1, slots: firstSlot });
      expect(afterFirst.earnings).toBeGreaterThan(0);

      const restarted = await startJobs(
        depsAt(database.sql, () => now),
        defaults,
      );
      await restarted.stop();
      expect(await clockwork(database.sql)).toEqual(afterFirst);

      // Down from March to August: four monthly ticks and one rent tick were missed.
      now = new Date('2031-08-02T09:00:00Z');
      const late = await startJobs(
        depsAt(database.sql, () => now),
        defaults,
      );
      await late.stop();
      const afterLate = await clockwork(database.sql);
      // Slots older than a day are pruned, so only the current one is left.
      expect(afterLate).toMatchObject({
        periods: '2031-H1,2031-H2',
        months: '2031-03,2031-08',
        payments: 2,
        slots: String(bannerSlotOf(now, 30)),
      });
    });

    it('[§9 banner impressions] when the jobs stop, then the showings this process noted since the last run are written, not lost', async () => {
      const [ad] = await database.sql<{ id: number }[]>`
        insert into ads (title, content, impressions_wanted, total_cost_cents, status) values ('Last word', 'Shown just before a restart', 1000, 500, 'active') returning id`;
      const impressions = new ImpressionTally();
      const jobs = await startJobs({ ...depsAt(database.sql, () => new Date()), impressions }, defaults);
      impressions.note({ adId: ad.id, slot: 1, viewer: 'leaving-client' });
      await jobs.stop();
      const [row] = await database.sql`select impressions_delivered from ads where id = ${ad.id}`;
      expect(row.impressions_delivered).toBe(1);
      expect(impressions.take()).toEqual([]);
    });
  });
}

const postgres = postgresBackendIfReachable();
describe.runIf(postgres)('[design jobs] the banner job in two processes on real PostgreSQL', () => {
  const shared = separateProcesses(postgres!, 2);

  it('when two processes run the banner job on a 5-second schedule, then every slot is rotated by exactly one of them', async () => {
    const { database, pools } = shared;
    const config = { ...defaults, BANNER_SECONDS: 5 };
    const processes = pools.map((pool) => depsAt(pool.sql, () => new Date()));
    const jobs = await Promise.all(processes.map((deps) => startJobs(deps, config)));
    const started = bannerSlotOf(new Date(), 5);
    const rotatedSince = async () =>
      (await database.sql<{ slot: string }[]>`select slot::text from banner_slots order by slot`).filter(
        (row) => Number(row.slot) > started,
      ).length;
    try {
      await expect.poll(rotatedSince, { timeout: 20_000, interval: 250 }).toBeGreaterThanOrEqual(2);
    } finally {
      await Promise.all(jobs.map((job) => job.stop()));
    }
    const announced = (await committedEvents(database.sql)).filter((event) => event.type === 'banner.changed');
    const [{ count }] = await database.sql`select count(*)::int from banner_slots`;
    expect(announced.length).toBe(count);
  });
});
