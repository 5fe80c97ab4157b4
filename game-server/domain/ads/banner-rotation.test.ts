import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Database, Sql } from '../../infra/db/database.ts';
import { postgresBackendIfReachable, testBackends } from '../../testing/databases.ts';
import { committedEvents, separateProcesses } from '../../testing/processes.ts';
import { runBannerRotation, writeImpressions } from '../../jobs/banner-jobs.ts';
import { bannerSlotOf, currentBanner, HOUSE_ADS } from './banner-rotation.ts';
import { ImpressionTally } from './impression-tally.ts';

const depsOn = (sql: Sql) => ({ sql, clock: () => new Date('2031-01-01T00:00:00Z') });

async function activeAd(sql: Sql, title: string, wanted: number): Promise<number> {
  const [row] = await sql<{ id: number }[]>`
    insert into ads (title, content, click_url, impressions_wanted, total_cost_cents, status)
    values (${title}, 'Buy now', 'https://example.com', ${wanted}, 500, 'active')
    returning id`;
  return row.id;
}

/** What rooms noted: `viewers` clients shown the ad in one slot. */
function shownTo(adId: number, slot: number, viewers: number, first = 0): ImpressionTally {
  const tally = new ImpressionTally();
  for (let viewer = first; viewer < first + viewers; viewer++) tally.note({ adId, slot, viewer: `client-${viewer}` });
  return tally;
}

it('[§9] counts banner slots from the epoch in steps of BANNER_SECONDS', () => {
  expect(bannerSlotOf(new Date(90_000), 30)).toBe(3);
  expect(bannerSlotOf(new Date(119_999), 30)).toBe(3);
  expect(bannerSlotOf(new Date(120_000), 30)).toBe(4);
});

it('[§9 banner impressions] a showing noted twice is one, a house ad is none, and what the job takes is gone from the tally', () => {
  const tally = new ImpressionTally();
  tally.note({ adId: 7, slot: 1, viewer: 'a' });
  tally.note({ adId: 7, slot: 1, viewer: 'a' });
  tally.note({ adId: 7, slot: 2, viewer: 'a' });
  tally.note({ adId: HOUSE_ADS[0].id, slot: 2, viewer: 'a' });
  expect(tally.take()).toEqual([
    { adId: 7, slot: 1, viewer: 'a' },
    { adId: 7, slot: 2, viewer: 'a' },
  ]);
  expect(tally.take()).toEqual([]);
});

