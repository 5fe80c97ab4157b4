import { describe, expect, it } from 'vitest';
import type { TerritoryDto } from '../schema/api/territory.ts';
import { signedInPlayer } from '../game-server/testing/players.ts';
import { browserGame } from './support/browser-game.ts';
import { clickTerritory, isolated, mapReady } from './support/pages.ts';

describe('[§2 map] who holds a territory', () => {
  const browser = browserGame();

  it("when a player clicks another player's territory, then the popup and the details panel name the owner, each a link to its profile", async () => {
    const { game } = browser;
    const everyone = (await game.agent().get<TerritoryDto[]>('/api/territories')).body;
    const [taken] = await game.database.sql<
      { ids: number[] }[]
    >`select coalesce(array_agg(id), '{}') as ids from territories where owner_id is not null`;
    const territory = isolated(
      everyone.filter((candidate) => candidate.type === 'city' && !taken.ids.includes(candidate.id)),
      everyone,
    )[0];
    const owner = await signedInPlayer(game, { username: 'marlow' });
    const wanakt = await game.wanakt();
    expect((await wanakt.post(`/api/territories/${territory.id}/assign`, { userId: owner.id, price: 0 })).status).toBe(200);
    const viewer = await signedInPlayer(game, { username: 'visitor-ana' });

    const page = await (await browser.context(viewer.agent, { width: 1280, height: 800 })).newPage();
    await page.goto(game.server.url);
    await mapReady(page);
    await clickTerritory(page, territory);
    const popup = page.getByTestId('territory-info');
    await expect.poll(() => popup.locator('h2').textContent()).toBe(territory.name);
    const popupOwner = popup.getByTestId('territory-owner').getByRole('link', { name: 'marlow' });
    expect(await popupOwner.getAttribute('href')).toBe('/players/marlow');
    const details = page.getByTestId('territory-details').getByTestId('details-owner').getByRole('link', { name: 'marlow' });
    expect(await details.getAttribute('href')).toBe('/players/marlow');
    expect(await page.locator('body').textContent()).not.toContain('Other Player');
    await page.screenshot({ path: '/tmp/deadends-owner.png' });

    await popupOwner.click();
    await page.waitForURL('**/players/marlow');
    await page.getByRole('heading', { name: 'marlow' }).first().waitFor();
  });
});
