import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RevenueSummaryDto } from '../schema/api/revenue.ts';
import { DEMO_USER_ID, type TerritoryType, type UpgradeTier } from '../schema/constants.ts';
import { adRevenue } from '../schema/rules/economy.ts';
import { checkInvariants } from '../game-server/domain/economy/supply.ts';
import type { TestAgent } from '../game-server/testing/agent.ts';
import { testBackends } from '../game-server/testing/databases.ts';
import { balanceOf } from '../game-server/testing/players.ts';
import { startTestServer, type TestServer } from '../game-server/testing/test-server.ts';
import { launchBrowser } from './support/browser.ts';
import { contextOf } from './support/session-context.ts';

const SAMPLE_HOLDINGS = ['Tokyo', 'Mumbai', 'Sydney', 'Lagos'];
const drk = (amount: number) => `${amount.toLocaleString('en-US')} DRK`;

// The revenue center, rent and collectibles screens against the real server, in Debian's Chromium.
describe('the revenue, rent and collectibles screens in a real browser', () => {
  let game: TestServer;
  let chrome: Browser;
  let wanaktAgent: TestAgent;
  let sampleAgent: TestAgent;
  let pauperAgent: TestAgent;
  let pauperId: string;

  async function open(agent: TestAgent | null, path: string): Promise<Page> {
    const page = await (await contextOf(chrome, game.server.url, agent)).newPage();
    await page.goto(`${game.server.url}${path}`);
    return page;
  }

  const toastText = (page: Page) => page.locator('.toast').last().textContent();

  async function territoryId(name: string): Promise<number> {
    const [row] = await game.database.sql<{ id: number }[]>`select id from territories where name = ${name} order by id limit 1`;
    return row.id;
  }

  async function assign(name: string, userId: string): Promise<void> {
    const response = await wanaktAgent.post(`/api/territories/${await territoryId(name)}/assign`, { userId, price: 0 });
    expect(response.status, JSON.stringify(response.body)).toBe(200);
  }

  beforeAll(async () => {
    [game, chrome] = await Promise.all([startTestServer(testBackends()[0]), launchBrowser()]);
    [wanaktAgent, sampleAgent] = await Promise.all([game.wanakt(), game.demo()]);
    pauperAgent = game.agent();
    const registered = await pauperAgent.post('/api/users/register', { username: 'pauper', password: 'only-a-hundred' });
    pauperId = registered.body.id;
    for (const name of SAMPLE_HOLDINGS) await assign(name, DEMO_USER_ID);
    await assign('Cairo', pauperId);
  });
  afterAll(async () => {
    await chrome?.close();
    await game?.stop();
  });

  it('[§2 revenue] when a player opens /revenue, then the Overview shows the server summary and every tab shows its real figures', async () => {
    const page = await open(sampleAgent, '/revenue');
    const summary = (await sampleAgent.get<RevenueSummaryDto>(`/api/revenue/summary/${DEMO_USER_ID}`)).body;
    const owned = await game.database.sql<{ name: string; type: TerritoryType; monthly_revenue: string; upgrade_tier: UpgradeTier }[]>`
      select name, type, monthly_revenue::text, upgrade_tier from territories where owner_id = ${DEMO_USER_ID}`;
    expect(summary.base_revenue).toBe(owned.reduce((sum, row) => sum + Number(row.monthly_revenue), 0));

    const breakdown = page.getByTestId('revenue-breakdown');
    await expect.poll(() => page.getByTestId('total-monthly').textContent()).toBe(drk(summary.total_monthly));
    for (const label of ['Base Territory Revenue', 'Multiplier Bonus', 'Ad Revenue', 'Feudal Tribute Income', 'Total Monthly']) {
      expect(await breakdown.textContent()).toContain(label);
    }
    expect(await breakdown.textContent()).toContain(drk(summary.base_revenue));
    expect(await page.getByTestId('last-payout').textContent()).toContain('Paid Last Month');
    expect(await page.getByRole('link', { name: /Back to Map/ }).getAttribute('href')).toBe('/');

    await page.getByRole('tab', { name: 'Multipliers' }).click();
    expect(await page.getByTestId('ownership-tiers').locator('[aria-current=true]').textContent()).toContain('Land Baron');

    await page.getByRole('tab', { name: 'Ad Revenue' }).click();
    const adTotal = owned.reduce((sum, row) => sum + Math.round(adRevenue(Number(row.monthly_revenue), row.upgrade_tier, row.type)), 0);
    expect(await page.getByTestId('ad-total').textContent()).toBe(`${drk(adTotal)} / month`);
    expect(await page.getByTestId('ad-revenue-table').locator('tbody tr').count()).toBe(SAMPLE_HOLDINGS.length);

    await page.getByRole('tab', { name: 'Events' }).click();
    expect(await page.getByTestId('active-event').first().textContent()).toContain('Golden Harvest Festival');
    expect(await page.getByTestId('event-countdown').first().textContent()).toMatch(/^\d+d \d\d:\d\d:\d\d remaining$/);
    expect(await page.getByTestId('upcoming-events').textContent()).toContain("Builders' Week");
    expect(await page.getByTestId('event-benefits').textContent()).toContain('+50% revenue on every territory');

    await page.getByRole('tab', { name: 'Chains' }).click();
    expect(await page.getByRole('button', { name: /Asia-Pacific Network/ }).textContent()).toContain('Complete');
    const americas = page.getByRole('button', { name: /Americas Trade Route/ });
    expect(await americas.textContent()).toContain('Partial');
    await americas.click();
    expect(await page.locator('[data-chain="Americas Trade Route"] .chain-detail').textContent()).toContain('São PauloNot owned');

    await page.getByRole('tab', { name: 'Analytics' }).click();
    expect(await page.getByTestId('revenue-split').textContent()).toContain('70%');
    await page.getByRole('tab', { name: 'Opportunities' }).click();
    expect(await page.getByTestId('opportunities').textContent()).toContain(`+${drk((8 - SAMPLE_HOLDINGS.length) * 166)} / month`);
    await page.getByRole('tab', { name: 'Projections' }).click();
    expect(await page.getByTestId('forecast-bar').count()).toBe(6);
    expect(await page.getByTestId('annual-goal').textContent()).toContain('of $350.00 a year');
    // The goal says what it is and where the dollars come from, not a bare "$25.34 of $350.00".
    expect(await page.getByTestId('annual-goal-explained').textContent()).toMatch(
      /^A yardstick the game sets every player, not a promise: .* at the game's \$0\.016 per DRK\./,
    );
    await page.context().close();
  });

  it("[§5 upgrade] when a player buys a higher tier, then 'Territory Upgraded!' shows and the balance pays the cost; a short balance disables the buttons", async () => {
    const page = await open(sampleAgent, '/revenue');
    await page.getByRole('tab', { name: 'Upgrades' }).click();
    const lagos = page.locator('[data-territory="Lagos"]');
    const before = await balanceOf(game.database.sql, DEMO_USER_ID);
    await lagos.getByRole('button', { name: 'Upgrade for 500 DRK' }).click();
    await lagos.getByRole('button', { name: 'Confirm upgrade' }).click();
    await expect.poll(() => toastText(page)).toContain('Territory Upgraded!');
    await expect.poll(() => lagos.getByTestId('current-tier').textContent()).toContain('Premium');
    const [row] = await game.database.sql<{ upgrade_tier: string }[]>`select upgrade_tier from territories where name = 'Lagos'`;
    expect(row.upgrade_tier).toBe('premium');
    expect(await balanceOf(game.database.sql, DEMO_USER_ID)).toBe(before - 500);
    expect((await checkInvariants(game.database.sql)).problems).toEqual([]);
    await page.context().close();

    const poor = await open(pauperAgent, '/revenue');
    await poor.getByRole('tab', { name: 'Upgrades' }).click();
    const buttons = poor.locator('[data-territory="Cairo"]').getByRole('button');
    await expect.poll(() => buttons.count()).toBe(3);
    for (const button of await buttons.all()) expect(await button.isDisabled()).toBe(true);
    await poor.context().close();
  });

  it("[§8 upgrade] when the server refuses an upgrade, then 'Upgrade Failed' shows its message", async () => {
    await assign('Rome', DEMO_USER_ID);
    const page = await open(sampleAgent, '/revenue');
    await page.getByRole('tab', { name: 'Upgrades' }).click();
    const rome = page.locator('[data-territory="Rome"]');
    await rome.waitFor();
    await assign('Rome', pauperId);
    await rome.getByRole('button', { name: 'Upgrade for 500 DRK' }).click();
    await rome.getByRole('button', { name: 'Confirm upgrade' }).click();
    await expect.poll(() => toastText(page)).toContain('Upgrade Failed');
    const [row] = await game.database.sql<{ upgrade_tier: string }[]>`select upgrade_tier from territories where name = 'Rome'`;
    expect(row.upgrade_tier).toBe('standard');
    await page.context().close();
  });

  it("[§4 payment due] when the Wanakt generates the cycle, then the player sees 'Overdue by N days' / 'Pay Now' and 'Due in N days' / 'Pay Early', and paying removes the item", async () => {
    const admin = await open(wanaktAgent, '/rent');
    await admin.getByRole('button', { name: 'Generate Rent Cycle' }).click();
    await expect.poll(() => toastText(admin)).toContain('Rent Cycle Generated');
    await admin.context().close();

    const payments = await game.database.sql<{ id: number; name: string; amount: string }[]>`
      select p.id, t.name, p.amount::text from rent_payments p join territories t on t.id = p.payer_territory_id
       where p.payer_id = ${DEMO_USER_ID} and p.paid_at is null order by t.name`;
    expect(payments.map((payment) => payment.name).sort()).toEqual([...SAMPLE_HOLDINGS].sort());
    const tokyo = payments.find((payment) => payment.name === 'Tokyo')!;
    await game.database.sql`update rent_payments set due_date = now() - interval '3 days' - interval '1 hour' where id = ${tokyo.id}`;

    const page = await open(sampleAgent, '/rent');
    const overdue = page.getByTestId('overdue-payments');
    const upcoming = page.getByTestId('upcoming-payments');
    await expect.poll(() => overdue.getByTestId('rent-payment').count()).toBe(1);
    expect(await overdue.textContent()).toContain('Overdue by 3 days');
    await expect.poll(() => upcoming.getByTestId('rent-payment').count()).toBe(SAMPLE_HOLDINGS.length - 1);
    expect(await upcoming.textContent()).toMatch(/Due in \d+ days/);
    expect(await upcoming.getByRole('button', { name: 'Pay Early' }).count()).toBe(SAMPLE_HOLDINGS.length - 1);

    const before = await balanceOf(game.database.sql, DEMO_USER_ID);
    await overdue.getByRole('button', { name: 'Pay Now' }).click();
    await overdue.getByRole('button', { name: 'Confirm payment' }).click();
    await expect.poll(() => toastText(page)).toContain('Rent Paid');
    await expect.poll(() => overdue.getByTestId('rent-payment').count()).toBe(0);
    expect(await balanceOf(game.database.sql, DEMO_USER_ID)).toBe(before - Number(tokyo.amount));

    for (let left = SAMPLE_HOLDINGS.length - 1; left > 0; left--) {
      await upcoming.getByRole('button', { name: 'Pay Early' }).first().click();
      await upcoming.getByRole('button', { name: 'Confirm payment' }).click();
      await expect.poll(() => upcoming.getByTestId('rent-payment').count()).toBe(left - 1);
    }
    expect(await upcoming.textContent()).toContain('No upcoming rent payments');
    const [unpaid] = await game.database.sql<
      { n: number }[]
    >`select count(*)::int as n from rent_payments where payer_id = ${DEMO_USER_ID} and paid_at is null`;
    expect(unpaid.n).toBe(0);
    expect((await checkInvariants(game.database.sql)).problems).toEqual([]);
    await page.context().close();
  });

  it('[§2 collectibles] when a player buys a collectible, then it moves to My Collection as In Collection, and Apply makes it Applied', async () => {
    const page = await open(sampleAgent, '/collectibles');
    const [unowned] = await game.database.sql<
      { n: number }[]
    >`select count(distinct (type, rarity, name))::int as n from collectibles where owner_id is null`;
    const available = page.getByTestId('available-collectibles');
    await expect.poll(() => available.getByTestId('collectible').count()).toBe(unowned.n);
    expect(await available.getByTestId('emblem').count()).toBe(unowned.n);
    // My collection is a read of its own, which may answer after the list of what is for sale.
    await expect.poll(() => page.getByText('Your collection is empty.').count()).toBe(1);

    const first = available.getByTestId('collectible').first();
    const name = await first.locator('h3').textContent();
    const serials = await game.database.sql<{ serial_number: number }[]>`
      select serial_number from collectibles where owner_id is null and name = ${name!} order by serial_number`;
    expect(await first.getByTestId('serials').textContent()).toBe(
      `Serials left: ${serials.map((row) => `#${row.serial_number}`).join(', ')}`,
    );
    await first.getByRole('button', { name: `Buy #${serials[0].serial_number}` }).click();
    await first.getByRole('button', { name: 'Confirm purchase' }).click();
    await expect.poll(() => toastText(page)).toContain('Collectible Purchased');
    const mine = page.getByTestId('my-collection');
    await expect.poll(() => mine.textContent()).toContain(name!);
    expect(await mine.textContent()).toContain('In Collection');
    await mine.getByRole('button', { name: 'Apply' }).click();
    await expect.poll(() => mine.textContent()).toContain('Applied');
    const [owned] = await game.database.sql<{ is_active: boolean }[]>`select is_active from collectibles where owner_id = ${DEMO_USER_ID}`;
    expect(owned.is_active).toBe(true);
    await expect
      .poll(() => available.getByTestId('collectible').first().getByTestId('serials').textContent())
      .not.toContain(`#${serials[0].serial_number},`);

    await game.database.sql`update collectibles set owner_id = 'wanakt-admin' where owner_id is null`;
    await page.reload();
    await expect.poll(() => page.getByText('No collectibles available at the moment').count()).toBe(1);
    await page.context().close();
  });

  it('[§2 login required] when nobody is logged in, then /revenue, /rent and /collectibles show the login notice', async () => {
    for (const path of ['/revenue', '/rent', '/collectibles']) {
      const page = await open(null, path);
      const notice = page.getByTestId('login-required');
      await notice.waitFor();
      expect(await notice.getByRole('link', { name: 'Register' }).getAttribute('href')).toBe(`/register?next=${encodeURIComponent(path)}`);
      await page.context().close();
    }
  });
});
