// Draws the home-screen icons (client/public/icons/icon-*.png) from icon.svg with Debian's Chromium,
// since no image library is among the dependencies. Run it after changing the SVG and commit the
// images: the build copies them as they are.
import { readFile, writeFile } from 'node:fs/promises';
import { launchBrowser } from '../e2e/support/browser.ts';

const icons = new URL('../client/public/icons/', import.meta.url);
const svg = await readFile(new URL('icon.svg', icons), 'utf8');
const chrome = await launchBrowser();
try {
  for (const size of [192, 512]) {
    const page = await chrome.newPage({ viewport: { width: size, height: size } });
    await page.setContent(`<style>body{margin:0}svg{display:block;width:${size}px;height:${size}px}</style>${svg}`);
    await writeFile(new URL(`icon-${size}.png`, icons), await page.screenshot({ type: 'png' }));
    await page.close();
  }
} finally {
  await chrome.close();
}
