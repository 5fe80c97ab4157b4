import type { Browser, BrowserContext } from 'playwright-core';
import type { TestAgent } from '../../game-server/testing/agent.ts';

/**
 * A browser context logged in as the agent, by handing it the session cookie the agent got over
 * HTTP: faster than the login form, which the tests of that form cover. Null gives a visitor.
 */
export async function contextOf(
  browser: Browser,
  baseUrl: string,
  agent: TestAgent | null,
  viewport = { width: 1280, height: 900 },
): Promise<BrowserContext> {
  const phone = viewport.width < 500 || viewport.height < 500;
  const context = await browser.newContext({ viewport, isMobile: phone, hasTouch: phone });
  if (agent) {
    const cookies = agent.cookieHeader.split('; ').map((pair) => {
      const [name, value] = pair.split('=');
      return { name, value, url: baseUrl };
    });
    await context.addCookies(cookies);
  }
  return context;
}
