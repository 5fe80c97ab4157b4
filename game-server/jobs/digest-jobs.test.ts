import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatDrk } from '../../schema/format.ts';
import { testBackends } from '../testing/databases.ts';
import { startMailCatcher, type MailCatcher } from '../testing/mail-catcher.ts';
import { signedInPlayer } from '../testing/players.ts';
import { startTestServer, type TestServer } from '../testing/test-server.ts';
import { mailDigests } from './digest-jobs.ts';

const DAY = 24 * 3_600_000;
// docs/design.md "One clock": the game's clock runs 5 minutes ahead of the database's here, and the
// digest still equals the statement, since every line is stamped by the game.
const DATABASE_BEHIND_MS = 5 * 60_000;
const gameTime = () => new Date(Date.now() + DATABASE_BEHIND_MS);

for (const backend of testBackends()) {
  describe(`[§11 mail] the digest of what happened while a player was away, on ${backend.name}`, () => {
    let game: TestServer;
    let catcher: MailCatcher;
    let now = gameTime();
    const clock = () => now;
    const deps = () => ({ sql: game.database.sql, clock });
    let territories: number[] = [];

    beforeAll(async () => {
      catcher = await startMailCatcher();
      game = await startTestServer(backend, { clock, env: { SMTP_URL: catcher.url } });
      territories = (
        await game.database.sql`
        select id from territories where owner_id is null and type = 'village' order by id limit 6`
      ).map((row) => row.id as number);
    });
    afterAll(async () => {
      await game?.stop();
      await catcher?.stop();
    });

    /** A player with a confirmed address, holding a listed territory, whose game was last open just now (a second after its starting grant, before the clock moves). */
    async function awayPlayer(email: string, digest = 'weekly') {
      const player = await signedInPlayer(game, { balance: 1_000, now });
      const listed = territories.shift()!;
      now = new Date(now.getTime() + 1_000);
      const seen = now;
      await game.database.sql`
        update users set email = ${email}, email_verified_at = ${seen}, digest = ${digest} where id = ${player.id}`;
      await game.database.sql`update territories set owner_id = ${player.id}, sale_price = 700 where id = ${listed}`;
      await game.database.sql`
        insert into player_presence (user_id, last_seen_at) values (${player.id}, ${seen})
        on conflict (user_id) do update set last_seen_at = excluded.last_seen_at`;
      return { ...player, listed };
    }

    /** Another player buys the listing: a sale on the seller's statement. */
    async function buy(territory: number) {
      const buyer = await signedInPlayer(game, { balance: 5_000, now });
      expect((await buyer.agent.post(`/api/territories/${territory}/purchase`, { userId: buyer.id })).status).toBe(200);
    }

    it('when a player was away and sold land just after its digest window opened, then its digest arrives with the figures of its statement, and one POST stops the next', async () => {
      const seller = await awayPlayer('seller@players.example');
      now = new Date(now.getTime() + 1_000);
      await buy(seller.listed);
      now = new Date(now.getTime() + 7 * DAY);
      expect(await mailDigests(deps(), 'weekly')).toBeGreaterThanOrEqual(1);
      const [digest] = await catcher.waitFor('seller@players.example');
      expect(digest.subject).toMatch(/^Wanakt World: what happened since /);
      // The statement over the digest's time, line by line, is what the digest sums up.
      const [queued] = await game.database.sql`select data from mail_messages where user_id = ${seller.id} and kind = 'digest'`;
      const since = new Date(queued.data.since);
      const statement = (await seller.agent.get('/api/account/statement?limit=100')).body;
      const moved = statement.lines.filter((line: { created_at: string }) => new Date(line.created_at) >= since);
      const net = moved.reduce((sum: number, line: { amount: number }) => sum + line.amount, 0);
      expect(net).toBe(700);
      expect(digest.text).toContain(`Land sold: ${formatDrk(700)} (1 sale)`);
      expect(digest.text).toContain(`Net change: +${formatDrk(net)}`);
      expect(digest.html).toContain(`Land sold: ${formatDrk(700)} (1 sale)`);
      expect(digest.headers.get('list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click');
      const unsubscribe = String(digest.headers.get('list-unsubscribe')).replace(/^<|>$/g, '');
      expect(unsubscribe).toContain(`/api/mail/unsubscribe/u.${seller.id}.digest.`);
      expect((await fetch(unsubscribe, { method: 'POST', body: 'List-Unsubscribe=One-Click' })).status).toBe(200);
      expect((await seller.agent.get('/api/account/mail')).body.preferences.digest).toBe('off');

      // More happens; the next week brings no digest.
      const [again] = await game.database.sql`select id from territories where id = ${territories.shift()!}`;
      await game.database.sql`update territories set owner_id = ${seller.id}, sale_price = 700 where id = ${again.id}`;
      await buy(again.id);
      now = new Date(now.getTime() + 7 * DAY);
      await mailDigests(deps(), 'weekly');
      const [digests] = await game.database
        .sql`select count(*)::int as n from mail_messages where user_id = ${seller.id} and kind = 'digest'`;
      expect(digests.n).toBe(1);
    });

    it('when a player is online, or nothing happened, then it gets no digest; a daily reader gets one each day', async () => {
      now = gameTime();
      const online = await awayPlayer('online@players.example');
      const quiet = await awayPlayer('quiet@players.example');
      const daily = await awayPlayer('daily@players.example', 'daily');
      await buy(online.listed);
      await buy(daily.listed);
      now = new Date(now.getTime() + DAY);
      // The online player's game said it was there a minute ago.
      await game.database.sql`update player_presence set last_seen_at = ${new Date(now.getTime() - 60_000)} where user_id = ${online.id}`;
      await mailDigests(deps(), 'weekly');
      await mailDigests(deps(), 'daily');
      await catcher.waitFor('daily@players.example');
      const digests = await game.database.sql`
        select user_id from mail_messages where kind = 'digest' and user_id in ${game.database.sql([online.id, quiet.id, daily.id])}`;
      expect(digests.map((row) => row.user_id)).toEqual([daily.id]);
      expect(catcher.to('online@players.example')).toEqual([]);
      expect(catcher.to('quiet@players.example')).toEqual([]);
      // The next day's digest covers only the next day: nothing happened, so none.
      now = new Date(now.getTime() + DAY);
      await mailDigests(deps(), 'daily');
      const [count] = await game.database.sql`select count(*)::int as n from mail_messages where kind = 'digest' and user_id = ${daily.id}`;
      expect(count.n).toBe(1);
    });
  });
}
