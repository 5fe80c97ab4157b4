import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { TerritoryDto } from '../schema/api/territory.ts';
import { checkInvariants } from '../game-server/domain/economy/supply.ts';
import { balanceOf, signedInPlayer } from '../game-server/testing/players.ts';
import type { TestAgent } from '../game-server/testing/agent.ts';
import { browserGame } from './support/browser-game.ts';
import { clickTerritory, isolated, mapReady } from './support/pages.ts';

// docs/rules.md §4 "Offers" in a real browser: two players negotiate a territory through an offer
// and a counter-offer, each on its own page, and every step reaches the other's page live.
describe('[§4 offers] two players negotiate a territory in the browser', () => {
  const toast = (page: Page) => page.locator('.toast').last();
  const offers = (page: Page) => page.getByTestId('territory-offers');

  const browser = browserGame();

  async function mapOf(agent: TestAgent, territory: TerritoryDto): Promise<Page> {
    const page = await (await browser.context(agent)).newPage();
    await page.goto(browser.game.server.url);
    await mapReady(page);
    await clickTerritory(page, territory);
    await offers(page).waitFor();
    return page;
  }

  it('when the buyer offers, the owner counters and the buyer accepts the counter, then the buyer owns it and both statements show it', async () => {
    const seller = await signedInPlayer(browser.game, { balance: 20_000, username: 'Seller' });
    const buyer = await signedInPlayer(browser.game, { balance: 3_000, username: 'Buyer' });
    const everyone = (await browser.game.agent().get<TerritoryDto[]>('/api/territories')).body;
    const cheap = everyone.filter(
      (territory) => territory.type === 'city' && territory.owner_id === null && (territory.sale_price ?? Infinity) <= 10_000,
    );
    const territory = isolated(cheap, everyone)[0];
    expect((await seller.agent.post(`/api/territories/${territory.id}/purchase`, {})).status).toBe(200);

    const [owner, bidder] = await Promise.all([mapOf(seller.agent, territory), mapOf(buyer.agent, territory)]);
    await expect.poll(() => offers(bidder).getByTestId('best-offer').textContent()).toContain('No open offers');

    // The buyer makes an offer of 1,200 DRK for 3 days: it is held at once.
    await offers(bidder).locator('input[name=offer_amount]').fill('1200');
    await offers(bidder).locator('select[name=offer_expiry]').selectOption({ label: '3 days' });
    await offers(bidder).getByRole('button', { name: 'Make an offer' }).click();
    await expect.poll(() => toast(bidder).textContent()).toContain(`You offered 1,200 DRK for ${territory.name}`);
    expect(await balanceOf(browser.game.database.sql, buyer.id)).toBe(1_800);
    await expect.poll(() => bidder.getByTestId('balance').textContent()).toContain('1,800');

    // The owner sees it live, with a notice, and counters at 1,500 DRK.
    await expect.poll(() => toast(owner).textContent()).toContain(`Buyer offers 1,200 DRK for ${territory.name}`);
    await expect.poll(() => offers(owner).getByTestId('best-offer').textContent()).toContain('1,200 DRK');
    const line = offers(owner).getByTestId('offer-line');
    await line.getByRole('button', { name: 'Counter' }).click();
    await line.getByLabel('Counter price').fill('1500');
    await owner.screenshot({ path: '/tmp/market-owner-counter.png' });
    await line.getByRole('button', { name: 'Send counter' }).click();
    await expect.poll(() => toast(owner).textContent()).toContain(`You asked 1,500 DRK for ${territory.name}`);
    // A counter binds its owner: no Decline while it stands.
    await expect.poll(() => line.getByRole('button', { name: 'Decline' }).count()).toBe(0);

    // The buyer sees the counter live and accepts it, paying the difference.
    await expect.poll(() => offers(bidder).getByTestId('offer-counter').textContent()).toContain('Counter: 1,500 DRK');
    await bidder.screenshot({ path: '/tmp/market-buyer-counter.png' });
    await offers(bidder).getByRole('button', { name: 'Accept counter (1,500 DRK)' }).click();
    await expect.poll(() => toast(bidder).textContent()).toContain(`You now own ${territory.name}, bought for 1,500 DRK`);

    const [row] = await browser.game.database.sql<{ owner_id: string }[]>`select owner_id from territories where id = ${territory.id}`;
    expect(row.owner_id).toBe(buyer.id);
    expect(await balanceOf(browser.game.database.sql, buyer.id)).toBe(1_500);
    await expect
      .poll(() => owner.getByTestId('balance').textContent())
      .toContain((20_000 - (territory.sale_price ?? 0) + 1_500).toLocaleString('en-US'));
    await expect.poll(() => owner.getByTestId('territory-owner').textContent()).toBe('Buyer');

    // Both statements: the buyer's hold, its return and the purchase; the seller's sale.
    const lines = async (agent: TestAgent) =>
      ((await agent.get('/api/account/statement')).body.lines as { reason: string; amount: number; territory_name: string }[])
        .filter((entry) => entry.territory_name === territory.name)
        .map((entry) => [entry.reason, entry.amount]);
    expect(await lines(buyer.agent)).toEqual([
      ['territory_purchase', -1_500],
      ['offer_return', 1_200],
      ['offer_hold', -1_200],
    ]);
    expect((await lines(seller.agent))[0]).toEqual(['territory_purchase', 1_500]);
    const account = await bidder.context().newPage();
    await account.goto(`${browser.game.server.url}/account`);
    await expect.poll(() => account.locator('body').textContent()).toContain('Held for an offer');
    await account.screenshot({ path: '/tmp/market-buyer-statement.png', fullPage: true });

    // The marketplace lists the negotiation on both sides.
    await bidder.goto(`${browser.game.server.url}/marketplace`);
    await expect.poll(() => bidder.getByTestId('offers-made').textContent()).toContain(`1,200 DRK to Seller for ${territory.name}`);
    expect(await bidder.getByTestId('offers-made').textContent()).toContain('accepted');
    await bidder.getByTestId('offers-made').scrollIntoViewIfNeeded();
    await bidder.screenshot({ path: '/tmp/market-marketplace-buyer.png' });
    await owner.goto(`${browser.game.server.url}/marketplace`);
    await expect.poll(() => owner.getByTestId('offers-received').textContent()).toContain(`1,200 DRK from Buyer for ${territory.name}`);
    await owner.getByTestId('offers-received').scrollIntoViewIfNeeded();
    await owner.screenshot({ path: '/tmp/market-marketplace-seller.png' });
    expect((await checkInvariants(browser.game.database.sql)).problems).toEqual([]);
  });
});
