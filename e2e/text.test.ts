import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROUTES } from '../schema/routes.ts';
import type { TestAgent } from '../game-server/testing/agent.ts';
import { testBackends } from '../game-server/testing/databases.ts';
import { signedInPlayer } from '../game-server/testing/players.ts';
import { startTestServer, type TestServer } from '../game-server/testing/test-server.ts';
import { launchBrowser } from './support/browser.ts';
import { contextOf } from './support/session-context.ts';

const MONTHS = 'Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec';
/** The words a screen must never show: a plural after 1, a raw id, and dates written any other way than 'Nov 25, 2026'. */
const WRONG = {
  plural: /\b1 [a-z]+s\b/g,
  uuid: /\b[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\b/gi,
  isoDate: /\b\d{4}-\d{2}-\d{2}\b/g,
  slashDate: /\b\d{1,2}\/\d{1,2}\/\d{2,4}\b/g,
  dayFirstDate: new RegExp(`\\b\\d{1,2} (${MONTHS})[a-z]* \\d{4}\\b`, 'g'),
  longMonthDate: /\b(January|February|March|April|June|July|August|September|October|November|December) \d{1,2}, \d{4}\b/g,
};

/** The page's visible text once it stops changing (queries answered, lists drawn). */
async function settledText(page: Page): Promise<string> {
  let last = '';
  await expect
    .poll(
      async () => {
        const text = await page.locator('body').innerText();
        const settled = text === last && !/Loading/.test(text);
        last = text;
        return settled;
      },
      { timeout: 20_000, interval: 400 },
    )
    .toBe(true);
  return last;
}

// Every route, read in Chromium as a visitor, a player and the Wanakt, says its counts,
// ids and dates the one way the formatter writes them.
describe('[words] the text of every route', () => {
  let game: TestServer;
  let chrome: Browser;
  const contexts: BrowserContext[] = [];

  beforeAll(async () => {
    [game, chrome] = await Promise.all([startTestServer(testBackends()[0]), launchBrowser()]);
  });
  afterAll(async () => {
    await Promise.all(contexts.map((context) => context.close()));
    await chrome?.close();
    await game?.stop();
  });

  /** How many dates the screens showed in the one format: the check saw dates, not only their absence. */
  let datesSeen = 0;
  const ONE_FORMAT = new RegExp(`\\b(${MONTHS}) \\d{1,2}, \\d{4}\\b`, 'g');

  async function problemsOn(agent: TestAgent | null, paths: string[]): Promise<string[]> {
    const context = await contextOf(chrome, game.server.url, agent);
    contexts.push(context);
    const page = await context.newPage();
    const problems: string[] = [];
    for (const path of paths) {
      await page.goto(`${game.server.url}${path}`);
      const text = await settledText(page);
      datesSeen += [...text.matchAll(ONE_FORMAT)].length;
      for (const [kind, pattern] of Object.entries(WRONG)) {
        for (const match of text.matchAll(pattern)) problems.push(`${path}: ${kind} '${match[0]}'`);
      }
    }
    return problems;
  }

  it('when every route is read, then no count of one takes a plural, no raw id shows, and every date reads like Nov 25, 2026', async () => {
    const wanakt = await game.wanakt();
    const player = await signedInPlayer(game, { balance: 2_000, username: 'text-reader' });
    const [village] = await game.database.sql<
      { id: number }[]
    >`select id from territories where owner_id is null and type = 'village' order by id limit 1`;
    expect((await wanakt.post(`/api/territories/${village.id}/assign`, { userId: player.id, price: 0 })).status).toBe(200);
    expect((await wanakt.post('/api/currency/mint', { amount: 1, recipientId: player.id })).status).toBe(200);
    expect((await wanakt.post('/api/rent/generate')).status).toBe(200);

    const every = Object.values(ROUTES).map((path) => path.replace(':username', 'text-reader'));
    const problems = [
      ...(await problemsOn(null, [ROUTES.home, ROUTES.register, ROUTES.login, ROUTES.marketplace, ROUTES.economy, ROUTES.rankings])),
      ...(await problemsOn(
        player.agent,
        every.filter((path) => !path.startsWith('/admin') && path !== ROUTES.register && path !== ROUTES.login),
      )),
      ...(await problemsOn(
        wanakt,
        every.filter((path) => path !== ROUTES.register && path !== ROUTES.login),
      )),
    ];
    expect(problems).toEqual([]);
    expect(datesSeen).toBeGreaterThan(0);
    // About sixty pages read one after the other, each until its text holds still: some 90 s on a
    // quiet machine, so the e2e project's 120 s guard against a hang would cut it short on a busy one.
  }, 360_000);
});
