import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WANAKT_USER_ID } from '../../schema/constants.ts';
import { checkInvariants } from '../domain/economy/supply.ts';
import { createSandboxProvider } from '../domain/payments/sandbox-provider.ts';
import { createStripeProvider } from '../domain/payments/stripe-provider.ts';
import type { TestAgent } from '../testing/agent.ts';
import { testBackends } from '../testing/databases.ts';
import { confirmAdvertiserAddress, paidCardAd } from '../testing/advertiser-address.ts';
import { startMailCatcher, type MailCatcher } from '../testing/mail-catcher.ts';
import { FAKE_PUBLISHABLE_KEY, FAKE_SECRET_KEY, FAKE_WEBHOOK_SECRET } from '../testing/payments/fake-stripe.ts';
import { startStripeGame } from '../testing/payments/stripe-game.ts';
import { balanceOf, signedInPlayer } from '../testing/players.ts';
import { startTestServer, type TestServer } from '../testing/test-server.ts';
import { keepAdDeadlines, mailAdReports } from './ad-jobs.ts';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

for (const backend of testBackends()) {
  describe(`[§4 advertise flow] the advertiser's promises, kept by mail and the clock, on ${backend.name}`, () => {
    let game: TestServer;
    let catcher: MailCatcher;
    let wanakt: TestAgent;
    let wonder: { id: number; name: string };
    let now = new Date('2026-11-26T09:00:00Z');
    const clock = () => now;
    const provider = createSandboxProvider();
    const deps = () => ({ sql: game.database.sql, clock });
    let advertisers = 0;

    beforeAll(async () => {
      catcher = await startMailCatcher();
      game = await startTestServer(backend, { clock, env: { SMTP_URL: catcher.url, MAIL_FROM: 'Wanakt World <game@wanakt.test>' } });
      wanakt = await game.wanakt();
      [wonder] = await game.database.sql`select id, name from territories where type = 'wonder' order by id limit 1`;
    });
    afterAll(async () => {
      await game?.stop();
      await catcher?.stop();
    });

    /**
     * An advertiser with an address of its own pays by card for 1,000 impressions on the wonder ($120)
     * and confirms its address by the receipt's link, so the mail after the receipt goes to it (docs/rules.md §11 "Mail").
     */
    async function paidAd(): Promise<{ adId: number; email: string; paymentId: string }> {
      const email = `ads-${++advertisers}@skyward.example`;
      const { adId, paymentId } = await paidCardAd(game, {
        title: 'Sunrise balloon rides',
        content: 'Float above the wonder at dawn.',
        click_url: 'https://balloons.example/book',
        territory_id: wonder.id,
        advertiser_name: 'Skyward',
        advertiser_email: email,
        impressions_wanted: 1000,
        total_cost: 120,
      });
      expect((await confirmAdvertiserAddress(game, catcher, email)).status).toBe(200);
      return { adId, email, paymentId };
    }

    it('when the payment succeeds, then the receipt arrives with the title, territory, impressions and amount, and its link shows the live figures without a login', async () => {
      const { adId, email } = await paidAd();
      const [receipt] = await catcher.waitFor(email);
      expect(receipt.subject).toBe('Receipt: your ad “Sunrise balloon rides”');
      for (const figure of ['Sunrise balloon rides', wonder.name, '1,000', '$120.00', '24 hours', '30 days'])
        expect({ figure, text: receipt.text.includes(figure), html: receipt.html.includes(figure) }).toEqual({
          figure,
          text: true,
          html: true,
        });
      expect(receipt.text).toContain('Wanakt World');
      // Transactional: no unsubscribe header.
      expect(receipt.headers.has('list-unsubscribe')).toBe(false);
      const statusLink = receipt.links.find((link) => link.includes('/advertise/receipt/'))!;
      expect(statusLink.startsWith(game.server.url)).toBe(true);
      expect(receipt.text).toContain(statusLink);
      const token = statusLink.split('/advertise/receipt/')[1];
      await wanakt.post(`/api/ads/${adId}/approve`);
      await game.database.sql`update ads set impressions_delivered = 321, clicks = 7 where id = ${adId}`;
      const page = await game.agent().get(`/api/ad-receipts/${token}`);
      expect(page).toMatchObject({
        status: 200,
        body: {
          title: 'Sunrise balloon rides',
          territory_name: wonder.name,
          status: 'active',
          impressions: 321,
          clicks: 7,
          total_cost: 120,
        },
      });
      // Once sent, the queue keeps no working link.
      const [row] = await game.database.sql`select status, data from mail_messages where ad_id = ${adId} and kind = 'ad_receipt'`;
      expect(row.status).toBe('sent');
      expect(row.data.token).toBeUndefined();
      expect(row.data.confirmToken).toBeUndefined();
    });

    it('when the clock reaches the report hour, then each running ad’s daily report arrives once, and one POST to its link stops the next ones', async () => {
      const { adId, email } = await paidAd();
      await catcher.waitFor(email);
      await wanakt.post(`/api/ads/${adId}/approve`);
      await game.database.sql`update ads set impressions_delivered = 250, clicks = 3 where id = ${adId}`;
      now = new Date(now.getTime() + DAY);
      await mailAdReports(deps());
      expect(await mailAdReports(deps())).toBe(0);
      const [, report] = await catcher.waitFor(email, 2);
      expect(report.subject).toBe('Your ad “Sunrise balloon rides”: 250 of 1,000 impressions');
      expect(report.text).toContain('Clicks: 3');
      const unsubscribe = String(report.headers.get('list-unsubscribe')).replace(/^<|>$/g, '');
      expect(unsubscribe).toMatch(new RegExp(`^${game.server.url}/api/mail/unsubscribe/a\\.${adId}\\.ad_report\\.`));
      expect(report.headers.get('list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click');
      expect(report.text).toContain(unsubscribe);
      // RFC 8058: the mail client's POST, no session, a form body.
      const stopped = await fetch(unsubscribe, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: 'List-Unsubscribe=One-Click',
      });
      expect(stopped.status).toBe(200);
      expect(await stopped.json()).toMatchObject({ kind: 'ad_report', stopped: true });
      now = new Date(now.getTime() + DAY);
      await mailAdReports(deps());
      const [after] = await game.database.sql`select count(*)::int as n from mail_messages where ad_id = ${adId} and kind = 'ad_report'`;
      expect(after.n).toBe(1);
      // A forged signature is refused, and changes nothing.
      const forged = unsubscribe.replace(/\.[A-Za-z0-9_-]{22}$/, '.AAAAAAAAAAAAAAAAAAAAAA');
      expect((await fetch(forged, { method: 'POST' })).status).toBe(404);
    });

    it('when an ad is not reviewed within 24 hours of its payment, then it is refunded in full, the payment says so, and the refund mail arrives', async () => {
      const { adId, email, paymentId } = await paidAd();
      await catcher.waitFor(email);
      now = new Date(now.getTime() + 23 * HOUR);
      await keepAdDeadlines(deps(), provider);
      expect((await game.database.sql`select status from ads where id = ${adId}`)[0].status).toBe('in_review');
      now = new Date(now.getTime() + HOUR);
      await keepAdDeadlines(deps(), provider);
      const [ad] = await game.database.sql`select status, refund_reason, refund_cents from ads where id = ${adId}`;
      expect(ad).toEqual({ status: 'refunded', refund_reason: 'unreviewed', refund_cents: 12000 });
      const [payment] = await game.database.sql`select status, refunded_cents, refund_id from payments where id = ${paymentId}`;
      expect(payment).toMatchObject({ status: 'refunded', refunded_cents: 12000, refund_id: expect.stringMatching(/^sandbox_re_/) });
      const [, refund] = await catcher.waitFor(email, 2);
      expect(refund.subject).toBe('Refunded: your ad “Sunrise balloon rides”');
      expect(refund.text).toContain('not reviewed within 24 hours');
      expect(refund.text).toContain('$120.00');
      expect(refund.headers.has('list-unsubscribe')).toBe(false);
      // A second run refunds nothing more.
      expect((await keepAdDeadlines(deps(), provider)).refunded).not.toContain(adId);
      expect(await catcher.waitFor(email, 2)).toHaveLength(2);
    });

    it('when a card-paid ad ends its 30 days short of its impressions, then the undelivered share is refunded, and payment, refund and final report agree', async () => {
      const { adId, email, paymentId } = await paidAd();
      await catcher.waitFor(email);
      await wanakt.post(`/api/ads/${adId}/approve`);
      await game.database.sql`update ads set impressions_delivered = 401, clicks = 9 where id = ${adId}`;
      now = new Date(now.getTime() + 30 * DAY - 60_000);
      await keepAdDeadlines(deps(), provider);
      expect((await game.database.sql`select status from ads where id = ${adId}`)[0].status).toBe('active');
      now = new Date(now.getTime() + 60_000);
      await keepAdDeadlines(deps(), provider);
      // 12,000 cents × 599 ÷ 1,000 = 7,188 cents.
      const [ad] = await game.database.sql`select status, end_reason, refund_reason, refund_cents, refunded_at from ads where id = ${adId}`;
      expect(ad).toMatchObject({ status: 'completed', end_reason: 'expired', refund_reason: 'undelivered', refund_cents: 7188 });
      expect(ad.refunded_at).not.toBeNull();
      const [payment] = await game.database.sql`select status, refunded_cents, refund_id from payments where id = ${paymentId}`;
      expect(payment).toMatchObject({ status: 'succeeded', refunded_cents: 7188, refund_id: expect.stringMatching(/^sandbox_re_/) });
      const final = (await catcher.waitFor(email, 2)).find((mail) => mail.subject.startsWith('Final report'))!;
      expect(final.text).toContain('401 of 1,000');
      expect(final.text).toContain('Refunded: $71.88');
      expect(final.text).toContain('599 impressions were not delivered');
      expect((await keepAdDeadlines(deps(), provider)).ended).not.toContain(adId);
    });

    it('when a DRK banner ends its 30 days short, then the treasury pays back the undelivered share on the ledger, its player is mailed, and the books balance', async () => {
      const player = await signedInPlayer(game, { balance: 500, now });
      const email = 'banner-buyer@players.example';
      await game.database.sql`update users set email = ${email}, email_verified_at = ${now} where id = ${player.id}`;
      const bought = await player.agent.post('/api/ads/banner', {
        title: 'Trade with the north',
        content: 'Furs and amber, fair prices.',
        click_url: 'https://north.example',
        target_impressions: 20_000,
      });
      expect(bought.status).toBe(201);
      const adId = bought.body.id;
      expect(await balanceOf(game.database.sql, player.id)).toBe(400);
      // A new session: the clock has moved past the first one's 30 days.
      expect((await (await game.wanakt()).post(`/api/ads/${adId}/approve`)).status).toBe(200);
      await game.database.sql`update ads set impressions_delivered = 7001 where id = ${adId}`;
      const treasury = await balanceOf(game.database.sql, WANAKT_USER_ID);
      now = new Date(now.getTime() + 30 * DAY);
      await keepAdDeadlines(deps(), provider);
      // 100 DRK × 12,999 ÷ 20,000 = 64.995: 64 DRK.
      const ledger = await game.database.sql`
        select from_user_id, to_user_id, amount::int from ledger where reason = 'refund' and reference = ${`ad-${adId}`}`;
      expect(ledger).toEqual([{ from_user_id: WANAKT_USER_ID, to_user_id: player.id, amount: 64 }]);
      expect(await balanceOf(game.database.sql, player.id)).toBe(464);
      expect(await balanceOf(game.database.sql, WANAKT_USER_ID)).toBe(treasury - 64);
      const [ad] = await game.database.sql`select refund_drk::int, end_reason from ads where id = ${adId}`;
      expect(ad).toEqual({ refund_drk: 64, end_reason: 'expired' });
      const [final] = await catcher.waitFor(email);
      expect(final.text).toContain('Refunded: 64 DRK');
      expect(final.text).toContain('7,001 of 20,000');
      expect((await checkInvariants(game.database.sql)).ok).toBe(true);
    });
  });
}

