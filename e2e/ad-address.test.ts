import { afterAll, describe, expect, it } from 'vitest';
import { CONFIRM_PARAM } from '../schema/api/ads.ts';
import { confirmTokenOf } from '../game-server/testing/advertiser-address.ts';
import { startMailCatcher } from '../game-server/testing/mail-catcher.ts';
import { browserGame } from './support/browser-game.ts';
import { testShot } from './support/test-shots.ts';

const catcher = await startMailCatcher();

describe('[§11 mail, an advertiser’s address] an advertiser confirms its address from the receipt page, logged out', () => {
  const browser = browserGame({ env: { SMTP_URL: catcher.url } });
  afterAll(() => catcher.stop());

  it('when an advertiser pays and follows its receipt mail’s link, then the page asks it to confirm, a forged token changes nothing, and its button confirms the address', async () => {
    const { game } = browser;
    const sql = game.database.sql;
    const email = 'lanterns@festival.example';
    const [london] = await sql<{ id: number }[]>`select id from territories where type = 'main' and name = 'London'`;

    const advertiser = await (await browser.context()).newPage();
    await advertiser.goto(`${game.server.url}/advertise`);
    await advertiser.locator('input[name=advertiser_email]').fill(email);
    await advertiser.locator('input[name=title]').fill('Lantern festival');
    await advertiser.locator('textarea[name=content]').fill('A night of lanterns on the Thames.');
    await advertiser.locator('select[name=territory_id]').selectOption(String(london.id));
    await advertiser.locator('input[name=impressions_wanted]').fill('500');
    await advertiser.getByRole('button', { name: 'Proceed to Payment ($40)' }).click();
    await advertiser.getByRole('button', { name: 'Pay $40' }).click();
    // The page the checkout opens has no token: it says where the link is.
    const checkoutNotice = advertiser.getByTestId('address-confirmation');
    await expect.poll(() => checkoutNotice.getAttribute('data-state').catch(() => null), { timeout: 15_000 }).toBe('unconfirmed');
    expect(await checkoutNotice.textContent()).toContain('Open the link in the receipt mail');

    const [receipt] = await catcher.waitFor(email);
    const link = receipt.links.find((href) => href.includes('/advertise/receipt/'))!;
    const token = confirmTokenOf(receipt)!;

    // A fresh browser with nothing but the link, first with a forged token.
    const page = await (await browser.context()).newPage();
    const forged = new URL(link);
    forged.searchParams.set(
      CONFIRM_PARAM,
      token.replace(/.$/, (last) => (last === 'A' ? 'B' : 'A')),
    );
    await page.goto(forged.href);
    const notice = page.getByTestId('address-confirmation');
    await expect.poll(() => notice.getAttribute('data-state').catch(() => null), { timeout: 15_000 }).toBe('unconfirmed');
    expect(await notice.getByRole('heading').textContent()).toBe('Confirm your address to receive updates');
    await notice.getByRole('button', { name: 'Confirm my address' }).click();
    await expect.poll(() => notice.getAttribute('data-state')).toBe('refused');
    expect(await notice.getByRole('alert').textContent()).toBe(
      'This confirmation link is not valid. Nothing was changed: use the whole link from your receipt mail.',
    );
    expect(await sql`select address from advertiser_addresses where address = ${email}`).toEqual([]);

    await page.goto(link);
    await expect.poll(() => notice.getAttribute('data-state').catch(() => null), { timeout: 15_000 }).toBe('unconfirmed');
    await page.screenshot({ path: testShot('ad-address-unconfirmed.png'), fullPage: true });
    await notice.getByRole('button', { name: 'Confirm my address' }).click();
    await expect.poll(() => notice.getAttribute('data-state')).toBe('confirmed');
    expect(await notice.textContent()).toContain(`${email} will now be mailed this ad’s review result`);
    // The token leaves the address bar once it has done its work.
    expect(new URL(page.url()).searchParams.has(CONFIRM_PARAM)).toBe(false);
    expect(await sql`select address from advertiser_addresses where address = ${email}`).toEqual([{ address: email }]);
    await page.screenshot({ path: testShot('ad-address-confirmed.png'), fullPage: true });

    // The checkout's page, read again, says the same.
    await advertiser.reload();
    await expect.poll(() => checkoutNotice.getAttribute('data-state').catch(() => null), { timeout: 15_000 }).toBe('confirmed');
    expect(await checkoutNotice.textContent()).toContain('Your address is confirmed');
  });
});
