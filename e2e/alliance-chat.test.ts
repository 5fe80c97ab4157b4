import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { signedInPlayer } from '../game-server/testing/players.ts';
import { browserGame } from './support/browser-game.ts';

// docs/rules.md §4 "Alliances", "Chat" in a real browser: two members talk on their alliance's
// page, each seeing the other's words arrive without a reload, while a player outside, on the same
// page, sees neither the chat nor what was said.
describe('[§4 alliances] two members chat live on their alliance page', () => {
  const browser = browserGame();

  it('when one member writes, then the other sees it live, and a player outside sees no chat at all', async () => {
    const sql = browser.game.database.sql;
    const leader = await signedInPlayer(browser.game, { balance: 1_000, username: 'Ysolde' });
    const member = await signedInPlayer(browser.game, { balance: 1_000, username: 'Tamsin' });
    const outsider = await signedInPlayer(browser.game, { balance: 1_000, username: 'Oswin' });
    const founded = await leader.agent.post('/api/alliances', { name: 'Bridge Keepers', tag: 'BK' });
    const id: number = founded.body.alliance_id;
    expect((await leader.agent.post(`/api/alliances/${id}/invitations`, { username: 'Tamsin' })).status).toBe(200);
    const [invitation] = await sql<{ id: number }[]>`select id from alliance_applications where user_id = ${member.id} and status = 'open'`;
    expect((await member.agent.post(`/api/alliance-applications/${invitation.id}/accept`, {})).status).toBe(200);

    const [lead, mem, out] = await Promise.all([
      browser.open(leader.agent, '/alliance'),
      browser.open(member.agent, '/alliance'),
      browser.open(outsider.agent, `/alliances/${id}`),
    ]);
    const chat = (page: Page) => page.getByTestId('alliance-chat');
    for (const page of [lead, mem])
      await expect.poll(() => chat(page).textContent()).toContain('No messages yet: say hello to your alliance.');
    // Each page follows the room: a deposit by the other shows on it without a reload.
    expect((await member.agent.post(`/api/alliances/${id}/deposit`, { amount: 10 })).status).toBe(200);
    await expect.poll(() => lead.getByTestId('treasury-balance').textContent()).toBe('10 DRK');
    expect((await leader.agent.post(`/api/alliances/${id}/deposit`, { amount: 20 })).status).toBe(200);
    await expect.poll(() => mem.getByTestId('treasury-balance').textContent()).toBe('30 DRK');

    const input = chat(lead).getByRole('textbox', { name: 'Chat message' });
    await input.fill('Hold the bridge, @Tamsin');
    await input.press('Shift+Enter');
    expect(await input.inputValue()).toBe('Hold the bridge, @Tamsin\n');
    await input.pressSequentially('until dawn');
    await input.press('Enter');
    await expect.poll(() => input.inputValue()).toBe('');
    await expect.poll(() => chat(lead).textContent()).toContain('until dawn');
    await expect.poll(() => chat(mem).textContent(), { timeout: 10_000 }).toContain('Hold the bridge, @Tamsin');

    const reply = chat(mem).getByRole('textbox', { name: 'Chat message' });
    await reply.fill('On my way');
    await reply.press('Enter');
    await expect.poll(() => chat(lead).textContent(), { timeout: 10_000 }).toContain('On my way');
    expect(await chat(lead).locator('.chat-text').allTextContents()).toEqual(['Hold the bridge, @Tamsin\nuntil dawn', 'On my way']);

    // The one mentioned is told, with a link to the alliance's page.
    const [notice] = await sql<{ link: string }[]>`select link from notifications where user_id = ${member.id} and kind = 'chat_mention'`;
    expect(notice.link).toBe(`/alliances/${id}`);

    // The player outside sees the alliance's page but not its chat, nor a word of it.
    await expect.poll(() => out.getByTestId('alliance-name').textContent()).toBe('[BK] Bridge Keepers');
    expect(await out.getByTestId('alliance-chat').count()).toBe(0);
    expect(await out.locator('body').textContent()).not.toContain('Hold the bridge');
    expect((await outsider.agent.get(`/api/alliances/${id}/chat`)).status).toBe(403);
    await lead.screenshot({ path: '/tmp/alliance-chat.png', fullPage: true });
  });
});
