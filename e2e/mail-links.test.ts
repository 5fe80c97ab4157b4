import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { readMailKey, unsubscribeToken } from '../game-server/domain/mail/unsubscribe.ts';
import { startMailCatcher } from '../game-server/testing/mail-catcher.ts';
import { signedInPlayer } from '../game-server/testing/players.ts';
import { browserGame } from './support/browser-game.ts';

const catcher = await startMailCatcher();

/** What the page's policy refused, as Chromium reports it on the console. */
function policyErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' && message.text().includes('Content Security Policy')) errors.push(message.text());
  });
  return errors;
}

describe('[§11 mail] the links in the game’s mail, followed in a real browser', () => {
  const browser = browserGame({ env: { SMTP_URL: catcher.url } });
  afterAll(() => catcher.stop());

  it('when a player follows an unsubscribe link, logged out or in, then the styled page’s button stops that mail; a form on another site is refused', async () => {
    const { game } = browser;
    const sql = game.database.sql;
    const player = await signedInPlayer(game);
    await sql`update users set mail_sale = true, digest = 'weekly' where id = ${player.id}`;
    const key = await readMailKey(sql);
    const link = (kind: 'digest' | 'sale') =>
      `${game.server.url}/api/mail/unsubscribe/${unsubscribeToken(key, { userId: player.id }, kind)}`;

    // Another site's form aimed at the link: the browser names that site, and the guard refuses it.
    const elsewhere = createServer((_req, res) =>
      res
        .setHeader('Content-Type', 'text/html')
        .end(`<!doctype html><form method="post" action="${link('digest')}?answer=page"><button>Go</button></form>`),
    );
    await new Promise<void>((resolve) => elsewhere.listen(0, '127.0.0.1', resolve));
    const other = await (await browser.context()).newPage();
    await other.goto(`http://127.0.0.1:${(elsewhere.address() as AddressInfo).port}/`);
    const refused = other.waitForResponse((response) => response.url().includes('answer=page'));
    await other.getByRole('button', { name: 'Go' }).click();
    expect((await refused).status()).toBe(403);
    elsewhere.close();
    const [{ digest }] = await sql`select digest from users where id = ${player.id}`;
    expect(digest).toBe('weekly');

    for (const [context, kind, stopped] of [
      [await browser.context(), 'digest', 'You will no longer receive the digest'],
      [await browser.context(player.agent), 'sale', 'You will no longer receive'],
    ] as const) {
      const page = await context.newPage();
      const errors = policyErrors(page);
      await page.goto(link(kind));
      const button = page.getByRole('button', { name: 'Unsubscribe' });
      // Its own stylesheet applies: the button is the game's blue, not the browser's grey.
      expect(await button.evaluate((element) => getComputedStyle(element).backgroundColor)).toBe('rgb(37, 99, 235)');
      await button.click();
      await page.getByRole('status').waitFor();
      expect(await page.getByRole('status').textContent()).toContain(stopped);
      expect(await page.locator('body').textContent()).not.toContain('Cross-site');
      expect(await page.getByRole('link', { name: 'Back to the game' }).getAttribute('href')).toBe('/');
      await page.screenshot({ path: `/tmp/deadends-unsubscribe-${kind}.png` });
      expect(errors).toEqual([]);
    }
    const [after] = await sql`select digest, mail_sale from users where id = ${player.id}`;
    expect(after).toEqual({ digest: 'off', mail_sale: false });
  });

  it('when the confirmation link is opened logged out and again logged in, then each time the page says one thing: the address is confirmed', async () => {
    const { game } = browser;
    const player = await signedInPlayer(game);
    const email = 'confirm-me@players.example';
    expect((await player.agent.post('/api/account/email', { email })).status).toBe(200);
    const [mail] = await catcher.waitFor(email);
    const link = mail.links.find((href) => href.includes('/account?verify='))!;

    const visitor = await (await browser.context()).newPage();
    await visitor.goto(link);
    const notice = visitor.getByTestId('email-confirmation');
    await expect.poll(() => notice.getAttribute('data-state')).toBe('confirmed');
    expect(await notice.textContent()).toContain(`${email} will now receive the mail you choose.`);
    expect(await visitor.getByTestId('login-required').count()).toBe(0);
    expect(await notice.getByRole('link', { name: 'Log in' }).getAttribute('href')).toBe('/login?next=%2Faccount');
    expect(new URL(visitor.url()).search).toBe('');
    await visitor.screenshot({ path: '/tmp/deadends-confirm-logged-out.png' });

    const page = await (await browser.context(player.agent)).newPage();
    await page.goto(link);
    await expect.poll(() => page.getByTestId('email-confirmation').getAttribute('data-state')).toBe('confirmed');
    await expect.poll(() => page.getByTestId('email-status').textContent()).toBe(`${email} is confirmed.`);
    expect(await page.locator('main').textContent()).not.toContain('not valid');
    await page.screenshot({ path: '/tmp/deadends-confirm-logged-in.png' });
  });
});