describe('[§4 advertise flow] an ad ending short, paid through Stripe (a local fake of its API)', () => {
  it('when a card-paid ad ends its 30 days short, then Stripe refunds exactly the undelivered share, and the payment and the final report say the same', async () => {
    const catcher = await startMailCatcher();
    // The webhook's signature is checked against the game's clock: it starts at the real time.
    let now = new Date();
    const clock = () => now;
    const game = await startStripeGame(testBackends()[0], { clock, env: { SMTP_URL: catcher.url } });
    try {
      const [wonder] = await game.database.sql`select id from territories where type = 'wonder' order by id limit 1`;
      const purchase = await game.agent().post('/api/ads/purchase', {
        title: 'Harbour tours',
        content: 'See the wonder from the water.',
        click_url: 'https://tours.example',
        territory_id: wonder.id,
        advertiser_name: 'Tours',
        advertiser_email: 'stripe-ads@tours.example',
        impressions_wanted: 3000,
        total_cost: 360,
      });
      expect(purchase.status).toBe(201);
      const intent = purchase.body.paymentIntentId;
      game.stripe.succeed(intent);
      expect((await game.deliver(game.eventFor('payment_intent.succeeded', intent))).status).toBe(200);
      expect((await confirmAdvertiserAddress(game, catcher, 'stripe-ads@tours.example')).status).toBe(200);
      const adId = purchase.body.adId;
      expect((await (await game.wanakt()).post(`/api/ads/${adId}/approve`)).status).toBe(200);
      await game.database.sql`update ads set impressions_delivered = 1000 where id = ${adId}`;
      now = new Date(now.getTime() + 30 * DAY);
      const provider = createStripeProvider({
        secretKey: FAKE_SECRET_KEY,
        webhookSecret: FAKE_WEBHOOK_SECRET,
        publishableKey: FAKE_PUBLISHABLE_KEY,
        apiUrl: game.stripe.url,
      });
      await keepAdDeadlines({ sql: game.database.sql, clock }, provider);
      // 36,000 cents × 2,000 ÷ 3,000 = 24,000 cents.
      const refunds = game.stripe.refundsOf(intent);
      expect(refunds.map((refund) => refund.amount)).toEqual([24_000]);
      const [payment] = await game.database.sql`select status, refunded_cents, refund_id from payments where id = ${intent}`;
      expect(payment).toEqual({ status: 'succeeded', refunded_cents: 24_000, refund_id: refunds[0].id });
      const final = (await catcher.waitFor('stripe-ads@tours.example', 2)).find((mail) => mail.subject.startsWith('Final report'))!;
      expect(final.text).toContain('Refunded: $240.00');
      // A second run asks Stripe for nothing more.
      await keepAdDeadlines({ sql: game.database.sql, clock }, provider);
      expect(game.stripe.refundsOf(intent)).toHaveLength(1);
    } finally {
      await game.stop();
      await catcher.stop();
    }
  });
});
