import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RentWaterfallDto, RevenueSummaryDto } from '../../../../schema/api/revenue.ts';
import { WANAKT_USER_ID } from '../../../../schema/constants.ts';
import { ownerEarnings } from '../../../../schema/rules/earnings.ts';
import type { Sql } from '../../../infra/db/database.ts';
import { payMonthlyEarnings } from '../../../commands/earnings-run.ts';
import type { TestAgent } from '../../../testing/agent.ts';
import { testBackends } from '../../../testing/databases.ts';
import { signedInPlayer } from '../../../testing/players.ts';
import { startTestServer, type TestServer } from '../../../testing/test-server.ts';

const now = new Date('2031-02-10T12:00:00Z');

for (const backend of testBackends()) {
  describe(`[§2 revenue center, dashboard] revenue summary and rent waterfall on ${backend.name}`, () => {
    let game: TestServer;
    let sql: Sql;
    let baron: { id: string; agent: TestAgent };
    let vassal: { id: string; agent: TestAgent };
    beforeAll(async () => {
      game = await startTestServer(backend, { clock: () => now });
      sql = game.database.sql;
      baron = await signedInPlayer(game, { balance: 1000, now });
      vassal = await signedInPlayer(game, { balance: 1000, now });
      await sql`update territories set owner_id = ${baron.id} where seed_key in ('main:london', 'main:cairo', 'main:lagos')`;
      // London's vassals: a city paying 20% of 180 and a district paying 72 per period.
      await sql`update territories set owner_id = ${vassal.id} where seed_key in ('city:liverpool', 'sub:westminster')`;
    });
    afterAll(() => game.stop());

    it("when a player reads its revenue summary, then the projection follows the earnings rule and tribute is the period's rent owed to it, apart from the monthly total", async () => {
      const response = await baron.agent.get(`/api/revenue/summary/${baron.id}`);
      expect(response.status).toBe(200);
      const summary = response.body as RevenueSummaryDto;
      const owned = await sql<{ name: string; type: 'main'; monthly_revenue: number; upgrade_tier: 'standard' }[]>`
        select name, type, monthly_revenue::int, upgrade_tier from territories where owner_id = ${baron.id} order by id`;
      const rule = ownerEarnings(owned, 1);
      expect(summary).toMatchObject({
        user_id: baron.id,
        territory_count: 3,
        ownership_multiplier: 1.5,
        revenue_event_multiplier: 1,
        base_revenue: 600 + 450 + 420,
        multiplier_bonus: rule.reduce((sum, earning) => sum + earning.multiplierBonus, 0),
        ad_revenue: rule.reduce((sum, earning) => sum + earning.adRevenue, 0),
        feudal_tribute: 36 + 72,
        last_payout: null,
      });
      expect(summary.total_monthly).toBe(summary.base_revenue + summary.multiplier_bonus + summary.ad_revenue);
      expect(summary.territories.map((line) => line.to_owner)).toEqual(rule.map((earning) => earning.toOwner));
    });

    it('when a month has been paid, then the summary shows that payout beside the projection', async () => {
      const run = await payMonthlyEarnings({ sql, clock: () => now }, '2031-03');
      expect(run.minted).toBeGreaterThan(0);
      const summary = (await baron.agent.get(`/api/revenue/summary/${baron.id}`)).body as RevenueSummaryDto;
      expect(summary.last_payout).toEqual({ month: '2031-03', amount: summary.total_monthly });
    });

    it("when the Wanakt reads its summary, then it includes the wonders' ad revenue", async () => {
      const wanakt = await game.wanakt();
      const summary = (await wanakt.get(`/api/revenue/summary/${WANAKT_USER_ID}`)).body as RevenueSummaryDto;
      // The seat's own ad revenue (1000 × 2 × 0.15) plus every wonder's (revenue × 1.8 × 0.15).
      expect(summary.territories.reduce((sum, line) => sum + line.ad_revenue, 0)).toBe(300);
      const wonders = await sql<
        { monthly_revenue: number }[]
      >`select monthly_revenue::int from territories where type = 'wonder' and owner_id is not null`;
      expect(wonders.length).toBeGreaterThan(0);
      const wonderAds = wonders.reduce((sum, wonder) => sum + Math.round(wonder.monthly_revenue * 1.8 * 0.15), 0);
      expect(summary).toMatchObject({ ad_revenue: 300 + wonderAds, wonder_ad_revenue: wonderAds });
      // The table's lines and the wonders' ads add up to the total, and that is what the month's payout minted to the Wanakt.
      const toOwner = summary.territories.reduce((sum, line) => sum + line.to_owner, 0);
      expect(toOwner + summary.wonder_ad_revenue).toBe(summary.total_monthly);
      expect(summary.last_payout).toEqual({ month: '2031-03', amount: summary.total_monthly });
      // Main cities owe the Wanakt 111 each per period.
      expect(summary.feudal_tribute).toBe(3 * 111);
    });

    it('when the rent waterfall is read before and after the period is generated and a vassal pays, then each flow shows its state', async () => {
      const before = (await baron.agent.get(`/api/payments/waterfall/${baron.id}`)).body as RentWaterfallDto;
      expect(before).toMatchObject({ user_id: baron.id, period: '2031-H1', collects_total: 108, pays_total: 333, net: -225 });
      expect(before.pays.map((flow) => [flow.payee_id, flow.amount, flow.status])).toEqual([
        [WANAKT_USER_ID, 111, 'projected'],
        [WANAKT_USER_ID, 111, 'projected'],
        [WANAKT_USER_ID, 111, 'projected'],
      ]);
      expect(before.collects.map((flow) => [flow.payer_territory_name, flow.payment_type, flow.amount, flow.status])).toEqual([
        ['Liverpool', 'rent', 36, 'projected'],
        ['Westminster', 'sub_rent', 72, 'projected'],
      ]);

      expect((await (await game.wanakt()).post('/api/rent/generate')).body.created).toBe(5);
      const generated = (await vassal.agent.get(`/api/payments/waterfall/${vassal.id}`)).body as RentWaterfallDto;
      expect(generated.pays.map((flow) => flow.status)).toEqual(['due', 'due']);
      const paid = await vassal.agent.post(`/api/rent/pay/${generated.pays[0].payment_id}`);
      expect(paid.status).toBe(200);

      const after = (await baron.agent.get(`/api/payments/waterfall/${baron.id}`)).body as RentWaterfallDto;
      expect(after.collects.map((flow) => flow.status)).toEqual(['paid', 'due']);
      expect(after.collects_total).toBe(108);
      expect(after.pays.every((flow) => flow.status === 'due' && flow.due_date === '2031-03-12T12:00:00.000Z')).toBe(true);
    });

    it("when a player asks for another player's figures, or an unknown one, then it is refused", async () => {
      expect((await game.agent().get(`/api/revenue/summary/${baron.id}`)).status).toBe(401);
      expect(await vassal.agent.get(`/api/revenue/summary/${baron.id}`)).toMatchObject({
        status: 403,
        body: { message: 'You can only see your own revenue' },
      });
      expect(await vassal.agent.get(`/api/payments/waterfall/${baron.id}`)).toMatchObject({
        status: 403,
        body: { message: 'You can only see your own rent' },
      });
      const wanakt = await game.wanakt();
      expect((await wanakt.get(`/api/payments/waterfall/${baron.id}`)).status).toBe(200);
      expect(await wanakt.get('/api/revenue/summary/nobody')).toMatchObject({ status: 404, body: { message: 'User not found' } });
      expect((await wanakt.get(`/api/revenue/summary/${'x'.repeat(101)}`)).status).toBe(400);
    });
  });
}
