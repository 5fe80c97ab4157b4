import { describe, expect, it } from 'vitest';
import { renderMail, type MailData, type MailKind } from './templates.ts';

const links = { origin: 'https://play.example', unsubscribeUrl: 'https://play.example/api/mail/unsubscribe/u.p.digest.x' };

const SAMPLES: { [K in MailKind]: MailData[K] } = {
  ad_receipt: {
    title: 'Balloons <b>&</b> more',
    territory: 'Lyon',
    impressions: 12_000,
    amountCents: 96_000,
    token: 'T'.repeat(43),
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
  notice: { text: 'bob bought Crail from you for 1,300 DRK', link: '/revenue' },
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
    expect(mail.text).toContain('Ad: Balloons <b>&</b> more');
    expect(mail.text).toContain('Amount paid: $960.00');
    expect(mail.text).toContain(`https://play.example/advertise/receipt/${'T'.repeat(43)}`);
  });
});
