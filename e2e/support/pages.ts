// Steps the browser tests and the screenshot script share.
import type { BrowserContext, Page } from 'playwright-core';
import { markerPosition } from '../../schema/rules/territory.ts';
import { INITIAL_CAMERA, worldToScreen } from '../../client/map/camera.ts';

export interface Login {
  username: string;
  password: string;
}

/** Logs the context in through the login form and waits for the dashboard to show the balance. */
export async function logIn(context: BrowserContext, baseUrl: string, login: Login): Promise<Page> {
  const page = await context.newPage();
  await page.goto(`${baseUrl}/login`);
  await page.locator('input[name=username]').fill(login.username);
  await page.locator('input[name=password]').fill(login.password);
  await page.getByTestId('login-form').getByRole('button', { name: /log in/i }).click();
  await page.getByTestId('balance').waitFor();
  return page;
}

/** Waits until the map has drawn its markers. */
export async function mapReady(page: Page): Promise<void> {
  await page.waitForFunction(() => document.querySelector('[data-testid=map-canvas]')?.getAttribute('data-marker-count') !== null, undefined, {
    timeout: 30_000,
  });
}

export interface Placed {
  latitude: string;
  longitude: string;
}

/** Where the map draws a territory's marker on the page, at the camera the map starts with. */
export async function markerPoint(page: Page, territory: Placed): Promise<{ x: number; y: number }> {
  const box = await page.getByTestId('map-canvas').boundingBox();
  if (!box) throw new Error('The map is not on the page');
  const point = worldToScreen(INITIAL_CAMERA, { width: box.width, height: box.height }, markerPosition(Number(territory.latitude), Number(territory.longitude)));
  return { x: box.x + point.x, y: box.y + point.y };
}

export async function clickTerritory(page: Page, territory: Placed): Promise<void> {
  const point = await markerPoint(page, territory);
  await page.mouse.click(point.x, point.y);
}

/** Registers a new player through the form; answers its page (on the success panel) and its id. */
export async function register(context: BrowserContext, baseUrl: string, login: Login): Promise<{ page: Page; userId: string }> {
  const page = await context.newPage();
  await page.goto(`${baseUrl}/register`);
  await page.locator('input[name=username]').fill(login.username);
  await page.locator('input[name=password]').fill(login.password);
  await page.getByRole('button', { name: 'Register' }).click();
  await page.getByTestId('register-success').waitFor();
  const userId = (await page.getByTestId('user-id').textContent()) ?? '';
  return { page, userId };
}

export interface MapTerritory extends Placed {
  id: number;
  name: string;
}

/**
 * The territories, among `candidates`, whose marker no other marker crowds, so a click on it can
 * only mean it. `clearance` is in world units (the 1000x600 map).
 */
export function isolated<T extends MapTerritory>(candidates: readonly T[], everyone: readonly MapTerritory[], clearance = 4): T[] {
  const at = (territory: Placed) => markerPosition(Number(territory.latitude), Number(territory.longitude));
  return candidates.filter((candidate) => {
    const here = at(candidate);
    return everyone.every((other) => {
      if (other.id === candidate.id) return true;
      const there = at(other);
      return Math.hypot(there.x - here.x, there.y - here.y) >= clearance;
    });
  });
}
