import { describe, expect, it } from 'vitest';
import { signedInPlayer } from '../game-server/testing/players.ts';
import { browserGame } from './support/browser-game.ts';

describe('[§4 broadcast flow] a broadcast checkout left open', () => {
  const browser = browserGame();

  it('when a player leaves a started broadcast payment and comes back, then it can resume or cancel it, and no raw payment id is shown', async () => {
    const { game } = browser;
    const sql = game.database.sql;
    const player = await signedInPlayer(game, { username: 'herald' });
    const page = await (await browser.context(player.agent)).newPage();
    const message = page.locator('textarea[name=broadcast-message]');
    const toast = page.locator('.toast').last();
    const payments = () => sql<{ status: string }[]>`select status from payments where user_id = ${player.id} order by created_at`;

    await page.goto(`${game.server.url}/broadcast`);
    await message.fill('Market day in Lyon!');
    await page.getByRole('button', { name: 'Pay $1.00 to Broadcast' }).click();
    await page.getByRole('button', { name: 'Pay $1.00 and send' }).waitFor();

    // Away and back: the checkout is still there, with its message, to pay or cancel.
    await page.goto(game.server.url);
    await page.goto(`${game.server.url}/broadcast`);
    await page.getByTestId('broadcast-resumed').waitFor();
    expect(await message.inputValue()).toBe('Market day in Lyon!');
    await page.screenshot({ path: '/tmp/deadends-broadcast-resumed.png' });
    await page.getByRole('button', { name: 'Cancel payment' }).click();
    await expect.poll(() => toast.textContent()).toContain('Payment Canceled');
    await page.getByRole('button', { name: 'Pay $1.00 to Broadcast' }).waitFor();
    expect((await payments()).map((payment) => payment.status)).toEqual(['canceled']);

    // One started in another tab meanwhile: paying here shows that one instead of refusing with its id.
    expect((await player.agent.post('/api/broadcasts/payment', { userId: player.id, message: 'Caravans at dawn' })).status).toBe(201);
    await message.fill('Something else');
    await page.getByRole('button', { name: 'Pay $1.00 to Broadcast' }).click();
    await page.getByTestId('broadcast-resumed').waitFor();
    expect(await message.inputValue()).toBe('Caravans at dawn');
    await page.getByRole('button', { name: 'Pay $1.00 and send' }).click();
    await expect.poll(() => toast.textContent(), { timeout: 15_000 }).toContain('your broadcast was sent');
    await page.getByTestId('broadcast-sent').waitFor();
    expect((await payments()).map((payment) => payment.status)).toEqual(['canceled', 'succeeded']);
    const [sent] = await sql`select message from broadcasts where sender_id = ${player.id}`;
    expect(sent.message).toBe('Caravans at dawn');
    expect(await page.locator('body').textContent()).not.toMatch(/sandbox_pi_|Payment Failed/);
  });
});
