// Saves every route at 1280x800 and the dashboard and economy at 375 px wide under docs/screenshots/,
// as the Wanakt and as the demo player, from the real server on a fresh embedded database.
// Run: npx vite build && npm exec -- node e2e/screenshots.ts [name ...]   (names: only those routes, e.g. revenue rent profile)
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser } from './support/browser.ts';
import type { TerritoryDto } from '../schema/api/territory.ts';
import { clickTerritory, logIn, mapReady, type Login } from './support/pages.ts';
import { LOGINS, startStandaloneServer } from './support/standalone-server.ts';
import { DEMO_USER_ID, WANAKT_USER_ID } from '../schema/constants.ts';
import { inTransaction } from '../game-server/infra/db/database.ts';
import { mint, transfer } from '../game-server/domain/economy/ledger.ts';
import { generateLedgerHistory } from '../game-server/testing/ledger-history.ts';

const OUT = join(import.meta.dirname, '..', 'docs', 'screenshots');
const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 375, height: 812 };

const ROUTES: { path: string; name: string; as: keyof typeof LOGINS | null }[] = [
  { path: '/', name: 'dashboard-wanakt', as: 'wanakt' },
  { path: '/', name: 'dashboard-player', as: 'demo' },
  { path: '/marketplace', name: 'marketplace', as: 'demo' },
  { path: '/revenue', name: 'revenue', as: 'demo' },
  { path: '/wonders', name: 'wonders', as: 'demo' },
  { path: '/collectibles', name: 'collectibles', as: 'demo' },
  { path: '/broadcast', name: 'broadcast', as: 'demo' },
  { path: '/admin/currency', name: 'admin-currency', as: 'wanakt' },
  { path: '/admin/territories', name: 'admin-territories', as: 'wanakt' },
  { path: '/admin/create-city', name: 'admin-create-city', as: 'wanakt' },
  { path: '/feudal', name: 'feudal', as: 'demo' },
  { path: '/register', name: 'register', as: null },
  { path: '/rent', name: 'rent', as: 'demo' },
  { path: '/drk-store', name: 'drk-store', as: 'demo' },
  { path: '/advertise', name: 'advertise', as: null },
  { path: '/no/such/page', name: 'not-found', as: null },
  { path: '/rankings', name: 'rankings', as: 'demo' },
  { path: '/admin/desk', name: 'admin-desk', as: 'wanakt' },
  { path: '/players/sample', name: 'profile', as: 'demo' },
];
const ONLY = process.argv.slice(2);
// The demo player's realm, so its revenue, rent and profile show real figures: four main cities,
// one of them upgraded, and a village whose lord is unowned (its rent goes to nobody).
const DEMO_HOLDINGS = ['Tokyo', 'Mumbai', 'Sydney', 'Lagos'];

async function pageAs(browser: Browser, baseUrl: string, login: Login | null, viewport: { width: number; height: number }): Promise<Page> {
  const context = await browser.newContext({
    viewport,
    deviceScaleFactor: 1,
    isMobile: viewport.width < 500,
    hasTouch: viewport.width < 500,
  });
  return login ? logIn(context, baseUrl, login) : context.newPage();
}

// Lets queries answer and fonts settle; the map needs its markers drawn.
async function settle(page: Page, path: string): Promise<void> {
  await page.waitForLoadState('networkidle');
  if (path === '/') await mapReady(page);
  await page.waitForTimeout(600);
}

async function shoot(page: Page, baseUrl: string, path: string, file: string, options: { fullPage?: boolean } = {}): Promise<void> {
  await page.goto(`${baseUrl}${path}`);
  await settle(page, path);
  await page.screenshot({ path: join(OUT, `${file}.png`), fullPage: options.fullPage });
  console.log(`saved docs/screenshots/${file}.png`);
}

const server = await startStandaloneServer();
const browser = await launchBrowser();
try {
  await mkdir(OUT, { recursive: true });
  const pages = new Map<string, Page>();
  const pageFor = async (as: keyof typeof LOGINS | null) => {
    const key = as ?? 'visitor';
    if (!pages.has(key)) pages.set(key, await pageAs(browser, server.url, as ? LOGINS[as] : null, DESKTOP));
    return pages.get(key)!;
  };
  const sql = server.database.sql;
  await sql`update territories set owner_id = ${DEMO_USER_ID} where name in ${sql(DEMO_HOLDINGS)} and type = 'main'`;
  await sql`update territories set upgrade_tier = 'premium' where name = 'Tokyo' and type = 'main'`;
  await sql`
    update territories set owner_id = ${DEMO_USER_ID}
     where id = (select v.id from territories v join territories t on t.id = v.parent_territory_id
                  where v.type = 'village' and t.owner_id is null order by v.id limit 1)`;
  for (const route of ROUTES.filter((candidate) => ONLY.length === 0 || ONLY.includes(candidate.name))) {
    await shoot(await pageFor(route.as), server.url, route.path, route.name);
  }
  // The rest only in a full run.
  if (ONLY.length === 0) {
    // The Wanakt's dashboard with a territory selected: its management panels and the map's info panel.
    const wanakt = await pageFor('wanakt');
    await wanakt.goto(`${server.url}/`);
    await settle(wanakt, '/');
    await wanakt.getByRole('button', { name: 'Boundaries' }).click();
    await wanakt.getByRole('button', { name: 'Links' }).click();
    const territories = (await (await fetch(`${server.url}/api/territories`)).json()) as TerritoryDto[];
    await clickTerritory(
      wanakt,
      territories.find((territory) => territory.name === 'London')!,
    );
    // The wait is for the picture only (a docs screenshot, nothing asserted): transitions end before the shot.
    await wanakt.waitForTimeout(600);
    await wanakt.screenshot({ path: join(OUT, 'dashboard-wanakt-selected.png') });
    console.log('saved docs/screenshots/dashboard-wanakt-selected.png');

    const phone = await pageAs(browser, server.url, LOGINS.demo, PHONE);
    await shoot(phone, server.url, '/', 'dashboard-phone');
    await phone.getByRole('button', { name: '☰ Menu' }).click();
    // The wait is for the picture only (a docs screenshot, nothing asserted): transitions end before the shot.
    await phone.waitForTimeout(400);
    await phone.screenshot({ path: join(OUT, 'dashboard-phone-menu.png') });
    console.log('saved docs/screenshots/dashboard-phone-menu.png');

    // The open books after a generated year of activity, and the demo player's statement.
    await generateLedgerHistory(server.database.sql, { rows: 60_000, days: 365, players: 400, now: new Date() });
    await inTransaction(server.database.sql, async (tx) => {
      await mint(tx, DEMO_USER_ID, { amount: 240, reason: 'earnings' }, new Date());
      await transfer(tx, DEMO_USER_ID, 'gen-7', { amount: 75, reason: 'rent' }, new Date());
      await transfer(tx, 'gen-12', DEMO_USER_ID, { amount: 120, reason: 'rent' }, new Date());
      await transfer(tx, DEMO_USER_ID, WANAKT_USER_ID, { amount: 500, reason: 'upgrade' }, new Date());
    });
    await shoot(await pageFor(null), server.url, '/economy', 'economy', { fullPage: true });
    await shoot(await pageAs(browser, server.url, null, PHONE), server.url, '/economy', 'economy-phone', { fullPage: true });
    await shoot(await pageFor('demo'), server.url, '/account', 'account');
  }
} finally {
  await browser.close();
  await server.stop();
}
