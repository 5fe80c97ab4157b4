import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MailKind } from '../domain/mail/templates.ts';
import { createSandboxProvider } from '../domain/payments/sandbox-provider.ts';
import { confirmAdvertiserAddress, confirmTokenOf, paidCardAd } from '../testing/advertiser-address.ts';
import { testBackends } from '../testing/databases.ts';
import { startMailCatcher, type MailCatcher } from '../testing/mail-catcher.ts';
import { startTestServer, type TestServer } from '../testing/test-server.ts';
import { keepAdDeadlines, mailAdReports } from './ad-jobs.ts';

const DAY = 24 * 3_600_000;
const INVALID_LINK = 'This confirmation link is not valid';

/** Every kind of mail an ad sends its advertiser (templates.ts): a new one without a cause below does not compile. */
type AdMailKind = Extract<MailKind, `ad_${string}`>;

for (const backend of testBackends()) {
  describe(`[§11 mail, an advertiser's address] nothing but the receipt goes to an address before it is confirmed, on ${backend.name}`, () => {
    let game: TestServer;
    let catcher: MailCatcher;
    let wonderId: number;
    let now = new Date('2026-11-26T09:00:00Z');
    const clock = () => now;
    const provider = createSandboxProvider();
    const deps = () => ({ sql: game.database.sql, clock });

    beforeAll(async () => {
      catcher = await startMailCatcher();
      game = await startTestServer(backend, { clock, env: { SMTP_URL: catcher.url, MAIL_FROM: 'Wanakt World <game@wanakt.test>' } });
      [{ id: wonderId }] = await game.database.sql`select id from territories where type = 'wonder' order by id limit 1`;
    });
    afterAll(async () => {
      await game?.stop();
      await catcher?.stop();
    });

    /** A card-paid ad on the wonder, logged out, with the address typed at checkout. */
    const paidAd = async (email: string): Promise<number> =>
      (
        await paidCardAd(game, {
          title: 'Lantern festival',
          content: 'A night of lanterns by the wonder.',
          click_url: 'https://lanterns.example',
          territory_id: wonderId,
          advertiser_email: email,
          impressions_wanted: 1000,
          total_cost: 120,
        })
      ).adId;

    const kindsQueued = async (adId: number): Promise<string[]> =>
      (await game.database.sql<{ kind: string }[]>`select kind from mail_messages where ad_id = ${adId} order by id`).map(
        (row) => row.kind,
      );

    /** The Wanakt's review, in a session of its own: the clock moves past a session's 30 days. */
    const review = async (adIds: number[], verdict: 'approve' | 'reject') => {
      const wanakt = await game.wanakt();
      for (const adId of adIds) expect((await wanakt.post(`/api/ads/${adId}/${verdict}`)).status).toBe(200);
    };

    /** What makes the game queue each kind of ad mail, for these ads at once. */
    const CAUSES: Record<AdMailKind, (adIds: number[]) => Promise<void>> = {
      ad_receipt: async () => {},
      ad_report: async (adIds) => {
        await review(adIds, 'approve');
        now = new Date(now.getTime() + DAY);
        await mailAdReports(deps());
      },
      ad_final: async (adIds) => {
        await review(adIds, 'approve');
        now = new Date(now.getTime() + 30 * DAY);
        await keepAdDeadlines(deps(), provider);
      },
      ad_refund: (adIds) => review(adIds, 'reject'),
    };

    for (const kind of Object.keys(CAUSES) as AdMailKind[])
      it(`when the game has ${kind} to send, then it is queued to a confirmed address and to an unconfirmed one only if it is the receipt`, async () => {
        const never = await paidAd(`never-${kind}@strangers.example`);
        const sure = await paidAd(`sure-${kind}@advertisers.example`);
        expect((await confirmAdvertiserAddress(game, catcher, `sure-${kind}@advertisers.example`)).status).toBe(200);
        await CAUSES[kind]([never, sure]);
        expect(await kindsQueued(sure)).toContain(kind);
        expect(await kindsQueued(never)).toEqual(['ad_receipt']);
        // The receipt page still shows the news the unconfirmed address was not mailed.
        const [receipt] = await catcher.waitFor(`never-${kind}@strangers.example`);
        const statusToken = new URL(receipt.links.find((href) => href.includes('/advertise/receipt/'))!).pathname.split('/').pop()!;
        const page = await game.agent().get(`/api/ad-receipts/${statusToken}`);
        expect(page.body.address_confirmed).toBe(false);
        expect(page.body.status).toBe({ ad_receipt: 'in_review', ad_report: 'active', ad_final: 'completed', ad_refund: 'refunded' }[kind]);
      });

    it('when the receipt’s confirmation link is followed twice, logged out, then both answers name the address and it is confirmed once', async () => {
      const email = 'Twice@Lanterns.example';
      const adId = await paidAd(email);
      const [receipt] = await catcher.waitFor(email);
      expect(receipt.text).toContain('only mail sent to this address until you confirm it');
      const token = confirmTokenOf(receipt)!;
      const first = await game.agent().post('/api/ads/confirm-address', { token });
      expect(first).toMatchObject({ status: 200, body: { email } });
      const [confirmed] = await game.database
        .sql`select address, confirmed_at from advertiser_addresses where address = 'twice@lanterns.example'`;
      now = new Date(now.getTime() + 60_000);
      const again = await game.agent().post('/api/ads/confirm-address', { token });
      expect(again).toMatchObject({ status: 200, body: { email } });
      expect(
        await game.database.sql`select address, confirmed_at from advertiser_addresses where address = 'twice@lanterns.example'`,
      ).toEqual([confirmed]);
      await review([adId], 'approve');
      now = new Date(now.getTime() + DAY);
      await mailAdReports(deps());
      expect(await kindsQueued(adId)).toEqual(['ad_receipt', 'ad_report']);
    });

    it('when a forged, malformed or borrowed token is sent, then it is refused with a clear message and nothing is confirmed', async () => {
      const email = 'forged@strangers.example';
      const adId = await paidAd(email);
      const [receipt] = await catcher.waitFor(email);
      const statusLink = new URL(receipt.links.find((href) => href.includes('/advertise/receipt/'))!);
      const statusToken = statusLink.pathname.split('/').pop()!;
      const confirmToken = confirmTokenOf(receipt)!;
      const visitor = game.agent();
      for (const [token, status] of [
        ['A'.repeat(43), 404],
        [confirmToken.replace(/.$/, (last) => (last === 'A' ? 'B' : 'A')), 404],
        // Each link does one thing: the status link's token confirms nothing, and the confirmation's opens no receipt.
        [statusToken, 404],
        ['not-a-token', 400],
      ] as const) {
        const refused = await visitor.post('/api/ads/confirm-address', { token });
        expect({ token, status: refused.status, message: refused.body.message }).toEqual({
          token,
          status,
          message: expect.stringContaining(INVALID_LINK),
        });
      }
      expect((await visitor.get(`/api/ad-receipts/${confirmToken}`)).status).toBe(404);
      expect(await game.database.sql`select * from advertiser_addresses where address = ${email}`).toEqual([]);
      expect((await visitor.get(`/api/ad-receipts/${statusToken}`)).body.address_confirmed).toBe(false);
      await CAUSES.ad_refund([adId]);
      expect(await kindsQueued(adId)).toEqual(['ad_receipt']);
    });

    it('when an address was confirmed once, then a later ad bought with it is mailed from the start, and its receipt asks for no confirmation', async () => {
      const first = await paidAd('shop@repeat.example');
      expect((await confirmAdvertiserAddress(game, catcher, 'shop@repeat.example')).status).toBe(200);
      const later = await paidAd('SHOP@repeat.example');
      const [, receipt] = await catcher.waitFor('shop@repeat.example', 2);
      expect(confirmTokenOf(receipt)).toBeNull();
      expect(receipt.text).not.toContain('until you confirm it');
      const [row] = await game.database.sql`select address_token_hash from ads where id = ${later}`;
      expect(row.address_token_hash).toBeNull();
      await CAUSES.ad_refund([first, later]);
      expect(await kindsQueued(later)).toEqual(['ad_receipt', 'ad_refund']);
    });
  });
}
