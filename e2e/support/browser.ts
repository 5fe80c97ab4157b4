import { chromium, type Browser, type BrowserContext } from 'playwright-core';

// Debian's Chromium (npm test installs it): Playwright's own browser download does not work here,
// and without the background-networking flags Chromium keeps trying hosts this machine cannot reach.
// launch() gives every browser a fresh, temporary profile of its own.
const ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: ARGS });
}

/**
 * A context with a profile kept in `profileDir`, as an installed browser has: Chromium will not
 * install an app from an incognito context, and every context of launch() is one.
 */
export function launchWithProfile(
  profileDir: string,
  options: { viewport: { width: number; height: number }; isMobile?: boolean },
): Promise<BrowserContext> {
  return chromium.launchPersistentContext(profileDir, {
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ARGS,
    viewport: options.viewport,
    isMobile: options.isMobile,
    hasTouch: options.isMobile,
  });
}
