import { describe, expect, it } from 'vitest';
import { STARTING_BALANCE } from '../schema/constants.ts';
import { STARTER_PRICE } from '../schema/rules/first-steps.ts';
import { checkInvariants } from '../game-server/domain/economy/supply.ts';
import { browserGame } from './support/browser-game.ts';
import { register } from './support/pages.ts';

describe("[first steps] a newcomer's first minutes", () => {
  const browser = browserGame();

  it('when a newcomer registers, then it owns a territory from the welcome panel without paying any money', async () => {
    const { game } = browser;
    const { page, userId } = await register(await browser.context(), game.server.url, {
      username: 'Newcomer',
      password: 'first-steps-pass',
    });
    await page.goto(game.server.url);
    const welcome = page.getByTestId('first-steps');
    await welcome.getByText('Welcome! Pick your first territory').waitFor();
    await expect.poll(() => page.getByTestId('territory-count').textContent(), { timeout: 30_000 }).toBe('0');
    const choice = welcome.getByTestId('starter-choice').first();
    const name = (await choice.locator('.starter-name').textContent())!;
    const offered = await choice.locator('[data-figure=monthly_earnings]').textContent();
    await choice.getByRole('button', { name: `Claim for ${STARTER_PRICE} DRK` }).click();
    // Like every spend, the claim asks first, with what it costs and what is left.
    const confirm = choice.getByTestId('confirm-spend');
    expect(await confirm.textContent()).toContain(
      `Your balance goes from ${STARTING_BALANCE} DRK to ${STARTING_BALANCE - STARTER_PRICE} DRK`,
    );
    await confirm.getByRole('button', { name: `Claim ${name}` }).click();

    await welcome.getByText(`${name} is yours`).waitFor();
    // One earnings figure on every screen (docs/rules.md §9): what was offered, what the panel says, the popup and My Territories.
    const earns = welcome.locator('[data-figure=monthly_earnings]');
    expect(await earns.textContent()).toBe(offered);
    await expect.poll(() => page.getByTestId('my-territories').locator('[data-figure=monthly_earnings]').textContent()).toBe(offered);
    await expect.poll(() => page.getByTestId('territory-info').locator('h2').textContent()).toBe(name);
    await expect
      .poll(() => page.getByTestId('territory-info').locator('[data-figure=monthly_earnings]').textContent())
      .toBe(`${offered} / month`);
    await page.screenshot({ path: '/tmp/deadends-first-steps-claimed.png' });
    await expect.poll(() => page.getByTestId('territory-count').textContent(), { timeout: 15_000 }).toBe('1');
    await expect.poll(() => page.getByTestId('balance').textContent(), { timeout: 15_000 }).toBe(`${STARTING_BALANCE - STARTER_PRICE} DRK`);
    expect(await page.getByTestId('my-territories').textContent()).toContain(name);

    const sql = game.database.sql;
    const [owned] = await sql`select name from territories where owner_id = ${userId}`;
    expect(owned.name).toBe(name);
    const [payments] = await sql`select count(*)::int as n from payments where user_id = ${userId}`;
    expect(payments.n).toBe(0);
    expect((await checkInvariants(sql)).problems).toEqual([]);
  });
});
