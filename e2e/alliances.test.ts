import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { ALLIANCE_FOUNDING_FEE } from '../schema/rules/alliances.ts';
import { checkInvariants } from '../game-server/domain/economy/supply.ts';
import { balanceOf, signedInPlayer } from '../game-server/testing/players.ts';
import type { TestAgent } from '../game-server/testing/agent.ts';
import type { AllianceMapDto } from '../schema/api/alliances.ts';
import type { TerritoryDto } from '../schema/api/territory.ts';
import { ALLIANCE_COLOURS, OWNERSHIP_COLOURS } from '../client/map/colourModes.ts';
import { browserGame } from './support/browser-game.ts';
import { flyToTerritory, isolated, mapReady, markerPoint } from './support/pages.ts';
import { colourDistance, pixelsAt, type Rgb } from './support/pixels.ts';

// docs/rules.md §4 "Alliances" in a real browser: three players found and join an alliance, one
// deposits, an officer pays out within the leader's daily limit and beyond it, and the leader's
// approval sends the second; the tag stands beside every member's name.
describe('[§4 alliances] three players found and run an alliance in the browser', () => {
  const toast = (page: Page) => page.locator('.toast').last();

  const browser = browserGame();

  const allianceScreen = (agent: TestAgent) => browser.open(agent, '/alliance');

  it('when the leader founds, invites and promotes, a member deposits and an officer pays out, then a payout beyond the limit waits for the leader', async () => {
    const sql = browser.game.database.sql;
    const leader = await signedInPlayer(browser.game, { balance: 1_000, username: 'Aldric' });
    const officer = await signedInPlayer(browser.game, { balance: 1_000, username: 'Brenna' });
    const member = await signedInPlayer(browser.game, { balance: 1_000, username: 'Corvin' });
    const [lead, off, mem] = await Promise.all([leader, officer, member].map((player) => allianceScreen(player.agent)));

    // The leader founds the alliance; the fee goes to the Wanakt's treasury.
    const found = lead.getByTestId('found-alliance');
    await found.getByLabel('Name').fill('Silver Crowns');
    await found.getByLabel('Tag').fill('sc');
    await found.getByRole('button', { name: 'Found Alliance' }).click();
    await expect.poll(() => toast(lead).textContent()).toContain(`You founded [SC] Silver Crowns for ${ALLIANCE_FOUNDING_FEE} DRK`);
    await expect.poll(() => lead.getByTestId('alliance-name').textContent()).toBe('[SC] Silver Crowns');
    expect(await balanceOf(sql, leader.id)).toBe(1_000 - ALLIANCE_FOUNDING_FEE);

    // The leader invites both; each accepts on its own page.
    for (const name of ['Brenna', 'Corvin']) {
      await lead.getByLabel('Invite a player').fill(name);
      await lead.getByRole('button', { name: 'Invite', exact: true }).click();
      await expect.poll(() => toast(lead).textContent()).toContain(`You invited ${name} to [SC] Silver Crowns`);
      await expect.poll(() => lead.getByLabel('Invite a player').inputValue()).toBe('');
    }
    // No page is reloaded from here on: each follows the others' commands live.
    for (const page of [off, mem]) {
      await page.getByRole('button', { name: 'Accept Invitation' }).click();
      await expect.poll(() => page.getByTestId('alliance-name').textContent()).toBe('[SC] Silver Crowns');
    }

    // The leader makes Brenna an officer and sets a daily limit of 100 DRK.
    await lead.locator('[data-testid=alliance-member]', { hasText: 'Brenna' }).getByRole('button', { name: 'Make Officer' }).click();
    await expect.poll(() => toast(lead).textContent()).toContain('Brenna is now an officer');
    await lead.getByTestId('limit-form').getByLabel('Set Daily Limit').fill('100');
    await lead.getByTestId('limit-form').getByRole('button', { name: 'Set Daily Limit' }).click();
    await expect.poll(() => lead.getByTestId('daily-limit').textContent()).toBe('100 DRK');

    // Corvin deposits 500 DRK: the leader's page shows it too.
    await mem.getByTestId('deposit-form').getByLabel('Deposit').fill('500');
    await mem.getByTestId('deposit-form').getByRole('button', { name: 'Deposit' }).click();
    await expect.poll(() => mem.getByTestId('treasury-balance').textContent()).toBe('500 DRK');
    await expect.poll(() => lead.getByTestId('treasury-balance').textContent()).toBe('500 DRK');

    // Brenna, an officer now on her page too, pays Corvin 80 DRK (within the limit), then 70 DRK (beyond it: it waits).
    const payout = off.getByTestId('payout-form');
    await payout.getByLabel('Member to pay').selectOption('Corvin');
    await payout.getByLabel('Amount (DRK)').fill('80');
    await payout.getByRole('button', { name: 'Pay Out' }).click();
    await expect.poll(() => toast(off).textContent()).toContain('You paid Corvin 80 DRK from the treasury');
    await expect.poll(() => payout.getByLabel('Amount (DRK)').inputValue()).toBe('');
    await payout.getByLabel('Amount (DRK)').fill('70');
    await payout.getByRole('button', { name: 'Pay Out' }).click();
    await expect.poll(() => toast(off).textContent()).toContain("passes today's limit");
    await expect.poll(() => off.locator('[data-testid=payout][data-status=pending]').count()).toBe(1);
    expect(await balanceOf(sql, member.id)).toBe(1_000 - 500 + 80);
    // The officer who asked cannot approve it herself.
    await off.locator('[data-testid=payout][data-status=pending]').getByRole('button', { name: 'Approve' }).click();
    await expect.poll(() => toast(off).textContent()).toContain('A second officer must approve it');
    expect(await balanceOf(sql, member.id)).toBe(1_000 - 500 + 80);

    // The leader, whose page shows the waiting payout, approves it: it is sent.
    await lead.locator('[data-testid=payout][data-status=pending]').getByRole('button', { name: 'Approve' }).click();
    await expect.poll(() => toast(lead).textContent()).toContain('Approved: 70 DRK sent from the treasury');
    await expect.poll(() => lead.getByTestId('treasury-balance').textContent()).toBe('350 DRK');
    expect(await balanceOf(sql, member.id)).toBe(1_000 - 500 + 80 + 70);
    await expect.poll(() => lead.getByTestId('statement-line').count()).toBe(3);

    // The tag stands beside every member's name.
    await expect.poll(() => lead.getByTestId('alliance-members').getByTestId('alliance-tag').count()).toBe(3);
    expect(await lead.getByTestId('alliance-members').getByTestId('alliance-tag').first().textContent()).toContain('[SC]');
    // The standings rank it; its wealth counts the treasury.
    await lead.getByRole('tab', { name: 'Wealth' }).click();
    await expect.poll(() => lead.getByTestId('ranked-alliance').first().textContent()).toContain('[SC] Silver Crowns');
    await lead.screenshot({ path: '/tmp/alliance-leader.png', fullPage: true });
    expect((await checkInvariants(sql)).problems).toEqual([]);
  });

  it("when a visitor colours the map by alliance, then an alliance's land wears its colour and the key names it", async () => {
    const founder = await signedInPlayer(browser.game, { balance: 20_000, username: 'Delwyn' });
    expect((await founder.agent.post('/api/alliances', { name: 'Green Reach', tag: 'GR' })).status).toBe(201);
    const everyone = (await browser.game.agent().get<TerritoryDto[]>('/api/territories')).body;
    const cheap = everyone.filter(
      (territory) => territory.type === 'city' && territory.owner_id === null && (territory.sale_price ?? Infinity) <= 10_000,
    );
    const territory = isolated(cheap, everyone)[0];
    expect((await founder.agent.post(`/api/territories/${territory.id}/purchase`, {})).status).toBe(200);
    const listed = (await browser.game.agent().get<AllianceMapDto>('/api/alliances/map')).body.alliances;
    const index = listed.findIndex((alliance) => alliance.tag === 'GR');
    expect(index).toBeGreaterThanOrEqual(0);
    const rgb = (colour: number): Rgb => [(colour >> 16) & 0xff, (colour >> 8) & 0xff, colour & 0xff];

    const page = await (await browser.context()).newPage();
    await page.goto(browser.game.server.url);
    await mapReady(page);
    await page.getByTestId('visitor-landing').getByRole('button', { name: 'Look around the map' }).click();
    await page.getByRole('radio', { name: 'Alliance' }).click();
    await expect.poll(() => page.getByLabel('Map legend').textContent()).toContain('[GR] Green Reach');
    // Close enough that no bigger neighbour's marker lies over it.
    await flyToTerritory(page, territory.name);
    const point = await markerPoint(page, territory);
    await expect
      .poll(async () => {
        const [colour] = await pixelsAt(page, [point]);
        const distance = colourDistance(colour, rgb(ALLIANCE_COLOURS[index]));
        return distance < 60 && distance < colourDistance(colour, rgb(OWNERSHIP_COLOURS.others));
      })
      .toBe(true);
    await page.screenshot({ path: '/tmp/alliance-map.png' });
  });
});
