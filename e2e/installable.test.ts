import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { AxeBuilder } from '@axe-core/playwright';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testBackends } from '../game-server/testing/databases.ts';
import { startTestServer, type TestServer } from '../game-server/testing/test-server.ts';
import { launchWithProfile } from './support/browser.ts';
import { testShot } from './support/test-shots.ts';

// docs/design.md, "Installable app": a manifest and a service worker make the game installable, and
// with no network a page opens to a clear offline page instead of the browser's error.
describe('the game as an installed app', () => {
  let game: TestServer;
  let profileDir: string;
  beforeAll(async () => {
    [game, profileDir] = await Promise.all([startTestServer(testBackends()[0]), mkdtemp(join(tmpdir(), 'wanakt-profile-'))]);
  });
  afterAll(async () => {
    await game?.stop();
    if (profileDir) await rm(profileDir, { recursive: true, force: true });
  });

  it('when a phone opens the game, then Chromium finds it installable, and offline a page opens to "You are offline" until the network returns', async () => {
    const context = await launchWithProfile(profileDir, { viewport: { width: 390, height: 844 }, isMobile: true });
    try {
      const page = context.pages()[0] ?? (await context.newPage());
      await page.goto(`${game.server.url}/`);
      await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller?.scriptURL ?? null)).toMatch(/\/sw\.js$/);

      const devtools = await context.newCDPSession(page);
      const manifest = (await devtools.send('Page.getAppManifest')) as { errors: unknown[]; url: string };
      expect(manifest.url).toMatch(/\/manifest\.webmanifest$/);
      expect(manifest.errors).toEqual([]);
      const { installabilityErrors } = (await devtools.send('Page.getInstallabilityErrors')) as { installabilityErrors: unknown[] };
      expect(installabilityErrors).toEqual([]);

      await context.setOffline(true);
      await page.goto(`${game.server.url}/territories/1`);
      await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('You are offline');
      await expect.poll(() => page.locator('img').evaluate((image: HTMLImageElement) => image.naturalWidth)).toBeGreaterThan(0);
      expect((await new AxeBuilder({ page }).analyze()).violations.map((violation) => violation.id)).toEqual([]);
      await page.screenshot({ path: testShot('offline-phone.png') });

      await context.setOffline(false);
      await page.getByRole('link', { name: 'Try again' }).click();
      await expect.poll(() => page.locator('.brand').first().textContent()).toBe('Wanakt World');
      expect(await page.title()).not.toContain('offline');
    } finally {
      await context.close();
    }
  });
});
