import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_USER_ID } from '../schema/constants.ts';
import { checkInvariants } from '../game-server/domain/economy/supply.ts';
import type { TestAgent } from '../game-server/testing/agent.ts';
import { testBackends } from '../game-server/testing/databases.ts';
import { balanceOf } from '../game-server/testing/players.ts';
import { startTestServer, type TestServer } from '../game-server/testing/test-server.ts';
import { launchBrowser } from './support/browser.ts';
import { contextOf } from './support/session-context.ts';
import { testShot } from './support/test-shots.ts';

const drk = (amount: number) => `${amount.toLocaleString('en-US')} DRK`;

// "No money moves without a clear, reversible step": every spend, in the built
// client against the real server, is opened and backed out of (nothing moves), then confirmed (the
// balance moves by the price shown). The broadcast is paid in the sandbox's test mode and sent by its payment.
describe('every spend asks before money moves', () => {
  let game: TestServer;
  let chrome: Browser;
  let wanaktAgent: TestAgent;
  let sampleAgent: TestAgent;

  async function open(agent: TestAgent | null, path: string, viewport = { width: 1280, height: 900 }): Promise<Page> {
    const page = await (await contextOf(chrome, game.server.url, agent, viewport)).newPage();
    await page.goto(`${game.server.url}${path}`);
    return page;
  }

  const balance = () => balanceOf(game.database.sql, DEMO_USER_ID);
  const toastText = (page: Page) => page.locator('.toast').last().textContent();

  /** Opens the spend, checks the confirmation's figures, backs out (nothing moves), opens it again and confirms. */
  async function backOutThenConfirm(start: Locator, scope: Locator, cost: number, confirmLabel: string): Promise<void> {
    const before = await balance();
    await start.click();
    const confirm = scope.getByTestId('confirm-spend');
    await confirm.waitFor();
    expect(await confirm.textContent()).toContain(`Your balance goes from ${drk(before)} to ${drk(before - cost)}.`);
    expect(await balance()).toBe(before);
    await confirm.getByRole('button', { name: 'Back' }).click();
    await confirm.waitFor({ state: 'detached' });
    expect(await balance()).toBe(before);
    await start.click();
    await scope.getByTestId('confirm-spend').getByRole('button', { name: confirmLabel }).click();
    await expect.poll(balance, { timeout: 10_000 }).toBe(before - cost);
  }

  beforeAll(async () => {
    [game, chrome] = await Promise.all([startTestServer(testBackends()[0]), launchBrowser()]);
    [wanaktAgent, sampleAgent] = await Promise.all([game.wanakt(), game.demo()]);
    // Enough DRK for every spend below, and two places to upgrade and to pay rent for.
    expect((await wanaktAgent.post('/api/currency/mint', { amount: 50_000, recipientId: DEMO_USER_ID })).status).toBe(200);
    for (const name of ['Lagos', 'Tokyo']) {
      const [row] = await game.database.sql<{ id: number }[]>`select id from territories where name = ${name} order by id limit 1`;
      expect((await wanaktAgent.post(`/api/territories/${row.id}/assign`, { userId: DEMO_USER_ID, price: 0 })).status).toBe(200);
    }
  });
  afterAll(async () => {
    await chrome?.close();
    await game?.stop();
  });

  it('[buy] when a player opens a listing and cancels, then nothing moves; Buy for N in the dialog (price, balance, after) moves exactly the price', async () => {
    const page = await open(sampleAgent, '/marketplace');
    const listing = page.getByTestId('listing').first();
    await listing.waitFor();
    const name = (await listing.locator('h3').textContent())!;
    const [row] = await game.database.sql<
      { sale_price: number }[]
    >`select sale_price::int from territories where name = ${name} and sale_price is not null`;
    const before = await balance();
    await listing.getByRole('button').click();
    const dialog = page.getByTestId('purchase-dialog');
    await dialog.waitFor();
    expect(await dialog.textContent()).toContain(`After purchase${drk(before - row.sale_price)}`);
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'detached' });
    expect(await balance()).toBe(before);
    await listing.getByRole('button').click();
    await dialog.getByRole('button', { name: `Buy for ${drk(row.sale_price)}` }).click();
    await expect.poll(() => toastText(page), { timeout: 10_000 }).toContain('Purchase Successful!');
    expect(await balance()).toBe(before - row.sale_price);
    await page.context().close();
  });

  it('[upgrade] when a player chooses an upgrade, then it asks first; Back moves nothing, Confirm upgrade pays the price', async () => {
    const page = await open(sampleAgent, '/revenue');
    await page.getByRole('tab', { name: 'Upgrades' }).click();
    const lagos = page.locator('[data-territory="Lagos"]');
    await backOutThenConfirm(lagos.getByRole('button', { name: 'Upgrade for 500 DRK' }), lagos, 500, 'Confirm upgrade');
    await expect.poll(() => lagos.getByTestId('current-tier').textContent(), { timeout: 10_000 }).toContain('Premium');
    await page.context().close();
  });

  it('[pay rent] when a player pays rent, then it asks first; Back moves nothing, Confirm payment pays the amount', async () => {
    const admin = await open(wanaktAgent, '/rent');
    await admin.getByRole('button', { name: 'Generate Rent Cycle' }).click();
    await expect.poll(() => toastText(admin), { timeout: 10_000 }).toContain('Rent Cycle Generated');
    await admin.context().close();
    const [due] = await game.database.sql<{ amount: number }[]>`
      select p.amount::int from rent_payments p join territories t on t.id = p.payer_territory_id
       where p.payer_id = ${DEMO_USER_ID} and p.paid_at is null order by t.name limit 1`;

    const page = await open(sampleAgent, '/rent');
    const first = page.getByTestId('upcoming-payments').getByTestId('rent-payment').first();
    await first.waitFor();
    await first.getByRole('button', { name: 'Pay Early' }).click();
    await page.screenshot({ path: testShot('rent.png') });
    await first.getByRole('button', { name: 'Back' }).click();
    const before = await balance();
    await backOutThenConfirm(first.getByRole('button', { name: 'Pay Early' }), first, due.amount, 'Confirm payment');
    // Paid on time, the rent may also complete a task of the running season (docs/rules.md §10), whose
    // notice takes the one toast: the balance says the payment went through.
    await expect.poll(() => balance(), { timeout: 10_000 }).toBe(before - due.amount);
    await page.context().close();
  });

  it('[collectible] when a player buys a collectible, then it asks first; Back moves nothing, Confirm purchase pays the price', async () => {
    const page = await open(sampleAgent, '/collectibles');
    const first = page.getByTestId('available-collectibles').getByTestId('collectible').first();
    await first.waitFor();
    const name = (await first.locator('h3').textContent())!;
    const [item] = await game.database.sql<{ price: number; serial_number: number }[]>`
      select price::int, serial_number from collectibles where owner_id is null and name = ${name} order by serial_number limit 1`;
    const buy = first.getByRole('button', { name: `Buy #${item.serial_number}` });
    await buy.click();
    await page.screenshot({ path: testShot('collectibles.png') });
    await first.getByRole('button', { name: 'Back' }).click();
    await backOutThenConfirm(buy, first, item.price, 'Confirm purchase');
    await expect.poll(() => page.getByTestId('my-collection').textContent(), { timeout: 10_000 }).toContain(name);
    await page.context().close();
  });

  it('[broadcast] when a player cancels the payment, then nothing is paid or sent; paying sends it at once and the screen confirms it with its reach, with no second Send', async () => {
    const page = await open(sampleAgent, '/broadcast');
    const message = page.locator('textarea[name=broadcast-message]');
    await message.fill('Spices arrive in Lagos at noon');
    await page.getByRole('button', { name: 'Pay $1.00 to Broadcast' }).click();
    const payment = page.getByTestId('broadcast-payment');
    await payment.waitFor();
    expect(await payment.textContent()).toContain('Pay $1.00 and your message goes out to every territory at once: the payment sends it.');
    const openCheckouts = async () =>
      (
        await game.database.sql<
          { n: number }[]
        >`select count(*)::int as n from payments where user_id = ${DEMO_USER_ID} and purpose = 'broadcast' and status = 'pending'`
      )[0].n;
    const canceledByPlayer = async () =>
      (
        await game.database.sql<{ n: number }[]>`
          select count(*)::int as n from payments
           where user_id = ${DEMO_USER_ID} and purpose = 'broadcast' and status = 'canceled' and canceled_by_player`
      )[0].n;
    // The checkout is open before Cancel payment, so what follows shows the cancel closing it.
    expect([await openCheckouts(), await canceledByPlayer()]).toEqual([1, 0]);
    await page.getByRole('button', { name: 'Cancel payment' }).click();
    await payment.waitFor({ state: 'detached' });
    const count = async () =>
      (await game.database.sql<{ n: number }[]>`select count(*)::int as n from broadcasts where sender_id = ${DEMO_USER_ID}`)[0].n;
    const paid = async () =>
      (
        await game.database.sql<
          { n: number }[]
        >`select count(*)::int as n from payments where user_id = ${DEMO_USER_ID} and purpose = 'broadcast' and status = 'succeeded'`
      )[0].n;
    expect([await count(), await paid()]).toEqual([0, 0]);
    // Cancel payment cancels the checkout on the server, so paying again right after opens a new one.
    expect(await openCheckouts()).toBe(0);
    expect(await canceledByPlayer()).toBe(1);
    const drkBefore = await balance();
    await page.getByRole('button', { name: 'Pay $1.00 to Broadcast' }).click();
    await page.getByRole('button', { name: 'Pay $1.00 and send' }).click();
    const sent = page.getByTestId('broadcast-sent');
    await expect.poll(() => sent.textContent(), { timeout: 15_000 }).toMatch(/reached [1-9]\d* players? online/);
    expect(await sent.textContent()).toContain('Spices arrive in Lagos at noon');
    expect(await page.getByRole('button', { name: /Send/ }).count()).toBe(0);
    expect([await count(), await paid()]).toEqual([1, 1]);
    expect(await balance()).toBe(drkBefore);
    // The message went out paid by the new checkout's card payment ($1), not by the canceled one and not in DRK.
    const [sentBy] = await game.database.sql<{ message: string; status: string; amount_cents: number; canceled_by_player: boolean }[]>`
      select b.message, p.status, p.amount_cents, p.canceled_by_player from broadcasts b join payments p on p.id = b.payment_id
       where b.sender_id = ${DEMO_USER_ID}`;
    expect(sentBy).toEqual({
      message: 'Spices arrive in Lagos at noon',
      status: 'succeeded',
      amount_cents: 100,
      canceled_by_player: false,
    });
    await page.screenshot({ path: testShot('broadcast.png') });
    await page.context().close();
  });

  it('[mint] when the Wanakt mints, then it asks first; Back mints nothing, Confirm mint adds the amount', async () => {
    const page = await open(wanaktAgent, '/admin/currency');
    const form = page.getByTestId('mint-form');
    await page.getByLabel('Amount (DRK)').fill('300');
    await page.getByRole('combobox', { name: 'Recipient' }).fill('sample');
    await page.getByRole('option', { name: 'sample', exact: true }).click();
    const before = await balance();
    await form.getByRole('button', { name: 'Mint DRK' }).click();
    await form.getByTestId('confirm-spend').getByRole('button', { name: 'Back' }).click();
    expect(await balance()).toBe(before);
    await form.getByRole('button', { name: 'Mint DRK' }).click();
    await form.getByTestId('confirm-spend').getByRole('button', { name: 'Confirm mint' }).click();
    await expect.poll(balance, { timeout: 10_000 }).toBe(before + 300);
    await page.context().close();
  });

  it('[assign] when the Wanakt assigns a territory for a price, then it asks first naming who pays what; Back moves nothing, Confirm assignment charges the player', async () => {
    const page = await open(wanaktAgent, '/admin/territories');
    const form = page.getByTestId('assign-form');
    await form.waitFor();
    await form.getByRole('combobox', { name: 'Territory' }).fill('cairo');
    await form
      .getByRole('option')
      .filter({ has: page.locator('span', { hasText: /^Cairo$/ }) })
      .click();
    await form.getByRole('combobox', { name: 'User' }).fill('sample');
    await form.getByRole('option', { name: 'sample', exact: true }).click();
    await page.getByLabel('Price (DRK)').fill('300');
    const before = await balance();
    await form.getByRole('button', { name: 'Assign Territory' }).click();
    const confirm = form.getByTestId('confirm-spend');
    expect(await confirm.textContent()).toContain("Assign Cairo to sample for 300 DRK? sample pays it to the Wanakt's treasury");
    await page.screenshot({ path: testShot('admin-territories.png') });
    await confirm.getByRole('button', { name: 'Back' }).click();
    expect(await balance()).toBe(before);
    await form.getByRole('button', { name: 'Assign Territory' }).click();
    await form.getByRole('button', { name: 'Confirm assignment' }).click();
    await expect.poll(balance, { timeout: 10_000 }).toBe(before - 300);
    const [cairo] = await game.database.sql<
      { owner_id: string }[]
    >`select owner_id from territories where name = 'Cairo' order by id limit 1`;
    expect(cairo.owner_id).toBe(DEMO_USER_ID);
    expect((await checkInvariants(game.database.sql)).problems).toEqual([]);
    await page.context().close();
  });
});
