import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkInvariants } from '../game-server/domain/economy/supply.ts';
import { testBackends } from '../game-server/testing/databases.ts';
import { balanceOf } from '../game-server/testing/players.ts';
import { TEST_DEMO_PASSWORD } from '../game-server/testing/test-passwords.ts';
import { startTestServer, type TestServer } from '../game-server/testing/test-server.ts';
import { startStripeGame, type StripeGame } from '../game-server/testing/payments/stripe-game.ts';
import { launchBrowser } from './support/browser.ts';
import { logIn } from './support/pages.ts';

const DEMO = 'sample-user';

const toastText = (page: Page) => page.locator('.toast').last().textContent();

// The sandbox provider end to end: the built client, the real server on the embedded database, Chromium.
describe('paying through the sandbox in a real browser', () => {
  let game: TestServer;
  let chrome: Browser;
  let player: BrowserContext;
  let page: Page;
  beforeAll(async () => {
    [game, chrome] = await Promise.all([startTestServer(testBackends()[0]), launchBrowser()]);
    player = await chrome.newContext();
    page = await logIn(player, game.server.url, { username: 'sample', password: TEST_DEMO_PASSWORD });
  });
  afterAll(async () => {
    await chrome?.close();
    await game?.stop();
  });

  it('[§2 DRK store] when a player buys the Starter package with the test card, then 500 DRK are credited once and the store shows the new balance; a declined card credits nothing', async () => {
    const before = await balanceOf(game.database.sql, DEMO);
    await page.goto(`${game.server.url}/drk-store`);
    const wanakt = page.getByTestId('package-wanakt');
    await wanakt.waitFor();
    expect(await wanakt.textContent()).toContain('Best Value');
    expect(await page.getByTestId('package-trader').textContent()).toContain('Most Popular');

    await page.getByRole('button', { name: 'Buy Explorer' }).click();
    await page.getByTestId('sandbox-card-form').waitFor();
    expect(await page.getByRole('note').textContent()).toContain('TEST MODE');
    await page.locator('input[name=card-number]').fill('4000 0000 0000 0002');
    await page.getByRole('button', { name: 'Pay $16.99' }).click();
    await expect.poll(() => toastText(page)).toContain('Payment Failed');
    expect(await toastText(page)).toContain('Your card was declined.');
    expect(await balanceOf(game.database.sql, DEMO)).toBe(before);
    await page.getByRole('button', { name: 'Back to Packages' }).click();

    await page.getByRole('button', { name: 'Buy Starter' }).click();
    await page.getByRole('button', { name: 'Pay $9.99' }).click();
    await expect.poll(() => toastText(page)).toContain('Payment Successful');
    await expect
      .poll(() => page.getByTestId('drk-store').textContent())
      .toContain(`Your balance: ${(before + 500).toLocaleString('en-US')} DRK`);
    expect(await balanceOf(game.database.sql, DEMO)).toBe(before + 500);
    expect((await checkInvariants(game.database.sql)).problems).toEqual([]);
  });

  it('[§4 broadcast flow] when a player pays $1, then the payment sends the message: it reaches the recent list at $1.00 (63 DRK), the screen confirms it with its reach, and no second send is asked for', async () => {
    await page.goto(`${game.server.url}/broadcast`);
    await expect.poll(() => page.getByTestId('broadcast').textContent()).toContain('No recent broadcasts');
    await page.getByRole('button', { name: 'Pay $1.00 to Broadcast' }).click();
    await expect.poll(() => toastText(page)).toContain('Please enter a message to broadcast');

    const message = page.locator('textarea[name=broadcast-message]');
    await message.fill('Caravans leave Petra at dawn!');
    expect(await page.getByTestId('broadcast').textContent()).toContain('29/200');
    await page.getByRole('button', { name: 'Pay $1.00 to Broadcast' }).click();
    const payAndSend = page.getByRole('button', { name: 'Pay $1.00 and send' });
    await payAndSend.waitFor();
    expect(await message.isDisabled()).toBe(true);
    await payAndSend.click();
    await expect.poll(() => toastText(page), { timeout: 10_000 }).toContain('Your payment of $1.00 was received: your broadcast was sent');
    // The reach is written by the broadcast-reach job every 2 s, and the screen reads it every second.
    await expect
      .poll(() => page.getByTestId('broadcast-sent').textContent(), { timeout: 15_000 })
      .toMatch(/Paid and sent\. Your broadcast went out to every territory and reached [1-9]\d* players? online\./);
    expect(await page.getByRole('button', { name: /Send/ }).count()).toBe(0);
    await page.getByRole('button', { name: 'Done' }).click();
    const recent = page.getByTestId('recent-broadcasts');
    await expect.poll(() => recent.textContent()).toContain('Caravans leave Petra at dawn!');
    expect(await recent.textContent()).toContain('cost $1.00 (63 DRK)');
    expect(await message.inputValue()).toBe('');
    expect(await message.isDisabled()).toBe(false);
    // The day's broadcast is spent: paying again is refused before any card is asked for, and the button says why.
    await expect.poll(() => page.getByTestId('broadcast-limit').textContent()).toContain('You can send one broadcast per day.');
    expect(await page.getByRole('button', { name: 'Pay $1.00 to Broadcast' }).isDisabled()).toBe(true);
    const [sent] = await game.database.sql`select count(*)::int as n from broadcasts where sender_id = ${DEMO}`;
    expect(sent.n).toBe(1);
  });

  it('[§5 broadcast message] when a visitor without an account comes to broadcast and registers, then the new player is brought back to the broadcast form', async () => {
    const context = await chrome.newContext();
    const visitor = await context.newPage();
    await visitor.goto(`${game.server.url}/broadcast`);
    const login = visitor.getByRole('link', { name: 'Log in to broadcast' });
    await login.waitFor();
    expect(await login.getAttribute('href')).toBe('/login?next=%2Fbroadcast');
    expect(await visitor.getByRole('button', { name: 'Pay $1.00 to Broadcast' }).count()).toBe(0);
    const register = visitor.locator('main').getByRole('link', { name: 'Register' });
    expect(await register.getAttribute('href')).toBe('/register?next=%2Fbroadcast');
    await register.click();
    await visitor.waitForURL(/\/register\?next=%2Fbroadcast$/);
    // The form's own "Log in" keeps the way back too.
    expect(await visitor.getByRole('link', { name: 'Log in' }).last().getAttribute('href')).toBe('/login?next=%2Fbroadcast');
    await visitor.locator('input[name=username]').fill('backtobroadcast');
    await visitor.locator('input[name=password]').fill('a long enough password 1');
    await visitor.getByRole('button', { name: 'Register' }).click();
    await visitor.getByTestId('register-success').waitFor();
    await visitor.getByRole('link', { name: 'Continue where you were' }).click();
    await visitor.waitForURL(`${game.server.url}/broadcast`);
    await visitor.getByRole('button', { name: 'Pay $1.00 to Broadcast' }).waitFor();
    await visitor.screenshot({ path: '/tmp/register-back-to-broadcast.png' });
    await context.close();
  });

  it('[§2 advertise] when an advertiser without an account fills the form and pays, then the ad is in review and its receipt page says so', async () => {
    const [wonder] = await game.database.sql`select id, name from territories where type = 'wonder' order by name limit 1`;
    const advertiser = await chrome.newPage();
    await advertiser.goto(`${game.server.url}/advertise`);
    await expect.poll(() => advertiser.locator('h1').textContent()).toBe('Advertise in Wanakt World');
    const rateCard = await advertiser.getByLabel('Rate card').textContent();
    for (const rate of ['Major Cities', 'Sub-territories', 'Tourist Wonders']) expect(rateCard).toContain(rate);
    // Only what the target list offers is priced, and each of its groups says its rate.
    expect(rateCard).not.toContain('Common Areas');
    expect(await advertiser.locator('optgroup').evaluateAll((groups) => groups.map((group) => group.getAttribute('label')))).toEqual([
      'Major Cities: 8¢ per impression',
      'Sub-territories: 5¢ per impression',
      'Tourist Wonders: 12¢ per impression',
    ]);

    await advertiser.getByRole('button', { name: 'Proceed to Payment ($50)' }).click();
    await expect.poll(() => toastText(advertiser)).toContain('Please fill in all required fields');

    await advertiser.locator('input[name=advertiser_email]').fill('ads@caravans.example');
    await advertiser.locator('input[name=title]').fill('Desert caravans');
    await advertiser.locator('textarea[name=content]').fill('Ride to the wonder by camel.');
    await advertiser.locator('input[name=click_url]').fill('https://caravans.example');
    await advertiser.locator('select[name=territory_id]').selectOption(String(wonder.id));
    await advertiser.locator('input[name=impressions_wanted]').fill('2500');
    await expect.poll(() => advertiser.getByTestId('cost-breakdown').textContent()).toContain('$300');
    expect(await advertiser.getByTestId('ad-preview').textContent()).toContain('Desert caravans');

    await advertiser.getByRole('button', { name: 'Proceed to Payment ($300)' }).click();
    const payment = advertiser.getByTestId('ad-payment');
    await payment.waitFor();
    expect(await payment.textContent()).toContain(wonder.name);
    expect(await payment.textContent()).toContain('reviewed and activated within 24 hours');
    await advertiser.getByRole('button', { name: 'Back to Edit' }).click();
    await advertiser.getByRole('button', { name: 'Proceed to Payment ($300)' }).click();
    await advertiser.getByRole('button', { name: 'Pay $300' }).click();

    await expect
      .poll(() =>
        advertiser
          .getByTestId('receipt-status')
          .textContent({ timeout: 1000 })
          .catch(() => ''),
      )
      .toBe('In review');
    expect(advertiser.url()).toMatch(/\/advertise\/receipt\/[A-Za-z0-9_-]{43}$/);
    const ads = await game.database.sql`select status from ads where title = 'Desert caravans' order by id`;
    expect(ads.map((ad) => ad.status)).toEqual(['pending_payment', 'in_review']);
    await advertiser.close();
  });

  it('when the return address claims success for a payment nobody confirmed, then the page does not say it was received', async () => {
    const [pending] = await game.database.sql`select payment_id from ads where status = 'pending_payment' limit 1`;
    const visitor = await chrome.newPage();
    await visitor.goto(`${game.server.url}/advertise?success=true&payment_intent=${pending.payment_id}`);
    await expect.poll(() => visitor.getByTestId('ad-paid').textContent()).toContain('still being confirmed');
    await visitor.goto(`${game.server.url}/advertise?success=true`);
    await expect.poll(() => visitor.getByTestId('ad-paid').textContent()).toContain('could not find a payment');
    const [inReview] = await game.database.sql`select count(*)::int as n from ads where status = 'in_review'`;
    expect(inReview.n).toBe(1);
    await visitor.close();
  });
});

