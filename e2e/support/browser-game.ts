import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { testBackends } from '../../game-server/testing/databases.ts';
import { startTestServer, type TestServer, type TestServerOptions } from '../../game-server/testing/test-server.ts';
import type { TestAgent } from '../../game-server/testing/agent.ts';
import { launchBrowser } from './browser.ts';
import { contextOf } from './session-context.ts';

export interface BrowserGame {
  readonly game: TestServer;
  readonly chrome: Browser;
  /**
   * A context, logged in as the agent or a visitor, that closes when the test ends, passed or not:
   * every open map keeps rendering.
   */
  context(agent?: TestAgent, viewport?: { width: number; height: number }): Promise<BrowserContext>;
  /** A page of the game at this path, in a context of its own as `context` makes it. */
  open(agent: TestAgent | undefined, path: string): Promise<Page>;
}

/** The real server on the embedded database and Chromium, for the tests of one file; `options` can give it a clock the test moves. */
export function browserGame(options: TestServerOptions = {}): BrowserGame {
  let game: TestServer;
  let chrome: Browser;
  const contexts: BrowserContext[] = [];
  beforeAll(async () => {
    [game, chrome] = await Promise.all([startTestServer(testBackends()[0], options), launchBrowser()]);
  }, 180_000);
  afterEach(async () => {
    for (const context of contexts.splice(0)) await context.close();
  });
  afterAll(async () => {
    await chrome?.close();
    await game?.stop();
  });
  return {
    get game() {
      return game;
    },
    get chrome() {
      return chrome;
    },
    async context(agent, viewport) {
      const context = await contextOf(chrome, game.server.url, agent ?? null, viewport);
      contexts.push(context);
      return context;
    },
    async open(agent, path) {
      const page = await (await this.context(agent)).newPage();
      await page.goto(`${game.server.url}${path}`);
      return page;
    },
  };
}
