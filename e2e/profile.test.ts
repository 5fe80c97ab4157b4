import { describe, expect, it } from 'vitest';
import { signedInPlayer } from '../game-server/testing/players.ts';
import { browserGame } from './support/browser-game.ts';
import { testShot } from './support/test-shots.ts';

describe('[profiles] a player profile in Chromium', () => {
  const browser = browserGame();

  it('when a visitor clicks a name on the rankings, then the profile shows its lands on a map, its titles and its trades', async () => {
    const { game } = browser;
    const sql = game.database.sql;
    const lord = await signedInPlayer(game, { balance: 200_000, username: 'Lady-Aveline' });
    const vassal = await signedInPlayer(game, { balance: 200_000, username: 'sir-bors' });
    const [pair] = await sql<{ city: number; town: number; other: number }[]>`
      select c.id as city, t.id as town,
             (select o.id from territories o where o.type = 'city' and o.owner_id is null and o.sale_price is not null and o.id <> c.id order by o.id desc limit 1) as other
        from territories c join territories t on t.parent_territory_id = c.id and t.owner_id is null and t.sale_price is not null
       where c.type = 'city' and c.owner_id is null and c.sale_price is not null
       order by c.id limit 1`;
    for (const id of [pair.city, pair.other]) expect((await lord.agent.post(`/api/territories/${id}/purchase`, {})).status).toBe(200);
    expect((await vassal.agent.post(`/api/territories/${pair.town}/purchase`, {})).status).toBe(200);

    const page = await (await browser.context()).newPage();
    await page.goto(`${game.server.url}/rankings`);
    await page.getByRole('tab', { name: 'Territories' }).click();
    await page.getByTestId('ranked-player').getByRole('link', { name: 'Lady-Aveline' }).click();
    await page.waitForURL(/\/players\/Lady-Aveline$/);
    await expect.poll(() => page.getByTestId('profile-territory').count(), { timeout: 15_000 }).toBe(2);
    expect(await page.getByTestId('profile-map-dot').count()).toBe(2);
    expect(await page.getByTestId('profile-header').textContent()).toContain('Dual Owner');
    expect(await page.getByText('held by sir-bors').count()).toBe(1);
    expect(await page.getByTestId('profile-trade').count()).toBe(2);
    await page.screenshot({ path: testShot('profile.png'), fullPage: true });

    await page.getByRole('link', { name: 'sir-bors' }).first().click();
    await page.waitForURL(/\/players\/sir-bors$/);
    await expect.poll(() => page.getByTestId('profile-title').textContent(), { timeout: 15_000 }).toBe('Vassal of Lady-Aveline');

    await page.goto(`${game.server.url}/players/nobody-at-all`);
    await expect
      .poll(() => page.getByTestId('profile-missing').textContent(), { timeout: 15_000 })
      .toContain('No player is called nobody-at-all');
  });
});