// With Stripe configured the store mounts Stripe's Payment Element, whose script cannot load on this
// machine: the checkout must say so (docs/rules.md §8 'Stripe not loaded') and take nothing.
describe('the Stripe checkout when Stripe.js cannot load', () => {
  let game: StripeGame;
  let chrome: Browser;
  beforeAll(async () => {
    [game, chrome] = await Promise.all([startStripeGame(testBackends()[0]), launchBrowser()]);
  });
  afterAll(async () => {
    await chrome?.close();
    await game?.stop();
  });

  it("[§8 payment provider unavailable] when the Payment Element cannot load, then 'Error' / 'Failed to process payment' shows and nothing is paid or credited", async () => {
    const context = await chrome.newContext();
    const page = await logIn(context, game.server.url, { username: 'sample', password: TEST_DEMO_PASSWORD });
    const before = await balanceOf(game.database.sql, DEMO);
    await page.goto(`${game.server.url}/drk-store`);
    await page.getByRole('button', { name: 'Buy Starter' }).click();
    await page.getByTestId('stripe-card-form').waitFor();
    await expect.poll(() => toastText(page), { timeout: 30_000 }).toContain('Failed to process payment');
    expect(await toastText(page)).toContain('Error');
    expect(await page.getByRole('button', { name: 'Pay $9.99' }).isDisabled()).toBe(true);
    expect(await page.getByTestId('drk-checkout').textContent()).toContain('Card payments could not be loaded');
    expect(await balanceOf(game.database.sql, DEMO)).toBe(before);
    await context.close();
  });
});
