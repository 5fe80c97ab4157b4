import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WANAKT_USER_ID } from '../../schema/constants.ts';
import { loadConfig } from '../config.ts';
import { mint } from '../domain/economy/ledger.ts';
import { createSandboxProvider } from '../domain/payments/sandbox-provider.ts';
import { inTransaction, type Database, type Sql } from '../infra/db/database.ts';
import { createLogger } from '../infra/logger.ts';
import { testBackends } from '../testing/databases.ts';
import { createPlayer } from '../testing/players.ts';
import { keepAdDeadlines } from './ad-jobs.ts';
import { startJobs } from './start-jobs.ts';

// docs/design.md "One clock" and "Jobs": the game's clock steps one hour forward across the turn of
// a half-year (a rent period, a month, a season's end and an ad's review deadline), then back, then
// the real time reaches the same moment again. Each job keys its work by its period, month, season
// or ad, so each unit runs exactly once, at the first moment the clock showed it due.
const BEFORE = new Date('2031-06-30T23:30:00Z');
const AFTER = new Date('2031-07-01T00:30:00Z');
const POOL = 1_000;
const config = { ...loadConfig({}), SEASON_EPOCH: '2031-06-03T00:00:00Z', SEASON_WEEKS: 4, SEASON_POOL: POOL };

/** What the clockwork has done so far, unit by unit: each key with how many times it was done. */
async function clockwork(sql: Sql) {
  const [done] = await sql`
    select (select string_agg(period, ',' order by period) from rent_periods where completed_at is not null) as periods,
           (select string_agg(month, ',' order by month) from earnings_months where completed_at is not null) as months,
           (select jsonb_object_agg(period, n) from (select period, count(*)::int as n from rent_payments group by period) bills) as bills,
           (select jsonb_object_agg(month, n) from (
              select split_part(reference, ':', 1) as month, count(*)::int as n from ledger where reason = 'earnings' group by 1) paid) as earnings,
           (select jsonb_object_agg(number, extract(epoch from paid_at)::bigint) from seasons where paid_at is not null) as seasons_paid,
           (select string_agg(number::text, ',' order by number) from seasons) as seasons,
           (select count(*)::int from ledger where reason = 'season_reward') as season_rewards,
           (select count(*)::int from ledger where reason = 'refund') as refunds`;
  return done;
}

for (const backend of testBackends()) {
  describe(`[design jobs] a game clock stepped one hour forward then back, on ${backend.name}`, () => {
    let database: Database;
    let now = BEFORE;
    const deps = () => ({ sql: database.sql, clock: () => now, log: createLogger('error') });
    const provider = createSandboxProvider();
    let lord: string;
    let ad: number;

    /** The clock shows `moment`: the server starts (its catch-up runs every keyed job once), and the ad deadlines are kept. */
    async function tick(moment: Date) {
      now = moment;
      const jobs = await startJobs(deps(), config);
      await jobs.stop();
      await keepAdDeadlines(deps(), provider);
      return clockwork(database.sql);
    }

    beforeAll(async () => {
      database = await backend.open();
      const sql = database.sql;
      lord = await createPlayer(sql, { balance: 500, now: BEFORE });
      await sql`update territories set owner_id = ${lord} where name = 'Paris'`;
      await inTransaction(sql, (tx) => mint(tx, WANAKT_USER_ID, { amount: 10 * POOL, reason: 'admin_mint' }, BEFORE));
      // A banner paid in DRK 24 hours before the half-year turns: its review is due at midnight.
      [{ id: ad }] = await sql<{ id: number }[]>`
        insert into ads (title, content, buyer_user_id, impressions_wanted, cost_drk, status, created_at, paid_at)
        values ('At midnight', 'Unreviewed in time', ${lord}, 100, 300, 'in_review', ${BEFORE}, ${new Date(AFTER.getTime() - 24.5 * 3_600_000)})
        returning id`;
    }, 120_000);
    afterAll(() => database.close());

    it('when the clock steps forward past midnight, back, and the real time reaches midnight again, then rent, earnings, the season payout and the ad refund each run exactly once for their moment', async () => {
      const before = await tick(BEFORE);
      expect(before).toMatchObject({ periods: '2031-H1', months: '2031-06', seasons_paid: null, season_rewards: 0, refunds: 0 });
      expect(before.bills['2031-H1']).toBeGreaterThan(0);
      expect(before.earnings['2031-06']).toBeGreaterThan(0);
      // The lord completed a task of season 1, which ends at midnight: its pool is the lord's.
      await database.sql`
        insert into season_completions (season, user_id, task, weight, completed_at) values (1, ${lord}, 'first-steps', 1, ${BEFORE})`;

      const forward = await tick(AFTER);
      expect(forward).toMatchObject({
        periods: '2031-H1,2031-H2',
        months: '2031-06,2031-07',
        bills: { '2031-H1': before.bills['2031-H1'], '2031-H2': before.bills['2031-H1'] },
        seasons_paid: { '1': AFTER.getTime() / 1000 },
        season_rewards: 1,
        refunds: 1,
      });
      expect(forward.earnings['2031-07']).toBe(before.earnings['2031-06']);

      // Back an hour, then the real time reaches the moment the clock had jumped to: nothing runs again.
      expect(await tick(BEFORE)).toEqual(forward);
      expect(await tick(AFTER)).toEqual(forward);

      const [reward] = await database.sql`select count(*)::int as n, sum(amount)::int as drk from ledger where reason = 'season_reward'`;
      expect(reward).toEqual({ n: 1, drk: POOL });
      const [refund] = await database.sql`select status, refund_drk::int from ads where id = ${ad}`;
      expect(refund).toEqual({ status: 'refunded', refund_drk: 300 });
      const repeated = await database.sql`
        select reference from ledger where reason in ('earnings', 'rent', 'season_reward', 'refund') and reference is not null
         group by reference, to_user_id having count(*) > 1`;
      expect(repeated).toEqual([]);
    });
  });
}