for (const backend of testBackends()) {
  describe(`[§9 banner rotation] the banner on ${backend.name}`, () => {
    let database: Database;
    beforeEach(async () => {
      database = await backend.open();
    });
    afterEach(() => database.close());

    it('when no paid ad is active, then the house ads take turns and each rotation is announced once, with its slot', async () => {
      const deps = depsOn(database.sql);
      const shown = [];
      for (const slot of [100, 101, 102, 103]) shown.push((await runBannerRotation(deps, slot)).ad?.id);
      expect(shown).toEqual([-1, -2, -3, -1]);
      expect(HOUSE_ADS.map((ad) => ad.click_url)).toEqual(['/drk-store', '/advertise', '/marketplace']);
      expect(await committedEvents(database.sql)).toEqual(
        shown.map((id, index) => ({ type: 'banner.changed', slot: 100 + index, ad: HOUSE_ADS.find((ad) => ad.id === id) })),
      );

      expect(await runBannerRotation(deps, 103)).toEqual({ slot: 103, rotated: false, ad: HOUSE_ADS[0] });
      // A process whose clock lags cannot turn the banner back.
      expect(await runBannerRotation(deps, 102)).toEqual({ slot: 102, rotated: false, ad: HOUSE_ADS[2] });
      expect(await runBannerRotation(deps, 50)).toEqual({ slot: 50, rotated: false, ad: null });
      expect(await committedEvents(database.sql)).toHaveLength(4);
      expect(await currentBanner(database.sql)).toEqual({ slot: 103, ad: HOUSE_ADS[0] });
    });

    it('when paid ads are active, then the banner goes round them in turn', async () => {
      const first = await activeAd(database.sql, 'First', 1000);
      const second = await activeAd(database.sql, 'Second', 1000);
      const deps = depsOn(database.sql);
      const shown = [];
      for (const slot of [200, 201, 202]) shown.push((await runBannerRotation(deps, slot)).ad);
      expect(shown.map((ad) => ad?.id)).toEqual([first, second, first]);
      expect(shown[0]).toMatchObject({
        title: 'First',
        click_url: 'https://example.com',
        region: null,
        impressions: 0,
        impressions_wanted: 1000,
        revenue: 5,
        status: 'active',
      });
    });

    it('when the job writes what rooms showed, then each showing counts once, even written twice, and the ad completes at what was bought', async () => {
      const short = await activeAd(database.sql, 'Short run', 1000);
      const long = await activeAd(database.sql, 'Long run', 50_000);
      const deps = depsOn(database.sql);
      expect(await writeImpressions(deps, shownTo(short, 7, 600))).toEqual([{ adId: short, added: 600, delivered: 600, completed: false }]);
      // The same 600 showings again (a retried run, a second room's note of the same client): nothing new.
      expect(await writeImpressions(deps, shownTo(short, 7, 600))).toEqual([]);
      expect(await writeImpressions(deps, shownTo(short, 8, 500))).toEqual([{ adId: short, added: 500, delivered: 1000, completed: true }]);
      const [row] = await database.sql`select status, impressions_delivered from ads where id = ${short}`;
      expect(row).toEqual({ status: 'completed', impressions_delivered: 1000 });
      expect(await writeImpressions(deps, shownTo(short, 9, 10))).toEqual([]);
      expect(await writeImpressions(deps, new ImpressionTally())).toEqual([]);

      const shown = [];
      for (const slot of [300, 301, 302]) shown.push((await runBannerRotation(deps, slot)).ad?.id);
      expect(shown).toEqual([long, long, long]);
    });

    it('when the write fails, then what the rooms noted waits in the tally for the next run', async () => {
      const ad = await activeAd(database.sql, 'Kept', 1000);
      const tally = shownTo(ad, 4, 3);
      const away = new Proxy(database.sql, {
        get: (target, key) => (key === 'reserve' ? () => Promise.reject(new Error('database away')) : Reflect.get(target, key)),
      });
      await expect(writeImpressions(depsOn(away), tally)).rejects.toThrow('database away');
      expect(await writeImpressions(depsOn(database.sql), tally)).toEqual([{ adId: ad, added: 3, delivered: 3, completed: false }]);
    });
  });
}

const postgres = postgresBackendIfReachable();
describe.runIf(postgres)('[design jobs] banner rotation by two processes on real PostgreSQL', () => {
  const shared = separateProcesses(postgres!, 2);

  it('when two processes rotate the same slots at the same moment, then each slot advances once, announced by one of them', async () => {
    const { database, pools } = shared;
    const ads = [
      await activeAd(database.sql, 'One', 5000),
      await activeAd(database.sql, 'Two', 5000),
      await activeAd(database.sql, 'Three', 5000),
    ];
    const processes = pools.map((pool) => depsOn(pool.sql));
    const results = [];
    for (let slot = 1000; slot < 1012; slot++) {
      const both = await Promise.all(processes.map((deps) => runBannerRotation(deps, slot)));
      expect(both.filter((result) => result.rotated).length).toBe(1);
      expect(both[0].ad).toEqual(both[1].ad);
      results.push(both[0].ad!.id);
    }
    expect(results).toEqual([...ads, ...ads, ...ads, ...ads]);
    const announced = await committedEvents(database.sql);
    expect(announced.length).toBe(12);
    const [{ count }] = await database.sql`select count(*)::int from banner_slots`;
    expect(count).toBe(12);
  });

  it('when two processes write the same showings at once, then each counts once', async () => {
    const { database, pools } = shared;
    const ad = await activeAd(database.sql, 'Shared', 5000);
    const written = await Promise.all(pools.map((pool) => writeImpressions(depsOn(pool.sql), shownTo(ad, 20, 300))));
    expect(written.flat().reduce((sum, item) => sum + item.added, 0)).toBe(300);
    const [row] = await database.sql`select impressions_delivered from ads where id = ${ad}`;
    expect(row.impressions_delivered).toBe(300);
  });
});
