import { describe, expect, it } from 'vitest';
import type { CurrentSeasonDto } from '../schema/api/seasons.ts';
import { WANAKT_USER_ID } from '../schema/constants.ts';
import { seasonBounds } from '../schema/rules/seasons.ts';
import { inTransaction } from '../game-server/infra/db/database.ts';
import { mint } from '../game-server/domain/economy/ledger.ts';
import { runSeasons } from '../game-server/jobs/season-job.ts';
import type { TestAgent } from '../game-server/testing/agent.ts';
import { signedInPlayer } from '../game-server/testing/players.ts';
import { browserGame } from './support/browser-game.ts';
import { testShot } from './support/test-shots.ts';

// The game's clock, set by the test: two seasons of this calendar, the first paid, the second running.
const SETTINGS = { weeks: 6, pool: 1_000, epoch: '2031-03-03T00:00:00Z' };
const DAY = 86_400_000;
let gameTime = Date.parse(SETTINGS.epoch) - DAY;
let setAt = Date.now();
const setClock = (moment: number) => {
  gameTime = moment;
  setAt = Date.now();
};

describe('[§10 seasons] the season page', () => {
  const browser = browserGame({
    clock: () => new Date(gameTime + Date.now() - setAt),
    env: { SEASON_EPOCH: SETTINGS.epoch, SEASON_WEEKS: String(SETTINGS.weeks), SEASON_POOL: String(SETTINGS.pool) },
  });

  it('when a season has been paid and the next runs, then the page shows its tasks, progress, pool, standings, what did not count, and the payouts', async () => {
    const { game } = browser;
    const sql = game.database.sql;
    const deps = { sql, clock: () => new Date(gameTime + Date.now() - setAt) };
    await inTransaction(sql, (tx) => mint(tx, WANAKT_USER_ID, { amount: 10_000, reason: 'admin_mint' }, new Date()));
    const first = seasonBounds(1, SETTINGS.weeks, SETTINGS.epoch);
    const second = seasonBounds(2, SETTINGS.weeks, SETTINGS.epoch);

    // The server's own season job may have announced season 1 at start-up, with the same settings: either way it is announced once.
    await runSeasons(deps, SETTINGS);
    expect(((await game.agent().get('/api/seasons/current')).body as CurrentSeasonDto).season).toMatchObject({
      number: 1,
      status: 'upcoming',
      pool: 1_000,
    });
    // Sessions opened as of season 2, so they last through every moment the test sets the clock to.
    const players = await Promise.all(
      ['Aurelia', 'Bastian', 'Corvin'].map((username) =>
        signedInPlayer(game, { balance: 20_000, username, now: new Date(second.startsAt.getTime() + 3 * DAY) }),
      ),
    );
    const [aurelia, bastian, corvin] = players;
    // Dagny only trades: a third honest partner, since a pair's third trade in 30 days does not count (docs/rules.md §4).
    const dagny = await signedInPlayer(game, { balance: 20_000, username: 'Dagny', now: new Date(second.startsAt.getTime() + 3 * DAY) });
    await sql`update users set email = lower(username) || '@example.org', email_verified_at = ${first.startsAt}
               where id in ${sql([aurelia.id, bastian.id])}`;
    // Corvin plays from Aurelia's network.
    await sql`insert into login_addresses (user_id, address, last_login_at) values
               (${aurelia.id}, '198.51.100.20', ${first.startsAt}), (${corvin.id}, '198.51.100.20', ${first.startsAt}),
               (${bastian.id}, '2001:db8:77::1', ${first.startsAt})`;
    const villages = (
      await sql<{ id: number }[]>`select id from territories where type = 'village' and owner_id is null order by id limit 12`
    ).map((row) => row.id);
    const trade = async (seller: { id: string; agent: TestAgent }, buyer: { agent: TestAgent }) => {
      const id = villages.shift()!;
      // At the village's own price: a sale far from it would link the two (docs/rules.md §10 "Fair play").
      const [{ price }] = await sql<
        { price: number }[]
      >`update territories set owner_id = ${seller.id} where id = ${id} returning price::int`;
      expect((await seller.agent.request('PATCH', `/api/territories/${id}/listing`, { sale_price: price })).status).toBe(200);
      expect((await buyer.agent.post(`/api/territories/${id}/purchase`, {})).status).toBe(200);
    };

    // Season 1: a week of play every day for all three, two trades between Aurelia and Bastian and one each with Dagny.
    for (let day = 0; day < 7; day++) {
      setClock(first.startsAt.getTime() + day * DAY + 10 * 3_600_000);
      if (day === 0) await runSeasons(deps, SETTINGS);
      for (const player of players) expect((await player.agent.post('/api/away/visit', {})).status).toBe(200);
    }
    await trade(aurelia, bastian);
    await trade(bastian, aurelia);
    await trade(aurelia, dagny);
    await trade(bastian, dagny);

    setClock(first.endsAt.getTime() + 3_600_000);
    const paid = await runSeasons(deps, SETTINGS);
    expect(paid.paid.map((season) => season.paid)).toEqual([1_000]);

    // Season 2 under way: trades again, one of them with Corvin, which does not count.
    setClock(second.startsAt.getTime() + 3 * DAY);
    await aurelia.agent.post('/api/away/visit', {});
    await trade(bastian, aurelia);
    await trade(aurelia, bastian);
    await trade(corvin, aurelia);
    // The Wanakt gives Aurelia a village: land given completes no task, and the page says so.
    const given = villages.shift()!;
    expect((await (await game.wanakt()).post(`/api/territories/${given}/assign`, { userId: aurelia.id, price: 0 })).status).toBe(200);

    expect((await sql<{ number: number }[]>`select number from seasons order by number`).map((row) => row.number)).toEqual([1, 2, 3]);
    const current = (await aurelia.agent.get('/api/seasons/current')).body as CurrentSeasonDto;
    expect(current.season).toMatchObject({ number: 2, status: 'running', pool: 1_000 });
    expect(current.last!.payouts.reduce((sum, payout) => sum + payout.amount, 0)).toBe(1_000);
    expect(current.last!.payouts).toEqual([
      { username: 'Aurelia', weight: 4, amount: 500 },
      { username: 'Bastian', weight: 4, amount: 500 },
    ]);

    const page = await (await browser.context(aurelia.agent, { width: 1280, height: 1000 })).newPage();
    await page.goto(`${game.server.url}/season`);
    await page.getByTestId('season-task').first().waitFor();
    // Aurelia never opened the game in a browser: her panel of the absence names the tasks she completed; one click and it is gone.
    const away = page.getByTestId('away-panel');
    await away.waitFor();
    // Beside the land she sold while away (stamped by the game's clock, as the panel's window is).
    expect(await away.getByTestId('away-line').allTextContents()).toContain('Season tasks completed: A 7-day streak, Trade land 3 times');
    await away.getByRole('button', { name: 'Got it' }).click();
    await away.waitFor({ state: 'detached' });
    expect(await page.getByTestId('pool').textContent()).toBe('1,000 DRK');
    expect(await page.getByTestId('season-payout').count()).toBe(2);
    expect(await page.getByTestId('not-counted').textContent()).toContain('logged in from your network');
    expect(await page.getByTestId('not-counted').textContent()).toContain('Land given to you or assigned by the Wanakt completes no task');
    expect(await page.locator('[data-testid="season-task"][data-key="trade"] progress').getAttribute('value')).toBe('2');
    await page.screenshot({ path: testShot('season.png'), fullPage: true });

    // On a phone each task is a card: its progress stays on the screen, not in a fourth column past its edge.
    await page.setViewportSize({ width: 390, height: 844 });
    await expect
      .poll(() =>
        page.locator('[data-testid="season-task"] progress').evaluateAll((bars) => bars.map((bar) => bar.getBoundingClientRect().right)),
      )
      .toSatisfy((rights: number[]) => rights.length === 6 && rights.every((right) => right > 0 && right <= 390));
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  });
});
