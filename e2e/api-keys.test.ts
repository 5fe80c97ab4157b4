import type { Browser, BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testBackends } from '../game-server/testing/databases.ts';
import { startTestServer, type TestServer } from '../game-server/testing/test-server.ts';
import { launchBrowser } from './support/browser.ts';
import { contextOf } from './support/session-context.ts';
import { testShot } from './support/test-shots.ts';

describe('[API keys] the settings page in Chromium', () => {
  let game: TestServer;
  let chrome: Browser;
  let context: BrowserContext;

  beforeAll(async () => {
    [game, chrome] = await Promise.all([startTestServer(testBackends()[0]), launchBrowser()]);
    context = await contextOf(chrome, game.server.url, await game.demo());
  });
  afterAll(async () => {
    await context?.close();
    await chrome?.close();
    await game?.stop();
  });

  it('when a player creates a key from the dashboard link, then its secret shows once and works; revoking it stops it', async () => {
    const page = await context.newPage();
    await page.goto(`${game.server.url}/`);
    await page.getByTestId('quick-actions').getByRole('link', { name: 'API Keys' }).click();
    await page.getByTestId('new-key-form').waitFor();
    await page.locator('input[name=key-name]').fill('bakery ad buyer');
    await page.locator('input[name=scope-ads]').check();
    await page.getByRole('button', { name: 'Create key' }).click();
    const secret = (await page.getByTestId('key-secret').textContent())!;
    expect(secret).toMatch(/^wk_/);
    await expect.poll(() => page.getByTestId('api-keys').textContent()).toContain('bakery ad buyer');
    expect(await page.getByTestId('api-keys').textContent()).toContain('read, ads');
    await page.screenshot({ path: testShot('api-keys.png'), fullPage: true });

    const me = await fetch(`${game.server.url}/api/auth/me`, { headers: { authorization: `Bearer ${secret}` } });
    expect(me.status).toBe(200);

    await page.getByRole('button', { name: 'I have stored it' }).click();
    expect(await page.getByTestId('new-key').count()).toBe(0);
    expect(await page.locator('body').textContent()).not.toContain(secret);
    await page.getByRole('button', { name: 'Revoke' }).click();
    await expect.poll(() => page.getByTestId('api-keys').textContent()).toContain('Revoked');
    expect((await fetch(`${game.server.url}/api/auth/me`, { headers: { authorization: `Bearer ${secret}` } })).status).toBe(401);
    await page.close();
  });

  it('when a visitor opens the page, then it asks to log in', async () => {
    const visitor = await chrome.newContext();
    const page = await visitor.newPage();
    await page.goto(`${game.server.url}/settings/api-keys`);
    await page.getByTestId('login-required').waitFor();
    await visitor.close();
  });

  it('when anyone opens the API reference, then Swagger UI lists the calls from the document, with no CDN', async () => {
    const visitor = await chrome.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await visitor.newPage();
    const outside: string[] = [];
    page.on('request', (request) => {
      if (!request.url().startsWith(game.server.url)) outside.push(request.url());
    });
    await page.goto(`${game.server.url}/api/docs`);
    await page.locator('.opblock').first().waitFor({ timeout: 30_000 });
    // Swagger UI keeps only the calls near the screen in the page, and on a busy machine draws the
    // next ones after the scroll reaches them: read them while scrolling until they are all seen.
    const listed = new Set<string>();
    await expect
      .poll(
        async () => {
          for (const call of await page.locator('.opblock-summary').allTextContents()) listed.add(call);
          await page.evaluate(() => window.scrollBy(0, 600));
          return listed.size;
        },
        { timeout: 60_000, interval: 50 },
      )
      .toBeGreaterThan(60);
    expect(outside).toEqual([]);
    await page.screenshot({ path: testShot('api-docs.png') });
    await visitor.close();
  });
});
