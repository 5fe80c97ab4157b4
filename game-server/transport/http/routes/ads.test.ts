import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WANAKT_USER_ID } from '../../../../schema/constants.ts';
import { regionOf } from '../../../../schema/rules/region.ts';
import { receiptTokenHash } from '../../../domain/ads/receipts.ts';
import { checkInvariants } from '../../../domain/economy/supply.ts';
import type { TestAgent } from '../../../testing/agent.ts';
import { testBackends } from '../../../testing/databases.ts';
import { balanceOf } from '../../../testing/players.ts';
import { startTestServer, type TestServer } from '../../../testing/test-server.ts';

const DEMO = 'sample-user';

for (const backend of testBackends()) {
  describe(`ads bought by card and banners bought with DRK, on ${backend.name}`, () => {
    let game: TestServer;
    let demo: TestAgent;
    let wanakt: TestAgent;
    let wonder: { id: number; name: string; latitude: number; longitude: number };
    let common: { id: number };
    beforeAll(async () => {
      game = await startTestServer(backend);
      [demo, wanakt] = await Promise.all([game.demo(), game.wanakt()]);
      [wonder] = await game.database
        .sql`select id, name, latitude::float8, longitude::float8 from territories where type = 'wonder' order by id limit 1`;
      [common] = await game.database.sql`select id from territories where type = 'common' order by id limit 1`;
    });
    afterAll(() => game?.stop());

    const order = () => ({
      title: 'Sunrise balloon rides',
      content: 'Float above the wonder at dawn.',
      click_url: 'https://balloons.example/book',
      territory_id: wonder.id,
      advertiser_name: 'Skyward',
      advertiser_email: 'ads@skyward.example',
      impressions_wanted: 1000,
      total_cost: 120,
    });
    const adCount = async () => (await game.database.sql`select count(*)::int as n from ads`)[0].n;
    const adStatus = async (id: number) => (await game.database.sql`select status from ads where id = ${id}`)[0].status;

    /** Buys an ad with no account and pays with the sandbox's test card. */
    async function paidAd(overrides: Record<string, unknown> = {}): Promise<number> {
      const purchase = await game.agent().post('/api/ads/purchase', { ...order(), ...overrides });
      expect(purchase.status).toBe(201);
      const confirmed = await game.agent().post('/api/payments/sandbox/confirm', { ...purchase.body, outcome: 'succeed' });
      expect(confirmed.body.status).toBe('succeeded');
      return purchase.body.adId;
    }

    it('[§6 advertisers] when a visitor without an account buys impressions, then the server prices them, opens a payment, and the ad waits for it', async () => {
      const purchase = await game.agent().post('/api/ads/purchase', order());
      expect(purchase.status).toBe(201);
      expect(purchase.body).toMatchObject({
        provider: 'sandbox',
        amountCents: 12000,
        total_cost: 120,
        adId: expect.any(Number),
        clientSecret: expect.any(String),
      });
      const [ad] = await game.database.sql`
        select status, total_cost_cents, payment_id, advertiser_email, click_url from ads where id = ${purchase.body.adId}`;
      expect(ad).toEqual({
        status: 'pending_payment',
        total_cost_cents: 12000,
        payment_id: purchase.body.paymentIntentId,
        advertiser_email: 'ads@skyward.example',
        click_url: 'https://balloons.example/book',
      });
      expect((await game.agent().get('/api/ads/active')).body).toEqual([]);
      expect((await wanakt.get('/api/ads/review')).body).toEqual([]);
    });

    it('[§5 advertise] when the email, target, impressions, link or total are wrong, then 400 with a clear message and no ad is created', async () => {
      const before = await adCount();
      const cases = [
        [{ advertiser_email: 'not-an-email' }, 'Please enter a valid email address'],
        [{ advertiser_email: '   ' }, 'Please enter a valid email address'],
        [{ advertiser_email: undefined }, 'Please enter a valid email address'],
        [{ title: '  ' }, 'Please enter an ad title'],
        [{ content: 'x'.repeat(1001) }, 'At most 1000 characters'],
        [{ territory_id: common.id, total_cost: 30 }, 'Ads can only target major cities, sub-territories or wonders'],
        [{ territory_id: 'one' }, 'Territory id must be a whole number'],
        [{ impressions_wanted: 99, total_cost: 12 }, 'Impressions must be a whole number from 100 to 50,000'],
        [{ impressions_wanted: 50_001 }, 'Impressions must be a whole number from 100 to 50,000'],
        [{ impressions_wanted: 1000.5 }, 'Impressions must be a whole number from 100 to 50,000'],
        [{ click_url: 'javascript:alert(1)' }, 'The website URL must start with http:// or https://'],
        [{ click_url: 'ftp://files.example' }, 'The website URL must start with http:// or https://'],
        [{ total_cost: 50 }, `The total for 1000 impressions on ${wonder.name} is $120, not $50`],
        [{ total_cost: 119.99 }, `The total for 1000 impressions on ${wonder.name} is $120, not $119.99`],
        [{ total_cost: '120' }, 'total_cost must be a number of dollars'],
      ] as const;
      for (const [overrides, message] of cases) {
        const response = await game.agent().post('/api/ads/purchase', { ...order(), ...overrides });
        expect({ overrides, ...response }).toMatchObject({ status: 400, body: { message } });
      }
      expect((await game.agent().post('/api/ads/purchase', { ...order(), territory_id: 999_999 })).status).toBe(404);
      expect(await adCount()).toBe(before);
    });

    it('[§9 advertising] when the client total matches the rate card rounded up, then it is accepted, with no link or name needed', async () => {
      const [sub] = await game.database.sql`select id from territories where type = 'sub' order by id limit 1`;
      const response = await game.agent().post('/api/ads/purchase', {
        ...order(),
        territory_id: sub.id,
        impressions_wanted: 1234,
        total_cost: 62,
        click_url: '',
        advertiser_name: undefined,
      });
      expect(response).toMatchObject({ status: 201, body: { amountCents: 6200, total_cost: 62 } });
      const [ad] = await game.database.sql`select click_url, advertiser_name from ads where id = ${response.body.adId}`;
      expect(ad).toEqual({ click_url: null, advertiser_name: null });
    });

    it('when the ad is paid, then it enters review; only the Wanakt sees and approves it, and it becomes active', async () => {
      const id = await paidAd();
      expect(await adStatus(id)).toBe('in_review');
      expect((await game.agent().get('/api/ads/review')).status).toBe(401);
      expect((await demo.get('/api/ads/review')).status).toBe(403);
      expect((await demo.post(`/api/ads/${id}/approve`)).status).toBe(403);
      const queue = await wanakt.get('/api/ads/review');
      expect(queue.body).toEqual([
        expect.objectContaining({
          id,
          status: 'in_review',
          advertiser_email: 'ads@skyward.example',
          territory_name: wonder.name,
          total_cost: 120,
          revenue: 120,
        }),
      ]);

      const approved = await wanakt.post(`/api/ads/${id}/approve`);
      expect(approved).toMatchObject({ status: 200, body: { id, status: 'active' } });
      expect((await wanakt.post(`/api/ads/${id}/approve`)).body).toEqual({
        message: 'This ad is already active; only an ad in review can be approved',
      });
      expect((await game.agent().get('/api/ads/active')).body).toEqual([
        {
          id,
          title: 'Sunrise balloon rides',
          content: 'Float above the wonder at dawn.',
          click_url: 'https://balloons.example/book',
          territory_id: wonder.id,
          region: regionOf(wonder.latitude, wonder.longitude),
          impressions: 0,
          impressions_wanted: 1000,
          clicks: 0,
          revenue: 120,
          status: 'active',
        },
      ]);
    });

    it('when a running ad is clicked, then the click is counted and the browser is sent to its link; unknown, malformed or linkless ads are not', async () => {
      const [active] = (await game.agent().get('/api/ads/active')).body;
      const response = await fetch(`${game.server.url}/api/ads/${active.id}/click`, { redirect: 'manual' });
      expect(response.status).toBe(302);
      expect(response.headers.get('location')).toBe('https://balloons.example/book');
      // Another address: one address's clicks count once per ad an hour.
      await fetch(`${game.server.url}/api/ads/${active.id}/click`, {
        redirect: 'manual',
        headers: { 'x-forwarded-for': game.agent().address },
      });
      expect((await game.agent().get('/api/ads/active')).body[0].clicks).toBe(2);
      // A repeat from the same address within the hour still leads there, counting nothing.
      const repeat = await fetch(`${game.server.url}/api/ads/${active.id}/click`, { redirect: 'manual' });
      expect([repeat.status, repeat.headers.get('location')]).toEqual([302, 'https://balloons.example/book']);
      expect((await game.agent().get('/api/ads/active')).body[0].clicks).toBe(2);
      // The ad.click command's own call: the same counter, so a second click from one address is refused.
      const program = game.agent();
      expect(await program.post(`/api/ads/${active.id}/click`)).toMatchObject({
        status: 200,
        body: { url: 'https://balloons.example/book' },
      });
      expect(await program.post(`/api/ads/${active.id}/click`)).toMatchObject({
        status: 429,
        body: { message: expect.stringContaining('Your click on this ad was already counted this hour.') },
      });
      expect((await game.agent().get('/api/ads/active')).body[0].clicks).toBe(3);
      expect((await game.agent().post('/api/ads/999999/click')).status).toBe(404);
      expect((await game.agent().get('/api/ads/999999/click')).status).toBe(404);
      expect((await game.agent().get('/api/ads/abc/click')).status).toBe(400);
      const linkless = await paidAd({ click_url: null });
      await wanakt.post(`/api/ads/${linkless}/approve`);
      expect((await game.agent().get(`/api/ads/${linkless}/click`)).status).toBe(404);
      await expect(game.database.sql`update ads set click_url = 'javascript:alert(1)' where id = ${linkless}`).rejects.toThrow(
        /ads_click_url_is_web/,
      );
    });

    it('[§4 advertise flow] when an advertiser pays, then the receipt link alone shows the status, impressions and clicks; any other token is 404', async () => {
      const purchase = await game.agent().post('/api/ads/purchase', order());
      const { receipt_path: path, region } = purchase.body;
      expect(region).toBe(regionOf(wonder.latitude, wonder.longitude));
      const token = path.slice('/advertise/receipt/'.length);
      // 32 random bytes in base64url: 256 bits, and a new one for every purchase.
      expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect(Buffer.from(token, 'base64url')).toHaveLength(32);
      const receipt = () => game.agent().get(`/api/ad-receipts/${token}`);
      expect((await receipt()).body).toMatchObject({
        status: 'pending_payment',
        impressions: 0,
        impressions_wanted: 1000,
        clicks: 0,
        total_cost: 120,
        territory_name: wonder.name,
        region,
      });
      expect((await receipt()).headers.get('cache-control')).toBe('no-store');
      // Only the token's hash is stored.
      const [stored] = await game.database.sql`select encode(receipt_token_hash, 'hex') as hash from ads where id = ${purchase.body.adId}`;
      expect(stored.hash).toHaveLength(64);
      expect(stored.hash).not.toContain(Buffer.from(token).toString('hex'));

      await game.agent().post('/api/payments/sandbox/confirm', { ...purchase.body, outcome: 'succeed' });
      expect((await receipt()).body.status).toBe('in_review');
      await wanakt.post(`/api/ads/${purchase.body.adId}/approve`);
      await fetch(`${game.server.url}/api/ads/${purchase.body.adId}/click`, {
        redirect: 'manual',
        headers: { 'x-forwarded-for': game.agent().address },
      });
      expect((await receipt()).body).toMatchObject({ status: 'active', clicks: 1 });

      const other = (await game.agent().post('/api/ads/purchase', order())).body.receipt_path;
      expect(other).not.toBe(path);
      const flipped = `${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}`;
      for (const wrong of [flipped, 'abc', `${token}x`, token.toLowerCase() === token ? 'x' : token.toLowerCase()]) {
        expect(await game.agent().get(`/api/ad-receipts/${wrong}`)).toMatchObject({ status: 404, body: { message: 'Unknown receipt' } });
      }
    });

    it('when the Wanakt rejects a paid ad, then it is refunded through the provider and ends refunded; an ad not in review cannot be rejected', async () => {
      const id = await paidAd();
      const rejected = await wanakt.post(`/api/ads/${id}/reject`);
      expect(rejected).toMatchObject({ status: 200, body: { id, status: 'refunded' } });
      const [payment] = await game.database
        .sql`select p.status, p.refund_id from payments p join ads a on a.payment_id = p.id where a.id = ${id}`;
      expect(payment).toEqual({ status: 'refunded', refund_id: expect.stringMatching(/^sandbox_re_/) });
      expect((await wanakt.post(`/api/ads/${id}/reject`)).body).toEqual({
        message: 'This ad is already rejected and refunded; only an ad in review can be rejected',
      });
      const unpaid = (await game.agent().post('/api/ads/purchase', order())).body.adId;
      expect((await wanakt.post(`/api/ads/${unpaid}/reject`)).status).toBe(409);
      expect((await wanakt.post('/api/ads/424242/reject')).status).toBe(404);
      expect((await wanakt.post('/api/ads/0/approve')).status).toBe(400);
    });

    it('when an ad was bought with no address, then its receipt has no address to confirm (null), not one confirmed', async () => {
      const token = 'receipt-of-an-ad-with-no-address-0123456789';
      await game.database.sql`
        insert into ads (title, content, impressions_wanted, total_cost_cents, status, receipt_token_hash)
        values ('No address', 'An ad with no address.', 1000, 8000, 'in_review', ${receiptTokenHash(token)})`;
      expect((await game.agent().get(`/api/ad-receipts/${token}`)).body.address_confirmed).toBeNull();
    });

    it('[§5 banner form] when a player buys a banner, then 5 DRK per 1,000 impressions (rounded up) go to the treasury in one transaction and the banner enters review', async () => {
      expect(await game.agent().post('/api/ads/banner', {})).toMatchObject({
        status: 401,
        body: { message: 'Please log in to create a banner' },
      });
      const before = { demo: await balanceOf(game.database.sql, DEMO), treasury: await balanceOf(game.database.sql, WANAKT_USER_ID) };
      const response = await demo.post('/api/ads/banner', {
        title: 'My palace tours',
        content: 'Visit the finest palace in the realm.',
        click_url: 'https://palace.example',
        target_impressions: 1500,
      });
      expect(response.status).toBe(201);
      expect(response.body).toMatchObject({
        status: 'in_review',
        cost_drk: 8,
        impressions_wanted: 1500,
        impressions: 0,
        clicks: 0,
        revenue: 8,
      });
      expect(await balanceOf(game.database.sql, DEMO)).toBe(before.demo - 8);
      expect(await balanceOf(game.database.sql, WANAKT_USER_ID)).toBe(before.treasury + 8);
      const [ledger] = await game.database
        .sql`select reason, amount::int, from_user_id, to_user_id from ledger where reference = ${`ad-${response.body.id}`}`;
      expect(ledger).toEqual({ reason: 'banner', amount: 8, from_user_id: DEMO, to_user_id: WANAKT_USER_ID });
      expect((await demo.get('/api/ads/mine')).body).toEqual([response.body]);
      expect((await wanakt.get('/api/ads/review')).body.map((ad: { id: number }) => ad.id)).toContain(response.body.id);
      expect((await checkInvariants(game.database.sql)).problems).toEqual([]);
    });

    it('[§5 banner form] when the banner form is invalid or the balance is short, then nothing is paid and no banner is created', async () => {
      const before = { ads: await adCount(), demo: await balanceOf(game.database.sql, DEMO) };
      const valid = { title: 'Ok', content: 'Fine', click_url: 'https://ok.example', target_impressions: 1000 };
      const cases = [
        [{ click_url: '' }, 'Please enter the URL the banner links to'],
        [{ click_url: 'data:text/html,hi' }, 'The website URL must start with http:// or https://'],
        [{ target_impressions: 99 }, 'Target impressions must be a whole number from 100 to 100,000'],
        [{ target_impressions: 100_001 }, 'Target impressions must be a whole number from 100 to 100,000'],
        [{ title: '' }, 'Please enter a banner title'],
        [{ content: undefined }, 'Please enter the banner content'],
      ] as const;
      for (const [overrides, message] of cases) {
        expect(await demo.post('/api/ads/banner', { ...valid, ...overrides })).toMatchObject({ status: 400, body: { message } });
      }
      const player = game.agent();
      await player.post('/api/users/register', { username: 'Thrifty', password: 'saving-money-1' });
      expect(await player.post('/api/ads/banner', { ...valid, target_impressions: 100_000 })).toMatchObject({
        status: 409,
        body: { message: 'You need 500 DRK but only have 100 DRK' },
      });
      expect(await adCount()).toBe(before.ads);
      expect(await balanceOf(game.database.sql, DEMO)).toBe(before.demo);
    });

    it('when the Wanakt rejects a banner, then its DRK goes back from the treasury and the analytics show it refunded', async () => {
      const before = await balanceOf(game.database.sql, DEMO);
      const banner = (
        await demo.post('/api/ads/banner', {
          title: 'Oops',
          content: 'Rejected soon',
          click_url: 'https://oops.example',
          target_impressions: 100_000,
        })
      ).body;
      expect(await balanceOf(game.database.sql, DEMO)).toBe(before - 500);
      expect((await wanakt.post(`/api/ads/${banner.id}/reject`)).body.status).toBe('refunded');
      expect(await balanceOf(game.database.sql, DEMO)).toBe(before);
      const [refund] = await game.database
        .sql`select reason, amount::int from ledger where reference = ${`ad-${banner.id}`} and reason = 'refund'`;
      expect(refund).toEqual({ reason: 'refund', amount: 500 });
      expect((await demo.get('/api/ads/mine')).body[0]).toMatchObject({ id: banner.id, status: 'refunded', cost_drk: 500 });
      expect((await game.agent().get('/api/ads/mine')).status).toBe(401);
      expect((await checkInvariants(game.database.sql)).problems).toEqual([]);
    });
  });
}
