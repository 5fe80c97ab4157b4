import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DOOR_LIMITS } from '../../infra/limits/door-limits.ts';
import { testBackends } from '../../testing/databases.ts';
import { startTestServer, type TestServer } from '../../testing/test-server.ts';

// The ad.click command's POST spends from the address's budget of clicks as the banner's GET link
// does (command-limits.ts 'ad-click-address'), ahead of the once-an-hour count: beyond it, a script.
for (const backend of testBackends()) {
  describe(`the ad click's budget per address, on ${backend.name}`, () => {
    let game: TestServer;
    let adId: number;
    beforeAll(async () => {
      game = await startTestServer(backend);
      [{ id: adId }] = await game.database.sql<{ id: number }[]>`
        insert into ads (title, content, click_url, impressions_wanted, total_cost_cents, status)
        values ('Clicked', 'Click me', 'https://advertiser.example/', 1000, 12000, 'active') returning id`;
    });
    afterAll(() => game?.stop());

    it('when one address POSTs more clicks than its budget, then it is refused 429 for its address, and its GET link is too', async () => {
      const clicker = game.agent();
      const answers = [];
      for (let i = 0; i < DOOR_LIMITS.adClick.points; i++) answers.push(await clicker.post(`/api/ads/${adId}/click`));
      expect(answers[0]).toMatchObject({ status: 200, body: { url: 'https://advertiser.example/' } });
      for (const repeat of answers.slice(1))
        expect(repeat).toMatchObject({ status: 429, body: { message: expect.stringContaining('already counted this hour') } });
      expect(await clicker.post(`/api/ads/${adId}/click`)).toMatchObject({
        status: 429,
        body: { message: expect.stringContaining('Too many ad clicks from your address.') },
      });
      const link = await fetch(`${game.server.url}/api/ads/${adId}/click`, {
        redirect: 'manual',
        headers: { 'x-forwarded-for': clicker.address },
      });
      expect(link.status).toBe(429);
      // Another address has its own budget.
      expect((await game.agent().post(`/api/ads/${adId}/click`)).status).toBe(200);
      const [{ clicks }] = await game.database.sql<{ clicks: number }[]>`select clicks from ads where id = ${adId}`;
      expect(clicks).toBe(2);
    });
  });
}
