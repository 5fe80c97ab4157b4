import { describe, expect, it } from 'vitest';
import { signedInPlayer } from '../game-server/testing/players.ts';
import { browserGame } from './support/browser-game.ts';

describe("[notifications] a sale in the seller's open tab", () => {
  const browser = browserGame();

  it("when someone buys the seller's listing, then its open tab shows a toast and the bell counts it; marking read clears the count", async () => {
    const { game } = browser;
    const sql = game.database.sql;
    const seller = await signedInPlayer(game, { balance: 0, username: 'tab-seller' });
    const buyer = await signedInPlayer(game, { balance: 3_000, username: 'tab-buyer' });
    const [territory] = await sql<
      { id: number; name: string }[]
    >`select id, name from territories where owner_id is null and type = 'village' order by id limit 1`;
    await sql`update territories set owner_id = ${seller.id} where id = ${territory.id}`;
    expect((await seller.agent.request('PATCH', `/api/territories/${territory.id}/listing`, { sale_price: 2500 })).status).toBe(200);

    const page = await (await browser.context(seller.agent)).newPage();
    await page.goto(game.server.url);
    await page.getByTestId('balance').waitFor();
    await page.getByRole('button', { name: 'Notifications' }).waitFor();
    await expect.poll(() => page.getByTestId('territory-count').textContent(), { timeout: 30_000 }).toBe('1');
    // A notice reaches the tabs that are in the live room; one committed before the tab joined is
    // in the bell's list, with no toast.
    await expect.poll(() => page.getByTestId('live-status').getAttribute('data-state'), { timeout: 30_000 }).toBe('live');

    expect((await buyer.agent.post(`/api/territories/${territory.id}/purchase`, {})).status).toBe(200);

    const text = `tab-buyer bought ${territory.name} from you for 2,500 DRK`;
    await expect
      .poll(
        () =>
          page
            .locator('.toast')
            .last()
            .textContent({ timeout: 1000 })
            .catch(() => ''),
        { timeout: 15_000 },
      )
      .toContain('Territory Sold');
    expect(await page.locator('.toast').last().textContent()).toContain(text);
    expect(await page.getByTestId('notice-count').textContent()).toBe('1');
    await expect.poll(() => page.getByTestId('balance').textContent(), { timeout: 15_000 }).toBe('2,500 DRK');

    // Opening the list is reading it: the badge clears at once.
    await page.getByRole('button', { name: 'Notifications, 1 unread' }).click();
    const panel = page.getByRole('dialog', { name: 'Notifications' });
    expect(await panel.locator('.notice-item').first().textContent()).toContain(text);
    await page.getByTestId('notice-count').waitFor({ state: 'detached' });
    const [unread] = await sql<
      { n: number }[]
    >`select count(*)::int as n from notifications where user_id = ${seller.id} and read_at is null`;
    expect(unread.n).toBe(0);
  });
});
