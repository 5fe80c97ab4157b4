import { describe, expect, it } from 'vitest';
import { browserGame } from './support/browser-game.ts';
import { flyToTerritory, logIn, mapReady, register } from './support/pages.ts';
import { testShot } from './support/test-shots.ts';

// docs/rules.md §4 "Trade holds" in a real browser: a player changes its password, logs in again,
// and finds it cannot give land away for a day, told why and until when; the Wanakt lifts the hold
// from the desk, and the player can again.
describe('[§4 trade holds] a new password holds the trades until the desk lifts it', () => {
  const browser = browserGame();

  it('when a player changes its password, then it logs in again, the gift dialog says the trades are held, and after the desk lifts the hold it can give', async () => {
    const { game } = browser;
    const { page, userId } = await register(await browser.context(), game.server.url, {
      username: 'HeldOwner',
      password: 'first password',
    });
    const [land] = await game.database.sql<{ name: string }[]>`
      update territories set owner_id = ${userId}
       where id = (select id from territories where owner_id is null and type = 'village' order by id limit 1) returning name`;

    await page.goto(`${game.server.url}/account`);
    const form = page.getByTestId('password-form');
    await form.locator('input[name=current_password]').fill('first password');
    await form.locator('input[name=new_password]').fill('second password');
    await form.locator('input[name=new_password_again]').fill('second password');
    await form.getByRole('button', { name: 'Change password' }).click();
    await page.waitForURL(/\/login$/);

    const owner = await logIn(page.context(), game.server.url, { username: 'HeldOwner', password: 'second password' });
    await mapReady(owner);
    await flyToTerritory(owner, land.name);
    await owner.getByTestId('territory-info').getByRole('button', { name: 'Give away' }).click();
    const dialog = owner.getByTestId('gift-dialog');
    await dialog.locator('input[name=to]').fill('wanakt');
    const notice = dialog.getByTestId('trade-hold');
    expect(await notice.textContent()).toMatch(
      new RegExp(`^You cannot give ${land.name} away until .* UTC: the account's password was changed`),
    );
    expect(await dialog.getByRole('button', { name: 'Continue' }).isDisabled()).toBe(true);
    await dialog.screenshot({ path: testShot('trade-hold-gift.png') });

    const desk = await (await browser.context(await game.wanakt())).newPage();
    await desk.goto(`${game.server.url}/admin/desk`);
    const entry = desk.getByTestId('trade-hold-entry').filter({ hasText: 'HeldOwner' });
    expect(await entry.textContent()).toContain('Password changed');
    await desk.getByTestId('trade-holds').screenshot({ path: testShot('desk-trade-holds.png') });
    await entry.getByRole('button', { name: 'Lift hold' }).click();
    await entry.waitFor({ state: 'detached' });

    await owner.reload();
    await mapReady(owner);
    await flyToTerritory(owner, land.name);
    await owner.getByTestId('territory-info').getByRole('button', { name: 'Give away' }).click();
    await dialog.locator('input[name=to]').fill('wanakt');
    expect(await dialog.getByTestId('trade-hold').count()).toBe(0);
    expect(await dialog.getByRole('button', { name: 'Continue' }).isDisabled()).toBe(false);
  });
});
