// What the browser itself reports about a page: Content-Security-Policy violations, console errors,
// axe-core's serious and critical findings and the number of h1 headings.
import { AxeBuilder } from '@axe-core/playwright';
import type { BrowserContext, ConsoleMessage, Page } from 'playwright-core';

export interface PageReport {
  path: string;
  cspViolations: string[];
  consoleErrors: string[];
  axe: string[];
  headings: number;
}

/** Records the CSP violations of every page the context opens from now on (reportOn collects the console errors). */
export async function watchPages(context: BrowserContext): Promise<void> {
  await context.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { __cspViolations: string[] }).__cspViolations = seen;
    document.addEventListener('securitypolicyviolation', (event) => seen.push(`${event.violatedDirective} ${event.blockedURI}`));
  });
}

/** Opens `path`, lets it settle and answers what the browser found wrong with it. */
export async function reportOn(page: Page, baseUrl: string, path: string, settle: (page: Page) => Promise<void>): Promise<PageReport> {
  const errors: string[] = [];
  const onConsole = (message: ConsoleMessage) => {
    if (message.type() === 'error') errors.push(message.text());
  };
  const onError = (error: Error) => errors.push(error.message);
  page.on('console', onConsole);
  page.on('pageerror', onError);
  await page.goto(`${baseUrl}${path}`);
  await page.waitForLoadState('networkidle');
  await settle(page);
  const results = await new AxeBuilder({ page }).analyze();
  const axe = results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => `${violation.id} (${violation.nodes.length}): ${violation.nodes[0]?.target.join(' ')}`);
  const cspViolations = await page.evaluate(() => (window as unknown as { __cspViolations: string[] }).__cspViolations ?? []);
  const headings = await page.locator('h1').count();
  page.off('console', onConsole);
  page.off('pageerror', onError);
  return { path, cspViolations, consoleErrors: errors, axe, headings };
}
