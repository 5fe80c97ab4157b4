import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkInvariants, readSupply } from '../game-server/domain/economy/supply.ts';
import { testBackends } from '../game-server/testing/databases.ts';
import { balanceOf } from '../game-server/testing/players.ts';
import { startTestServer, type TestServer } from '../game-server/testing/test-server.ts';
import { DEMO_USER_ID } from '../schema/constants.ts';
import { launchBrowser } from './support/browser.ts';
import { contextOf } from './support/session-context.ts';

const ADMIN_ROUTES = ['/admin/currency', '/admin/territories', '/admin/create-city'];

// The Wanakt's screens against the real server on the embedded database, in Debian's Chromium.
describe('the admin screens in a real browser', () => {
  let game: TestServer;
  let chrome: Browser;
  let wanakt: BrowserContext;
  let player: BrowserContext;

  async function open(context: BrowserContext, path: string): Promise<Page> {
    const page = await context.newPage();
    await page.goto(`${game.server.url}${path}`);
    return page;
  }

  const toastText = (page: Page) => page.locator('.toast').last().textContent();

  beforeAll(async () => {
    [game, chrome] = await Promise.all([startTestServer(testBackends()[0]), launchBrowser()]);
    [wanakt, player] = await Promise.all([
      contextOf(chrome, game.server.url, await game.wanakt()),
      contextOf(chrome, game.server.url, await game.demo()),
    ]);
  });
  afterAll(async () => {
    await chrome?.close();
    await game?.stop();
  });

  it('[§2 admin currency] when the Wanakt opens /admin/currency, then it shows the supply of the database and mints through the form', async () => {
    const page = await open(wanakt, '/admin/currency');
    const supply = await readSupply(game.database.sql);
    const overview = page.getByTestId('supply-overview');
    await expect.poll(() => overview.textContent()).toContain(`${supply.total_supply.toLocaleString('en-US')} DRK`);
    expect(await overview.textContent()).toContain(`${(supply.max_supply - supply.total_supply).toLocaleString('en-US')} DRK`);
    expect(await overview.textContent()).toContain('21,000,000 DRK');

    const amount = page.getByLabel('Amount (DRK)');
    const badge = page.getByTestId('mint-badge');
    await amount.fill('0');
    expect(await badge.textContent()).toBe('INVALID AMOUNT');
    await amount.fill(String(supply.max_supply - supply.total_supply + 1));
    expect(await badge.textContent()).toBe('EXCEEDS SUPPLY');
    await amount.fill('12.5');
    expect(await badge.textContent()).toBe('INVALID AMOUNT');
    await amount.fill('750');
    expect(await badge.textContent()).toBe('VALID AMOUNT');

    const before = await balanceOf(game.database.sql, DEMO_USER_ID);
    await page.getByRole('combobox', { name: 'Recipient' }).fill('sample');
    await page.getByRole('option', { name: 'sample', exact: true }).click();
    await page.getByRole('button', { name: 'Mint DRK' }).click();
    // The mint asks first, and nothing is minted until it is confirmed.
    const confirm = page.getByTestId('mint-form').getByTestId('confirm-spend');
    expect(await confirm.textContent()).toContain("Mint 750 DRK into sample's balance?");
    expect(await balanceOf(game.database.sql, DEMO_USER_ID)).toBe(before);
    await confirm.getByRole('button', { name: 'Confirm mint' }).click();
    await expect.poll(() => toastText(page)).toContain('750 DRK minted to sample');
    expect(await balanceOf(game.database.sql, DEMO_USER_ID)).toBe(before + 750);
    await expect.poll(() => overview.textContent()).toContain(`${(supply.total_supply + 750).toLocaleString('en-US')} DRK`);
    expect((await checkInvariants(game.database.sql)).problems).toEqual([]);
    await page.close();
  });

  it('[§5 assignment] when the Wanakt assigns a territory, then the badge reads GIFT or PAID ASSIGNMENT, both fields are required and the lists move it', async () => {
    const page = await open(wanakt, '/admin/territories');
    const form = page.getByTestId('assign-form');
    const badge = page.getByTestId('assignment-badge');
    await form.waitFor();
    expect(await page.getByLabel('Price (DRK)').inputValue()).toBe('0');
    expect(await badge.textContent()).toBe('GIFT ASSIGNMENT');
    await page.getByLabel('Price (DRK)').fill('400');
    expect(await badge.textContent()).toBe('PAID ASSIGNMENT');
    await page.getByLabel('Price (DRK)').fill('0');
    expect(await badge.textContent()).toBe('GIFT ASSIGNMENT');

    await form.getByRole('button', { name: 'Assign Territory' }).click();
    expect(await form.getByRole('alert').textContent()).toBe('Please select both a territory and a user');

    const [lagos] = await game.database.sql<{ id: number }[]>`select id from territories where name = 'Lagos'`;
    const available = page.getByTestId('available-territories');
    const lagosAvailable = available.locator('li[data-territory="Lagos"]');
    expect(await lagosAvailable.count()).toBe(1);
    await form.getByRole('combobox', { name: 'Territory' }).fill('lagos');
    await form
      .getByRole('option')
      .filter({ has: page.locator('span', { hasText: /^Lagos$/ }) })
      .click();
    expect(await form.getByRole('combobox', { name: 'Territory' }).inputValue()).toBe('Lagos');
    await form.getByRole('combobox', { name: 'User' }).fill('sample');
    await form.getByRole('option', { name: 'sample', exact: true }).click();
    await form.getByRole('button', { name: 'Assign Territory' }).click();
    expect(await form.getByTestId('confirm-spend').textContent()).toContain('Give Lagos to sample as a gift? No DRK moves.');
    await form.getByRole('button', { name: 'Confirm assignment' }).click();
    await expect.poll(() => toastText(page)).toContain('Lagos was given to sample as a gift');
    const [row] = await game.database.sql<{ owner_id: string }[]>`select owner_id from territories where id = ${lagos.id}`;
    expect(row.owner_id).toBe(DEMO_USER_ID);
    await expect.poll(() => page.getByTestId('owned-territories').locator('tr[data-territory="Lagos"]').count()).toBe(1);
    expect(await lagosAvailable.count()).toBe(0);
    await page.close();
  });

  it('[§5 rent amount] when the Wanakt edits a rent, then a bad amount is refused with its toast, Cancel keeps the rent and Save stores it', async () => {
    const page = await open(wanakt, '/admin/territories');
    const row = page.getByTestId('owned-territories').locator('tr[data-territory="Lagos"]');
    await expect.poll(() => row.getByTestId('rent-value').textContent()).toBe('111 DRK');

    await row.getByRole('button', { name: 'Edit the rent of Lagos' }).click();
    await row.getByLabel('Rent of Lagos in DRK').fill('-20');
    await row.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => toastText(page)).toContain('Invalid Amount');
    expect(await toastText(page)).toContain('Please enter a valid rent amount (0 or positive number)');
    await row.getByRole('button', { name: 'Cancel' }).click();
    expect(await row.getByTestId('rent-value').textContent()).toBe('111 DRK');

    await row.getByRole('button', { name: 'Edit the rent of Lagos' }).click();
    await row.getByLabel('Rent of Lagos in DRK').fill('95');
    await row.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => toastText(page)).toContain('Rent Updated');
    expect(await toastText(page)).toContain('Rent for Lagos set to 95 DRK');
    await expect.poll(() => row.getByTestId('rent-value').textContent()).toBe('95 DRK');
    const [stored] = await game.database.sql<{ rent_amount: string }[]>`select rent_amount::text from territories where name = 'Lagos'`;
    expect(stored.rent_amount).toBe('95');
    await page.close();
  });

  it("[§5 admin create city] when fields are missing, then 'Error' / 'Please fill in all required fields'; a created town refreshes the list and resets the form", async () => {
    const page = await open(wanakt, '/admin/create-city');
    const form = page.getByTestId('create-city-form');
    await form.waitFor();
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Create New Settlement');
    expect(await page.getByRole('link', { name: /Back to Dashboard/ }).getAttribute('href')).toBe('/');
    await page.getByLabel('Settlement Name *').fill('Reykjavík');
    await form.getByRole('button', { name: 'Create City' }).click();
    await expect.poll(() => toastText(page)).toContain('Please fill in all required fields');
    expect(await toastText(page)).toContain('Error');

    // The seeded world holds every Quick Add city: the panel says so rather than offering them to be refused.
    expect(await page.getByTestId('quick-add-none').textContent()).toContain('of these cities are on the map already');
    expect(await page.getByTestId('quick-add').getByRole('button').count()).toBe(0);

    await page.getByLabel('Settlement Name *').fill('Reykjavík');
    await page.getByLabel('Latitude *').fill('64.1466');
    await page.getByLabel('Longitude *').fill('-21.9426');
    await page.getByTestId('type-select').selectOption({ label: 'Town' });
    await page.getByLabel('Base Price (DRK)').fill('3300');
    await form.getByRole('button', { name: 'Create City' }).click();
    await expect.poll(() => toastText(page)).toContain('New city created successfully');
    expect(await toastText(page)).toContain('Success!');

    const [created] = await game.database.sql<{ type: string; price: string; latitude: string }[]>`
      select type, price::text, latitude::text from territories where name = 'Reykjavík'`;
    expect(created).toMatchObject({ type: 'town', price: '3300' });
    expect(Number(created.latitude)).toBeCloseTo(64.1466);
    await expect.poll(() => page.getByTestId('newest-territories').textContent()).toContain('Reykjavík');
    expect(await page.getByLabel('Settlement Name *').inputValue()).toBe('');
    expect(await page.getByLabel('Base Price (DRK)').inputValue()).toBe('5000');
    expect(await page.getByTestId('type-select').inputValue()).toBe('main');
    await page.close();
  });

  it('[§6 roles] when a player opens an admin page, then it reads "Only the Wanakt can use this page" and shows no admin control', async () => {
    for (const path of ADMIN_ROUTES) {
      const page = await open(player, path);
      await expect.poll(() => page.getByTestId('wanakt-only').textContent()).toContain('Only the Wanakt can use this page');
      for (const control of ['mint-form', 'assign-form', 'create-city-form', 'owned-territories']) {
        expect(await page.getByTestId(control).count(), `${path} ${control}`).toBe(0);
      }
      await page.close();
    }
    const rent = await open(player, '/rent');
    await rent.getByTestId('rent-structure').waitFor();
    expect(await rent.getByTestId('rent-generate').count()).toBe(0);
    await rent.close();
  });

  it('[§2 login required] when nobody is logged in, then the admin pages show the login notice with links to /login and /register that come back to the page', async () => {
    const visitor = await contextOf(chrome, game.server.url, null);
    for (const path of ADMIN_ROUTES) {
      const page = await open(visitor, path);
      const notice = page.getByTestId('login-required');
      await notice.waitFor();
      expect(await notice.getByRole('link', { name: 'Log in' }).getAttribute('href')).toBe(`/login?next=${encodeURIComponent(path)}`);
      expect(await notice.getByRole('link', { name: 'Register' }).getAttribute('href')).toBe(`/register?next=${encodeURIComponent(path)}`);
      expect(await page.getByTestId('mint-form').count()).toBe(0);
      await page.close();
    }
    await visitor.close();
  });
});
