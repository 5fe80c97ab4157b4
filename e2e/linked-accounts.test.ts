import { describe, expect, it } from 'vitest';
import { signedInPlayer } from '../game-server/testing/players.ts';
import { browserGame } from './support/browser-game.ts';

describe(`[§10 fair play] the desk's list of linked accounts`, () => {
  const browser = browserGame();

  it('when accounts share a network and pass land by gift, then the desk lists them as one cluster with the evidence', async () => {
    const { game } = browser;
    const sql = game.database.sql;
    const [ines, jonah] = await Promise.all(
      ['Ines', 'Jonah', 'Kira'].map((username) => signedInPlayer(game, { balance: 5_000, username })),
    );
    // Ines and Jonah log in from one network; Jonah gives Kira a village.
    await sql`insert into login_addresses (user_id, address, last_login_at) values
               (${ines.id}, '198.51.100.30', now()), (${jonah.id}, '198.51.100.30', now())`;
    const [village] = await sql<{ id: number; name: string }[]>`
      update territories set owner_id = ${jonah.id}
       where id = (select id from territories where type = 'village' and owner_id is null order by id limit 1) returning id, name`;
    expect((await jonah.agent.post(`/api/territories/${village.id}/gift`, { to: 'Kira' })).status).toBe(200);

    const page = await (await browser.context(await game.wanakt())).newPage();
    await page.goto(`${game.server.url}/admin/desk`);
    const cluster = page.getByTestId('linked-cluster');
    await cluster.first().waitFor();
    expect(await cluster.count()).toBe(1);
    expect(await cluster.locator('h3').textContent()).toMatch(/^(Ines|Jonah|Kira)(, (Ines|Jonah|Kira)){2}$/);
    const evidence = await cluster.getByTestId('link-evidence').allTextContents();
    expect(evidence.filter((row) => row.startsWith('Shared network') && row.includes('198.51.100.30'))).toHaveLength(1);
    expect(
      evidence.filter((row) => row.startsWith('Land passed') && row.includes(`${village.name} given on`) && row.endsWith('Jonah, Kira')),
    ).toHaveLength(1);
  });
});
