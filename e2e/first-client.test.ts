import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testBackends } from '../game-server/testing/databases.ts';
import { startTestServer, type TestServer } from '../game-server/testing/test-server.ts';
import { TEST_DEMO_PASSWORD } from '../game-server/testing/test-passwords.ts';
import type { Browser } from 'playwright-core';
import { launchBrowser } from './support/browser.ts';

// The real server on the embedded database, the built client, and Debian's Chromium.
describe('the first client in a real browser', () => {
  let game: TestServer;
  let chrome: Browser;
  beforeAll(async () => {
    [game, chrome] = await Promise.all([startTestServer(testBackends()[0]), launchBrowser()]);
  });
  afterAll(async () => {
    await chrome?.close();
    await game?.stop();
  });

  it('when a newcomer registers, then the success panel shows the name, 100 DRK and the user id, and the map shows the balance', async () => {
    const page = await chrome.newPage();
    await page.goto(`${game.server.url}/register`);
    await page.getByRole('button', { name: 'Register' }).click();
    await expect.poll(() => page.getByRole('alert').textContent()).toContain('Please enter both a username and a password.');

    await page.locator('input[name=username]').fill('  Marco Polo ');
    await page.locator('input[name=password]').fill('silk-road-1271');
    await page.getByRole('button', { name: 'Register' }).click();
    const success = page.getByTestId('register-success');
    await success.waitFor();
    expect(await success.textContent()).toContain('Marco Polo');
    expect(await success.textContent()).toContain('100 DRK');
    const [account] = await game.database.sql`select id from users where username = 'Marco Polo'`;
    expect(await page.getByTestId('user-id').textContent()).toBe(account.id);

    await page.getByRole('link', { name: 'Go to the map' }).click();
    await expect.poll(() => page.getByTestId('balance').textContent()).toContain('100');
    await expect.poll(() => page.getByTestId('territory-count').textContent()).toBe('0');
    await page.close();
  });

  it('when the same name registers again, then the server message shows in a toast', async () => {
    const page = await chrome.newPage();
    await page.goto(`${game.server.url}/register`);
    await page.locator('input[name=username]').fill('marco polo');
    await page.locator('input[name=password]').fill('another-pass');
    await page.getByRole('button', { name: 'Register' }).click();
    await expect.poll(() => page.locator('body').textContent()).toContain('That username is already taken');
    await page.close();
  });

  it('draws one marker per territory on the dashboard map', async () => {
    const page = await chrome.newPage();
    await page.goto(`${game.server.url}/`);
    const map = page.getByTestId('map-canvas');
    await expect.poll(() => map.getAttribute('data-marker-count'), { timeout: 30_000 }).not.toBeNull();
    const [count] = await game.database.sql`select count(*)::int as n from territories`;
    expect(Number(await map.getAttribute('data-marker-count'))).toBe(count.n);
    expect(await page.locator('canvas').count()).toBe(1);
    await page.close();
  });

  it('logs the demo player in from the login form', async () => {
    const page = await chrome.newPage();
    await page.goto(`${game.server.url}/login`);
    await page.locator('input[name=username]').fill('sample');
    await page.locator('input[name=password]').fill(TEST_DEMO_PASSWORD);
    await page
      .getByTestId('login-form')
      .getByRole('button', { name: /log in/i })
      .click();
    await expect.poll(() => page.getByTestId('balance').textContent()).toContain('5,000');
    await page.close();
  });

  it("shows '404 Page Not Found' for an unknown path, answered with 404, and a way back to the map", async () => {
    const page = await chrome.newPage();
    const response = await page.goto(`${game.server.url}/no/such/page`);
    expect(response?.status()).toBe(404);
    await expect.poll(() => page.locator('body').textContent()).toContain('404 Page Not Found');
    await page.getByRole('link', { name: 'Back to the map' }).click();
    await page.getByTestId('map-canvas').waitFor();
    expect(new URL(page.url()).pathname).toBe('/');
    await page.close();
  });
});
