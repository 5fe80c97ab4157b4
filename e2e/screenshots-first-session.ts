// The screens of a newcomer's first session and of the Wanakt's desk, with the state they need
// (a fresh player, a sale that raises a notice, an ad in review, some chat), under docs/screenshots/.
// Run: npx vite build && npm exec -- node e2e/screenshots-first-session.ts
import { join } from 'node:path';
import { launchBrowser } from './support/browser.ts';
import { logIn, register } from './support/pages.ts';
import { LOGINS, startStandaloneServer } from './support/standalone-server.ts';

const OUT = join(import.meta.dirname, '..', 'docs', 'screenshots');
const DESKTOP = { width: 1280, height: 800 };

const server = await startStandaloneServer();
const browser = await launchBrowser();
const save = async (page: import('playwright-core').Page, file: string) => {
  // The wait is for the picture only (a docs screenshot, nothing asserted): transitions end before the shot.
  await page.waitForTimeout(800);
  await page.screenshot({ path: join(OUT, `${file}.png`) });
  console.log(`saved docs/screenshots/${file}.png`);
};
try {
  const sql = server.database.sql;
  const newcomer = await browser.newContext({ viewport: DESKTOP });
  const { page } = await register(newcomer, server.url, { username: 'Newcomer', password: 'first-steps-pass' });
  await page.goto(server.url);
  await page.getByTestId('first-steps').waitFor();
  await save(page, 'first-steps-welcome');
  const choice = page.getByTestId('starter-choice').first();
  await choice.getByRole('button', { name: /Claim for/ }).click();
  await choice
    .getByTestId('confirm-spend')
    .getByRole('button', { name: /^Claim / })
    .click();
  await page.getByText(/is yours/).waitFor();
  await save(page, 'first-steps-claimed');

  const [owned] = await sql<
    { id: number }[]
  >`select t.id from territories t join users u on u.id = t.owner_id where u.username = 'Newcomer'`;
  await page.getByRole('button', { name: 'Got it' }).click();
  const seller = await logIn(newcomer, server.url, { username: 'Newcomer', password: 'first-steps-pass' });
  await seller.evaluate(async (id) => {
    await fetch(`/api/territories/${id}/listing`, {
      method: 'PATCH',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ sale_price: 90 }),
    });
  }, owned.id);
  const demo = await logIn(await browser.newContext({ viewport: DESKTOP }), server.url, LOGINS.demo);
  await demo.evaluate(async (id) => {
    await fetch(`/api/territories/${id}/purchase`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: '{}' });
    await fetch('/api/chat', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ territory_id: id, message: 'Thanks for the village!' }),
    });
  }, owned.id);
  await seller.getByTestId('notice-count').waitFor();
  await seller.getByRole('button', { name: /Notifications/ }).click();
  await save(seller, 'notifications');

  await sql`
    insert into ads (title, content, click_url, advertiser_name, advertiser_email, impressions_wanted, total_cost_cents, status)
    values ('Visit Crail harbour', 'Fresh lobster every morning at the most photographed harbour in Scotland', 'https://example.com/crail', 'Crail Fishmongers', 'shop@example.com', 10000, 3000, 'in_review')`;
  const wanakt = await logIn(await browser.newContext({ viewport: DESKTOP }), server.url, LOGINS.wanakt);
  await wanakt.goto(`${server.url}/admin/desk`);
  await wanakt.getByTestId('ad-in-review').first().waitFor();
  await save(wanakt, 'admin-desk');
  await demo.goto(`${server.url}/rankings`);
  await demo.getByTestId('ranked-player').first().waitFor();
  await save(demo, 'rankings');
} finally {
  await browser.close();
  await server.stop();
}
