import { describe, expect, it } from 'vitest';
import { oneSafeLine, renderMail, type MailData, type MailKind } from './templates.ts';

const links = { origin: 'https://play.example', unsubscribeUrl: 'https://play.example/api/mail/unsubscribe/u.p.digest.x' };

const SAMPLES: { [K in MailKind]: MailData[K] } = {
  ad_receipt: {
    title: 'Balloons <b>&</b> more',
    territory: 'Lyon',
    impressions: 12_000,
    amountCents: 96_000,
    token: 'T'.repeat(43),
    confirmToken: 'C'.repeat(43),
    maxDays: 30,
  },
  ad_report: {
    title: 'Balloons',
    territory: 'Lyon',
    delivered: 1234,
    wanted: 12_000,
    clicks: 5,
    day: '2026-11-27',
    endsBy: '2026-12-26T08:00:00.000Z',
  },
  ad_final: { title: 'Balloons', territory: null, delivered: 400, wanted: 1000, clicks: 2, why: 'expired', refund: { cents: 7200 } },
  ad_refund: { title: 'Balloons', territory: 'Lyon', refund: { drk: 100 }, why: 'unreviewed', hours: 24 },
  verify_email: { username: 'ana', token: 'V'.repeat(43) },
  address_in_use: {},
  notice: { text: 'bob bought Crail from you for 1,300 DRK', link: '/revenue' },
  payment_receipt: { what: '1,000 DRK added to your balance', amountCents: 1600, paymentId: 'pay_123', paidAt: '2026-11-27T08:00:00.000Z' },
  digest: {
    username: 'ana',
    since: '2026-11-20T08:00:00.000Z',
    until: '2026-11-27T08:00:00.000Z',
    lines: [{ text: 'Rent received: 111 DRK (1 payment)', link: '/rent' }],
    net: 111,
    rank: { then: 12, now: 9 },
  },
};

describe('[§11 mail] every template', () => {
  for (const kind of Object.keys(SAMPLES) as MailKind[])
    it(`renders ${kind} as valid MJML with a plain-text part, the game's name and a link back`, async () => {
      const mail = await renderMail(kind, SAMPLES[kind] as never, links, kind === 'digest' ? 'digest' : null);
      expect(mail.subject.length).toBeGreaterThan(0);
      expect(mail.html).toContain('<html');
      expect(mail.html).toContain('href="https://play.example/"');
      expect(mail.text.startsWith('Wanakt World\n')).toBe(true);
      expect(mail.text).toContain('https://play.example/');
      expect(mail.html.includes(links.unsubscribeUrl)).toBe(kind === 'digest');
      expect(mail.text.includes(links.unsubscribeUrl)).toBe(kind === 'digest');
    });

  it('escapes what players and advertisers wrote', async () => {
    const mail = await renderMail('ad_receipt', SAMPLES.ad_receipt, links, null);
    expect(mail.html).toContain('Balloons &lt;b&gt;&amp;&lt;/b&gt; more');
    expect(mail.html).not.toContain('<b>&</b>');
    expect(mail.text).toContain('Ad: “Balloons <b>&</b> more”');
    expect(mail.text).toContain('Amount paid: $960.00');
    expect(mail.text).toContain(`https://play.example/advertise/receipt/${'T'.repeat(43)}?confirm_token=${'C'.repeat(43)}`);
  });

  it('offers an address not yet confirmed the link that confirms it, and says nothing else is sent until then (§11 an advertiser’s address)', async () => {
    const unconfirmed = await renderMail('ad_receipt', SAMPLES.ad_receipt, links, null);
    const confirmed = await renderMail('ad_receipt', { ...SAMPLES.ad_receipt, confirmToken: undefined }, links, null);
    expect(unconfirmed.text).toContain('only mail sent to this address until you confirm it');
    expect(unconfirmed.html).toContain(`?confirm_token=${'C'.repeat(43)}`);
    expect(confirmed.text).not.toContain('until you confirm it');
    expect(confirmed.text).not.toContain('?confirm_token=');
    expect(confirmed.text).toContain(`https://play.example/advertise/receipt/${'T'.repeat(43)}\n`);
  });

  it('shows what players and advertisers wrote as one quoted line with no live link, in both parts', async () => {
    const title = 'Win big\r\nVisit https://evil.example/login now\u202e\u0007 or www.evil.example';
    const receipt = await renderMail('ad_receipt', { ...SAMPLES.ad_receipt, title }, links, null);
    const refund = await renderMail('ad_refund', { ...SAMPLES.ad_refund, title }, links, null);
    const confirm = await renderMail('verify_email', { username: 'evil.example/reset\nPassword', token: 'V'.repeat(43) }, links, null);
    const safe = '“Win big Visit https[:]//evil[.]example/login now or www[.]evil[.]example”';
    for (const mail of [receipt, refund]) {
      expect(mail.subject).toContain(safe);
      expect(mail.text).toContain(safe);
      expect(mail.html).toContain(safe);
      for (const part of [mail.subject, mail.text, mail.html]) {
        expect(part).not.toContain('evil.example');
        expect(part).not.toMatch(/[\u202e\u0007]/);
      }
    }
    expect(receipt.text.split('\n').filter((line) => line.includes('Win big'))).toEqual([`Ad: ${safe}`]);
    expect(confirm.text).toContain('the Wanakt World account named “evil[.]example/reset Password”');
    expect(confirm.html).not.toContain('evil.example');
    // The game's own links and figures are left as they are.
    expect(receipt.text).toContain(`https://play.example/advertise/receipt/${'T'.repeat(43)}`);
    expect(oneSafeLine('Refund of $4.99 to St. Louis')).toBe('Refund of $4.99 to St. Louis');
  });
});
