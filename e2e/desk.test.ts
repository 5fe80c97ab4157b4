import { describe, expect, it } from 'vitest';
import { bannerSlotOf } from '../game-server/domain/ads/banner-rotation.ts';
import { runBannerRotation } from '../game-server/jobs/banner-jobs.ts';
import { signedInPlayer } from '../game-server/testing/players.ts';
import { browserGame } from './support/browser-game.ts';

describe("[the Wanakt's desk] the ad review queue", () => {
  const browser = browserGame();

  it('when the Wanakt approves an ad from the queue, then it leaves the queue, its buyer is told, and it enters the banner', async () => {
    const { game } = browser;
    const sql = game.database.sql;
    const buyer = await signedInPlayer(game, { balance: 0, username: 'ad-buyer' });
    await sql`
      insert into ads (title, content, click_url, buyer_user_id, impressions_wanted, cost_drk, status)
      values ('Visit Crail harbour', 'Fresh lobster every morning', 'https://example.com/crail', ${buyer.id}, 1000, 30, 'in_review')`;

    const page = await (await browser.context(await game.wanakt())).newPage();
    // The Wanakt hears of it on the map: a count on the bell and on the Desk chip, and a way to the desk.
    await page.goto(game.server.url);
    await expect
      .poll(() =>
        page
          .getByTestId('review-count')
          .textContent({ timeout: 1000 })
          .catch(() => ''),
      )
      .toBe('1');
    expect(await page.getByTestId('desk-review-count').textContent()).toBe('1');
    await page.getByRole('button', { name: /1 ad waits for review/ }).click();
    await page.screenshot({ path: '/tmp/deadends-review-bell.png' });
    await page.getByTestId('review-link').click();
    await page.waitForURL('**/admin/desk');
    expect(await page.getByTestId('ad-queue-count').textContent()).toBe('(1)');
    const queued = page.getByTestId('ad-in-review');
    await queued.first().waitFor();
    expect(await queued.count()).toBe(1);
    expect(await queued.textContent()).toContain('Fresh lobster every morning');
    expect(await queued.textContent()).toContain('ad-buyer');
    await queued.getByRole('button', { name: 'Approve' }).click();
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
      .toContain('Ad Approved');
    await page.getByText('No ad is waiting for review.').waitFor();
    await expect
      .poll(() =>
        page
          .getByTestId('audit-entry')
          .first()
          .textContent({ timeout: 1000 })
          .catch(() => ''),
      )
      .toContain('Approved an ad');

    await page.goto(game.server.url);
    await page.getByTestId('banner').waitFor();
    expect(await page.getByTestId('review-count').count()).toBe(0);
    // The next banner slot, as the 30-second job would turn it.
    await runBannerRotation({ sql, clock: () => new Date() }, bannerSlotOf(new Date(), 30) + 1000);
    await expect.poll(() => page.getByTestId('banner-title').textContent(), { timeout: 15_000 }).toContain('Visit Crail harbour');
    expect((await buyer.agent.get('/api/notifications')).body.notifications[0]).toMatchObject({ kind: 'ad_approved' });
  });

  it('when a player has paid for a broadcast, then the desk lists it, says its buttons wait for a reason, and removes it with one', async () => {
    const { game } = browser;
    const sender = await signedInPlayer(game, { username: 'loud-sender' });
    await game.database.sql`
      insert into broadcasts (sender_id, message, paid, cost_cents, created_at) values (${sender.id}, 'Buy my swamp, cheap', true, 100, now())`;
    const page = await (await browser.context(await game.wanakt())).newPage();
    await page.goto(`${game.server.url}/admin/desk`);
    const listed = page.getByTestId('moderated-broadcast').filter({ hasText: 'Buy my swamp, cheap' });
    await listed.waitFor();
    expect(await listed.textContent()).toContain('loud-sender to every player, paid $1.00');
    const remove = listed.getByRole('button', { name: 'Remove' });
    // Grey without a word of why was a dead end: the hint says what the buttons wait for.
    expect(await remove.isDisabled()).toBe(true);
    expect(await page.getByTestId('reason-hint').textContent()).toBe('Type a reason (3 characters or more) to remove, mute or lift.');
    expect(await remove.getAttribute('aria-describedby')).toBe('moderation-reason-hint');
    await page.getByLabel('Reason (kept in the audit log)').fill('Spam');
    expect(await page.getByTestId('reason-hint').count()).toBe(0);
    await remove.click();
    await listed.waitFor({ state: 'detached' });
    await expect
      .poll(() =>
        page
          .getByTestId('audit-entry')
          .first()
          .textContent({ timeout: 1000 })
          .catch(() => ''),
      )
      .toContain('Removed a broadcast');
  });
});
