// Saves two of the game's e-mails as their recipients see them, the weekly digest and the
// advertiser's receipt, under docs/screenshots/ (docs/operations.md "Mail" lists every kind).
// They are rendered by the same renderMail the mail job sends with, from figures like those of
// e2e/away.test.ts's player; the figures of a real digest are checked against the statement in
// game-server/jobs/digest-jobs.test.ts.
// Run: npm exec -- node e2e/mail-screenshots.ts
import { join } from 'node:path';
import { renderMail } from '../game-server/domain/mail/templates.ts';
import { launchBrowser } from './support/browser.ts';

const OUT = join(import.meta.dirname, '..', 'docs', 'screenshots');
const links = { origin: 'https://wanakt.example', unsubscribeUrl: 'https://wanakt.example/api/mail/unsubscribe/…' };

const digest = await renderMail(
  'digest',
  {
    username: 'aurelia',
    since: '2026-11-16T08:00:00.000Z',
    until: '2026-11-23T08:00:00.000Z',
    lines: [
      { text: 'Earnings credited: 420 DRK (3 territories)', link: '/revenue' },
      { text: 'Rent received: 150 DRK (2 payments)', link: '/rent' },
      { text: 'Rent paid: 90 DRK (1 payment)', link: '/rent' },
      { text: 'Land sold: Crail for 2,000 DRK', link: '/marketplace' },
      { text: 'Season 1: you completed "Trade land 3 times"', link: '/season' },
    ],
    net: 2480,
    rank: { then: 14, now: 6 },
  },
  links,
  'digest',
);
const receipt = await renderMail(
  'ad_receipt',
  { title: 'Balloons over Lyon', territory: 'Lyon', impressions: 10_000, amountCents: 3_000, token: 'T'.repeat(43), maxDays: 30 },
  links,
  null,
);

const browser = await launchBrowser();
for (const [name, mail] of [
  ['mail-digest', digest],
  ['mail-ad-receipt', receipt],
] as const) {
  const page = await browser.newPage({ viewport: { width: 640, height: 900 } });
  await page.setContent(mail.html);
  await page.screenshot({ path: join(OUT, `${name}.png`), fullPage: true });
  await page.close();
  console.log(`${name}.png: "${mail.subject}"`);
}
await browser.close();
