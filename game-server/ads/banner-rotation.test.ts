import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Database, Sql } from '../db/database.ts';
import { postgresBackendIfReachable, testBackends } from '../testing/databases.ts';
import { committedEvents, separateProcesses } from '../testing/processes.ts';
import { bannerSlotOf, currentBanner, HOUSE_ADS, recordBannerImpressions, rotateBanner } from './banner-rotation.ts';

const depsOn = (sql: Sql) => ({ sql, clock: () => new Date('2031-01-01T00:00:00Z') });

async function activeAd(sql: Sql, title: string, wanted: number): Promise<number> {
  const [row] = await sql<{ id: number }[]>`
    insert into ads (title, content, click_url, impressions_wanted, total_cost_cents, status)
    values (${title}, 'Buy now', 'https://example.com', ${wanted}, 500, 'active')
    returning id`;
  return row.id;
}

it('[§9] counts banner slots from the epoch in steps of BANNER_SECONDS', () => {
  expect(bannerSlotOf(new Date(90_000), 30)).toBe(3);
  expect(bannerSlotOf(new Date(119_999), 30)).toBe(3);
  expect(bannerSlotOf(new Date(120_000), 30)).toBe(4);
});

for (const backend of testBackends()) {
  describe(`[§9 banner rotation] the banner on ${backend.name}`, () => {
    let database: Database;
    beforeEach(async () => {
      database = await backend.open();
    });
    afterEach(() => database.close());

    it('when no paid ad is active, then the house ads take turns and each rotation is announced once', async () => {
      const deps = depsOn(database.sql);
      const shown = [];
      for (const slot of [100, 101, 102, 103]) shown.push((await rotateBanner(deps, slot)).ad?.id);
      expect(shown).toEqual([-1, -2, -3, -1]);
      expect(HOUSE_ADS.map((ad) => ad.click_url)).toEqual(['/drk-store', '/advertise', '/marketplace']);
      expect(await committedEvents(database.sql)).toEqual(shown.map((id) => ({ type: 'banner.changed', ad: HOUSE_ADS.find((ad) => ad.id === id) })));

      expect(await rotateBanner(deps, 103)).toEqual({ slot: 103, rotated: false, ad: HOUSE_ADS[0] });
      // A process whose clock lags cannot turn the banner back.
      expect(await rotateBanner(deps, 102)).toEqual({ slot: 102, rotated: false, ad: HOUSE_ADS[2] });
      expect(await rotateBanner(deps, 50)).toEqual({ slot: 50, rotated: false, ad: null });
      expect(await committedEvents(database.sql)).toHaveLength(4);
      expect(await currentBanner(database.sql)).toEqual(HOUSE_ADS[0]);
    });

    it('when paid ads are active, then the banner goes round them in turn', async () => {
      const first = await activeAd(database.sql, 'First', 1000);
      const second = await activeAd(database.sql, 'Second', 1000);
      const deps = depsOn(database.sql);
      const shown = [];
      for (const slot of [200, 201, 202]) shown.push((await rotateBanner(deps, slot)).ad);
      expect(shown.map((ad) => ad?.id)).toEqual([first, second, first]);
      expect(shown[0]).toMatchObject({ title: 'First', click_url: 'https://example.com', impressions: 0, impressions_wanted: 1000, revenue: 5, status: 'active' });
    });

    it('when an ad has been shown to as many players as were bought, then it completes and leaves the rotation', async () => {
      const short = await activeAd(database.sql, 'Short run', 1000);
      const long = await activeAd(database.sql, 'Long run', 50_000);
      const deps = depsOn(database.sql);
      expect(await recordBannerImpressions(deps, short, 600)).toEqual({ delivered: 600, wanted: 1000, completed: false });
      expect(await recordBannerImpressions(deps, short, 500)).toEqual({ delivered: 1000, wanted: 1000, completed: true });
      const [row] = await database.sql`select status, impressions_delivered from ads where id = ${short}`;
      expect(row).toEqual({ status: 'completed', impressions_delivered: 1000 });
      expect(await recordBannerImpressions(deps, short, 10)).toBeNull();
      expect(await recordBannerImpressions(deps, HOUSE_ADS[0].id, 10)).toBeNull();
      await expect(recordBannerImpressions(deps, long, -1)).rejects.toThrow(RangeError);

      const shown = [];
      for (const slot of [300, 301, 302]) shown.push((await rotateBanner(deps, slot)).ad?.id);
      expect(shown).toEqual([long, long, long]);
    });
  });
}

const postgres = postgresBackendIfReachable();
describe.runIf(postgres)('[design jobs] banner rotation by two processes on real PostgreSQL', () => {
  const shared = separateProcesses(postgres!, 2);

  it('when two processes rotate the same slots at the same moment, then each slot advances once, announced by one of them', async () => {
    const { database, pools } = shared;
    const ads = [await activeAd(database.sql, 'One', 5000), await activeAd(database.sql, 'Two', 5000), await activeAd(database.sql, 'Three', 5000)];
    const processes = pools.map((pool) => depsOn(pool.sql));
    const results = [];
    for (let slot = 1000; slot < 1012; slot++) {
      const both = await Promise.all(processes.map((deps) => rotateBanner(deps, slot)));
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
});
