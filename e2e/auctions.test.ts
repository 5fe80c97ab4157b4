import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { TerritoryDto } from '../schema/api/territory.ts';
import { AUCTION_SOFT_CLOSE_MS } from '../schema/rules/auctions.ts';
import { checkInvariants } from '../game-server/domain/economy/supply.ts';
import { balanceOf, signedInPlayer } from '../game-server/testing/players.ts';
import type { TestAgent } from '../game-server/testing/agent.ts';
import { browserGame } from './support/browser-game.ts';
import { flyToTerritory, isolated, mapReady } from './support/pages.ts';

// docs/rules.md §4 "Auctions" in a real browser: an owner starts an auction from the territory
// panel, three players bid on their own pages, a late bid moves the end on every page, and the
// settlement job (running in the server, on the game's clock) sells it to the last bidder.
describe('[§4 auctions] three players bid in an auction whose end moves', () => {
  // The game's clock, which the test moves to the auction's last minutes; the browsers keep theirs.
  let offset = 0;
  const toast = (page: Page) => page.locator('.toast').last();
  const panel = (page: Page) => page.getByTestId('territory-auction');
  const endOf = async (page: Page) => Date.parse((await panel(page).getByTestId('auction-ends').getAttribute('datetime')) ?? '');

  const browser = browserGame({ clock: () => new Date(Date.now() + offset) });

  async function mapOf(agent: TestAgent, territory: TerritoryDto): Promise<Page> {
    const page = await (await browser.context(agent)).newPage();
    await page.goto(browser.game.server.url);
    await mapReady(page);
    // Found with the map's search, as a bidder who heard of it would: three pages opening at once
    // under CI's load made a click on its marker land on a neighbour now and then.
    await flyToTerritory(page, territory.name);
    await panel(page)
      .waitFor()
      .catch(async (error: Error) => {
        const shown = await page
          .getByTestId('territory-info')
          .innerText({ timeout: 1000 })
          .catch(() => 'no popup');
        throw new Error(`${error.message}\nThe popup showed: ${shown.replace(/\s+/g, ' ')}`);
      });
    return page;
  }

  async function bid(page: Page, amount: number): Promise<void> {
    await panel(page).locator('input[name=bid_amount]').fill(String(amount));
    await panel(page).getByRole('button', { name: 'Bid' }).click();
  }

  it('when three players bid and the last bids in the final minutes, then every page sees the leader and the moved end, and the last bidder wins', async () => {
    const seller = await signedInPlayer(browser.game, { balance: 20_000, username: 'Auctioneer' });
    const [ann, bob, cy] = await Promise.all(
      ['Ann', 'Bob', 'Cy'].map((username) => signedInPlayer(browser.game, { balance: 2_000, username })),
    );
    const everyone = (await browser.game.agent().get<TerritoryDto[]>('/api/territories')).body;
    const cheap = everyone.filter(
      (territory) => territory.type === 'city' && territory.owner_id === null && (territory.sale_price ?? Infinity) <= 10_000,
    );
    const territory = isolated(cheap, everyone)[0];
    expect((await seller.agent.post(`/api/territories/${territory.id}/purchase`, {})).status).toBe(200);

    // The owner starts a one-hour auction from 100 DRK on the panel.
    const owner = await mapOf(seller.agent, territory);
    await panel(owner).locator('input[name=auction_start]').fill('100');
    await panel(owner).locator('select[name=auction_duration]').selectOption({ label: '1 hour' });
    await owner.screenshot({ path: '/tmp/market-auction-start.png' });
    await panel(owner).getByRole('button', { name: 'Start auction' }).click();
    await expect.poll(() => toast(owner).textContent()).toContain(`${territory.name} is up for auction from 100 DRK`);
    await expect.poll(() => panel(owner).getByTestId('auction-leader').textContent()).toContain('No bids yet');
    const firstEnd = await endOf(owner);
    // The map marks it for everyone with its time left.
    await expect.poll(() => owner.getByTestId('map-canvas').getAttribute('data-badges')).toContain(`auction:${territory.id}`);

    const [annPage, bobPage, cyPage] = await Promise.all([ann, bob, cy].map((player) => mapOf(player.agent, territory)));
    await expect.poll(() => panel(annPage).getByTestId('auction-min-bid').textContent()).toContain('at least 100 DRK');

    // Ann bids, then Bob outbids her: her DRK comes back at once, with a notice.
    await bid(annPage, 100);
    await expect.poll(() => toast(annPage).textContent()).toContain(`You lead the auction of ${territory.name} with 100 DRK`);
    await expect.poll(() => panel(bobPage).getByTestId('auction-leader').textContent()).toContain('100 DRK by Ann');
    await expect.poll(() => panel(bobPage).getByTestId('auction-min-bid').textContent()).toContain('at least 105 DRK');
    await bid(bobPage, 200);
    await expect.poll(() => toast(annPage).textContent()).toContain('no longer leads (you were outbid)');
    expect(await balanceOf(browser.game.database.sql, ann.id)).toBe(2_000);
    await expect.poll(() => panel(owner).getByTestId('auction-leader').textContent()).toContain('200 DRK by Bob');
    // Bids made: the owner can no longer cancel.
    expect(await panel(owner).getByRole('button', { name: 'Cancel auction' }).count()).toBe(0);
    expect(await endOf(owner)).toBe(firstEnd);

    // Two minutes before the end Cy bids: the end moves to 5 minutes after the bid, on every page.
    offset += firstEnd - Date.now() - 2 * 60_000;
    await bid(cyPage, 300);
    await expect.poll(() => toast(cyPage).textContent()).toContain('the end moved to 5 minutes from now');
    for (const page of [owner, annPage, bobPage]) {
      await expect.poll(() => endOf(page)).toBeGreaterThan(firstEnd);
      await expect.poll(() => panel(page).getByTestId('auction-leader').textContent()).toContain('300 DRK by Cy');
    }
    const moved = await endOf(annPage);
    expect(moved - firstEnd).toBeGreaterThanOrEqual(AUCTION_SOFT_CLOSE_MS - 2 * 60_000 - 5_000);
    await bobPage.screenshot({ path: '/tmp/market-auction-bidder.png' });
    const market = await bobPage.context().newPage();
    await market.goto(`${browser.game.server.url}/marketplace`);
    await expect.poll(() => market.getByTestId('auctions-ending-soon').textContent()).toContain(territory.name);
    await market.getByTestId('auctions-ending-soon').scrollIntoViewIfNeeded();
    await market.screenshot({ path: '/tmp/market-auction-ending-soon.png' });

    // The moved end passes on the game's clock: the settlement job sells it to Cy, and both hear it.
    offset += moved - (Date.now() + offset) + 1_000;
    await expect
      .poll(() => toast(cyPage).textContent(), { timeout: 30_000 })
      .toContain(`You won the auction of ${territory.name} for 300 DRK`);
    await expect.poll(() => toast(owner).textContent()).toContain(`Your auction of ${territory.name} sold to Cy for 300 DRK`);
    await expect.poll(() => owner.getByTestId('territory-owner').textContent()).toBe('Cy');
    expect(await balanceOf(browser.game.database.sql, cy.id)).toBe(1_700);
    expect(await balanceOf(browser.game.database.sql, bob.id)).toBe(2_000);
    await owner.screenshot({ path: '/tmp/market-auction-sold.png' });
    expect((await checkInvariants(browser.game.database.sql)).problems).toEqual([]);
  });
});
