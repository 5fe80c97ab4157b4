// Steps the browser tests and the screenshot script share.
import type { BrowserContext, Page } from 'playwright-core';
import { markerPosition } from '../../schema/rules/territory.ts';
import { worldToScreen, type Camera } from '../../client/map/camera.ts';

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
  await page
    .getByTestId('login-form')
    .getByRole('button', { name: /log in/i })
    .click();
  await page.getByTestId('balance').waitFor();
  return page;
}

/** Waits until the map has drawn its markers, and painted them with the geography over the world's placeholder picture. */
export async function mapReady(page: Page): Promise<void> {
  // `!= null`: before the map's lazy route has rendered there is no canvas, and `undefined` is not ready either.
  await page.waitForFunction(
    () => {
      const map = document.querySelector('[data-testid=map-canvas]');
      return map?.getAttribute('data-marker-count') != null && map.getAttribute('data-painted-at') != null;
    },
    undefined,
    {
      timeout: 30_000,
    },
  );
  await mapBoxSteady(page);
}

/**
 * Waits until the map's box has not moved for 300 ms and its canvas has followed it: on a loaded
 * machine the top bar's banner can arrive after the first paint and push the map, whose canvas (and
 * camera) follow a frame later. Answers at once when the box has long been still.
 */
async function mapBoxSteady(page: Page): Promise<void> {
  await page.waitForFunction(
    (quietMs) => {
      const map = document.querySelector<HTMLElement>('[data-testid=map-canvas]');
      const canvas = map?.querySelector('canvas');
      if (!map || !canvas) return false;
      const rect = map.getBoundingClientRect();
      const box = `${rect.x},${rect.y},${rect.width},${rect.height}`;
      const sized = Math.abs(canvas.width - map.clientWidth * devicePixelRatio) <= 1;
      const watch = window as unknown as { mapBox?: { box: string; since: number } };
      if (!sized || watch.mapBox?.box !== box) {
        watch.mapBox = { box, since: performance.now() };
        return false;
      }
      return performance.now() - watch.mapBox.since >= quietMs;
    },
    300,
    { polling: 100, timeout: 30_000 },
  );
}

export interface Placed {
  latitude: string;
  longitude: string;
}

/** Waits until the camera has stopped flying in a box that has stopped moving, and answers where it is. */
export async function mapSettled(page: Page): Promise<Camera> {
  const map = page.getByTestId('map-canvas');
  await page.waitForFunction(() => document.querySelector('[data-testid=map-canvas]')?.getAttribute('data-flying') !== 'true', undefined, {
    timeout: 30_000,
  });
  await mapBoxSteady(page);
  const [centerX, centerY, zoom] = ((await map.getAttribute('data-camera')) ?? '').split(',').map(Number);
  return { centerX, centerY, zoom };
}

/** Where the map draws a territory's marker on the page, at the camera it has now. */
export async function markerPoint(page: Page, territory: Placed): Promise<{ x: number; y: number }> {
  const camera = await mapSettled(page);
  const box = await page.getByTestId('map-canvas').boundingBox();
  if (!box) throw new Error('The map is not on the page');
  const point = worldToScreen(
    camera,
    { width: box.width, height: box.height },
    markerPosition(Number(territory.latitude), Number(territory.longitude)),
  );
  return { x: box.x + point.x, y: box.y + point.y };
}

/** Finds a territory with the map's search box and flies the camera to it. */
export async function flyToTerritory(page: Page, name: string): Promise<void> {
  const search = page.getByRole('combobox', { name: 'Find a place or a player' });
  await search.fill(name);
  await page.getByRole('listbox', { name: 'Search results' }).getByRole('option').first().click();
  await mapSettled(page);
}

// How long a click's popup may take to show before the click is counted as missed.
const POPUP_AFTER_CLICK_MS = 4000;
const CLICK_TRIES = 3;

/**
 * Clicks a territory's marker, first bringing it into view with the search box if the camera does not
 * show it, until its popup opens: on a loaded machine a click now and then lands while the map is
 * still drawing the markers, and opens nothing (the tests that use this are about what follows).
 */
export async function clickTerritory(page: Page, territory: Placed & { name?: string }): Promise<void> {
  const popup = page.getByTestId('territory-info');
  const opened = async () =>
    territory.name === undefined
      ? popup.isVisible()
      : (await popup
          .locator('h2')
          .textContent({ timeout: 200 })
          .catch(() => null)) === territory.name;
  for (let attempt = 1; ; attempt++) {
    let point = await markerPoint(page, territory);
    const box = (await page.getByTestId('map-canvas').boundingBox())!;
    const margin = 40;
    const outside =
      point.x < box.x + margin || point.x > box.x + box.width - margin || point.y < box.y + margin || point.y > box.y + box.height - margin;
    if (outside && territory.name) {
      await flyToTerritory(page, territory.name);
      point = await markerPoint(page, territory);
    }
    await page.mouse.click(point.x, point.y);
    const until = Date.now() + POPUP_AFTER_CLICK_MS;
    // The wait is the poll of the popup, which opens a frame or more after the click.
    while (Date.now() < until && !(await opened())) await page.waitForTimeout(50);
    if (await opened()) return;
    if (attempt === CLICK_TRIES) {
      const shown = await popup
        .locator('h2')
        .textContent({ timeout: 200 })
        .catch(() => 'no popup');
      throw new Error(`${CLICK_TRIES} clicks on ${territory.name ?? 'the territory'} opened no popup of it (shown: ${shown})`);
    }
  }
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
