import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { EconomyOverviewDto } from '../schema/api/economy.ts';
import { testBackends } from '../game-server/testing/databases.ts';
import { generateLedgerHistory } from '../game-server/testing/ledger-history.ts';
import { startTestServer, type TestServer } from '../game-server/testing/test-server.ts';
import { TEST_DEMO_PASSWORD } from '../game-server/testing/test-passwords.ts';
import { launchBrowser } from './support/browser.ts';
import { logIn } from './support/pages.ts';

const CHARTS = ['chart-supply', 'chart-minted', 'chart-flows', 'chart-trades', 'chart-median', 'chart-index'];
const PHONE = { width: 375, height: 812 };

describe('[open books] the economy page and the statement in Chromium', () => {
  let game: TestServer;
  let chrome: Browser;
  const contexts: BrowserContext[] = [];

  beforeAll(async () => {
    [game, chrome] = await Promise.all([startTestServer(testBackends()[0]), launchBrowser()]);
    // A season of activity, so every chart has days and months to draw.
    await generateLedgerHistory(game.database.sql, { rows: 20_000, days: 120, players: 200, now: new Date() });
  });
  afterEach(async () => {
    for (const context of contexts.splice(0)) await context.close();
  });
  afterAll(async () => {
    await chrome?.close();
    await game?.stop();
  });

  async function visitor(viewport = { width: 1280, height: 800 }): Promise<Page> {
    const context = await chrome.newContext({ viewport, isMobile: viewport.width < 500, hasTouch: viewport.width < 500 });
    contexts.push(context);
    return context.newPage();
  }

  async function chartsDrawn(page: Page): Promise<void> {
    for (const chart of CHARTS) await page.getByTestId(chart).locator('canvas').waitFor({ timeout: 30_000 });
  }

  it("when a visitor without a session opens /economy, then every chart is drawn and the figures are the API's", async () => {
    const page = await visitor();
    await page.goto(`${game.server.url}/economy`);
    await chartsDrawn(page);
    const overview = (await game.agent().get<EconomyOverviewDto>('/api/economy')).body;
    expect(await page.getByTestId('economy-supply').textContent()).toContain(`${overview.supply.total_supply.toLocaleString('en-US')} DRK`);
    expect(await page.getByTestId('economy-concentration').textContent()).toContain(overview.concentration.gini.toFixed(3));
    expect(await page.getByTestId('economy-projection').textContent()).toContain(overview.projection.remaining.toLocaleString('en-US'));
    expect(await page.getByTestId('flow-totals').locator('li').count()).toBeGreaterThan(5);
    // Each chart's canvas has been painted, not just placed.
    const painted = await page
      .getByTestId('chart-supply')
      .locator('canvas')
      .evaluate((canvas: HTMLCanvasElement) => {
        const pixels = canvas.getContext('2d')!.getImageData(0, 0, canvas.width, canvas.height).data;
        return pixels.some((value, index) => index % 4 === 3 && value > 0);
      });
    expect(painted).toBe(true);

    await expect.poll(() => page.getByTestId('economy-audit').textContent()).toContain('not been audited yet');
    await page.getByRole('button', { name: 'Check again now' }).click();
    await expect.poll(() => page.getByTestId('economy-audit').textContent(), { timeout: 30_000 }).toContain('Books balance.');
  });

  it('when the page is opened on a 375 px phone, then the charts fit the screen and nothing scrolls sideways', async () => {
    const page = await visitor(PHONE);
    await page.goto(`${game.server.url}/economy`);
    await chartsDrawn(page);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    for (const chart of CHARTS) {
      const box = await page.getByTestId(chart).locator('canvas').first().boundingBox();
      expect(box!.x).toBeGreaterThanOrEqual(0);
      expect(box!.x + box!.width).toBeLessThanOrEqual(PHONE.width);
    }
  });

  it('when the player clicks the balance, then the statement lists its movements, filters them and offers the CSV', async () => {
    const context = await chrome.newContext({ viewport: { width: 1280, height: 800 } });
    contexts.push(context);
    const page = await logIn(context, game.server.url, { username: 'sample', password: TEST_DEMO_PASSWORD });
    const balance = await page.getByTestId('balance').textContent();
    await page.getByTestId('balance').click();
    await page.getByTestId('statement').waitFor();
    expect(await page.getByTestId('statement-balance').textContent()).toBe(`Balance now: ${balance}`);
    const lines = page.getByTestId('statement-line');
    expect(await lines.count()).toBe(2);
    expect(await lines.first().locator('td').last().textContent()).toBe(balance);
    expect(await lines.last().textContent()).toContain('Starting grant');
    expect(await lines.last().textContent()).toContain('minted');

    await page.locator('select[name=reason]').selectOption('demo_grant');
    await expect.poll(() => lines.count()).toBe(1);
    expect(await lines.first().textContent()).toContain('Demo grant');
    expect(await page.getByTestId('statement-csv').getAttribute('href')).toBe('/api/account/statement.csv?reason=demo_grant');
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('statement-csv').click()]);
    expect(download.suggestedFilename()).toBe('statement-demo_grant.csv');
  });
});
