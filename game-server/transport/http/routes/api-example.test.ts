import { execFile } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MyBannerDto } from '../../../../schema/api/ads.ts';
import type { CreatedApiKeyDto } from '../../../../schema/api/api-keys.ts';
import { ImpressionTally } from '../../../domain/ads/impression-tally.ts';
import { writeImpressions } from '../../../jobs/banner-jobs.ts';
import type { TestAgent } from '../../../testing/agent.ts';
import { checkAnswer } from '../../../testing/response-check.ts';
import { testBackends } from '../../../testing/databases.ts';
import { balanceOf } from '../../../testing/players.ts';
import { startTestServer, type TestServer } from '../../../testing/test-server.ts';

const run = promisify(execFile);
const README = new URL('../../../../README.md', import.meta.url);

/** The README's curl session, line by line, without the line that sets BASE and KEY. */
async function readmeSession(): Promise<string[]> {
  const text = await readFile(README, 'utf8');
  const block = /<!-- api-session -->\s*```sh\n([\s\S]*?)```\s*<!-- \/api-session -->/.exec(text)?.[1];
  if (!block) throw new Error('The README has no api-session block');
  return block.split('\n').filter((line) => line.startsWith('curl '));
}

for (const backend of testBackends()) {
  describe(`[examples] the README's curl session with a key, on ${backend.name}`, () => {
    let game: TestServer;
    let demo: TestAgent;
    let key: string;
    let lines: string[];

    const curl = async (line: string) => {
      const { stdout } = await run('bash', ['-c', line], { env: { ...process.env, BASE: game.server.url, KEY: key } });
      return JSON.parse(stdout);
    };

    beforeAll(async () => {
      game = await startTestServer(backend);
      demo = await game.demo();
      key = (await demo.post<CreatedApiKeyDto>('/api/api-keys', { name: 'bakery', scopes: ['read', 'ads'] })).body.key;
      lines = await readmeSession();
    });
    afterAll(() => game.stop());

    it('when the lines run against the game, then the world is read, a banner bought with DRK, and its delivery figures read', async () => {
      expect(lines).toHaveLength(3);
      const [readWorld, buyBanner, readDelivery] = lines as [string, string, string];
      const before = await balanceOf(game.database.sql, 'sample-user');

      const world = await curl(readWorld);
      expect(checkAnswer('GET', '/api/territories', 200, world)).toBeNull();
      expect(world.length).toBeGreaterThan(200);
      expect(Object.keys(world[0]).sort()).toEqual(['id', 'name', 'owner_id', 'sale_price']);

      const banner = (await curl(buyBanner)) as MyBannerDto;
      expect(checkAnswer('POST', '/api/ads/banner', 201, banner)).toBeNull();
      expect(banner).toMatchObject({ title: 'Fresh bread', status: 'in_review', impressions: 0, impressions_wanted: 1000, cost_drk: 5 });
      expect(await balanceOf(game.database.sql, 'sample-user')).toBe(before - 5);

      const wanakt = await game.wanakt();
      expect((await wanakt.post(`/api/ads/${banner.id}/approve`)).status).toBe(200);
      // Forty clients shown the banner in one slot, as the rooms note them for the banner-impressions job.
      const tally = new ImpressionTally();
      for (let viewer = 0; viewer < 40; viewer++) tally.note({ adId: banner.id, slot: 1, viewer: `client-${viewer}` });
      await writeImpressions({ sql: game.database.sql, clock: () => new Date() }, tally);
      const delivery = (await curl(readDelivery)) as MyBannerDto[];
      expect(checkAnswer('GET', '/api/ads/mine', 200, delivery)).toBeNull();
      expect(delivery.find((mine) => mine.id === banner.id)).toMatchObject({
        status: 'active',
        impressions: 40,
        impressions_wanted: 1000,
        clicks: 0,
      });
    });
  });
}
