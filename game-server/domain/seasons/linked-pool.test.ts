import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ActingUser, Actor } from '../../../schema/commands/policy.ts';
import { WANAKT_USER_ID } from '../../../schema/constants.ts';
import { regionOf, type Region } from '../../../schema/rules/region.ts';
import { seasonBounds } from '../../../schema/rules/seasons.ts';
import { execute } from '../../commands/execute.ts';
import type { CommandDeps } from '../../commands/handler.ts';
import { inTransaction, type Database, type Sql } from '../../infra/db/database.ts';
import { runSeasons } from '../../jobs/season-job.ts';
import { testBackends } from '../../testing/databases.ts';
import { createPlayer } from '../../testing/players.ts';
import { mint } from '../economy/ledger.ts';
import { tradesOf } from '../economy/market.ts';
import { checkInvariants, readSupply } from '../economy/supply.ts';
import { clusters, LINK_REASONS } from '../fair-play/links.ts';
import { LAND_GIVEN } from './fair-play.ts';
import { currentSeason } from './season-read.ts';

// docs/rules.md §10 "Fair play": the pool farmed through linked accounts. One player buys cheap land
// in three regions and passes it by gift through four throwaway accounts (one address, no confirmed
// e-mail) and back, so each holder would reach "land in three regions"; two more accounts on one
// network confirm farmer+1@ and farmer+2@ and play every day. Two honest players play beside them.
const SETTINGS = { weeks: 6, pool: 5_000, epoch: '2031-01-06T00:00:00Z' };
const { startsAt, endsAt } = seasonBounds(1, SETTINGS.weeks, SETTINGS.epoch);
const DAY = 86_400_000;
const REGIONS: Region[] = ['europe', 'asia', 'africa'];

const as = (user: ActingUser): Actor => ({ user, via: 'web' });

async function player(sql: Sql, username: string, options: { email?: string; address: string }): Promise<ActingUser> {
  const id = await createPlayer(sql, { username, balance: 100_000 });
  if (options.email) await sql`update users set email = ${options.email}, email_verified_at = ${startsAt} where id = ${id}`;
  await sql`insert into login_addresses (user_id, address, last_login_at) values (${id}, ${options.address}, ${startsAt})`;
  return { id, username, is_wanakt: false };
}

/** The cheapest unowned territories for sale, `count` in each of the regions. */
async function cheapLand(sql: Sql, count: number): Promise<Record<Region, number[]>> {
  const all = await sql<{ id: number; latitude: number; longitude: number }[]>`
    select id, latitude::float8 as latitude, longitude::float8 as longitude from territories
     where owner_id is null and sale_price is not null and type in ('village', 'town', 'city') order by price, id`;
  const found = Object.fromEntries(REGIONS.map((region) => [region, [] as number[]])) as Record<Region, number[]>;
  for (const place of all) {
    const region = regionOf(place.latitude, place.longitude);
    if (region && REGIONS.includes(region) && found[region].length < count) found[region].push(place.id);
  }
  return found;
}

for (const backend of testBackends()) {
  describe(`[§10 fair play] a season's pool farmed through linked accounts, on ${backend.name}`, () => {
    let database: Database;
    let now: Date;
    let deps: CommandDeps;
    const run = (command: Parameters<typeof execute>[2], actor: ActingUser) => execute(deps, as(actor), command);

    beforeAll(async () => {
      database = await backend.open();
      now = new Date(startsAt.getTime() - DAY);
      deps = { sql: database.sql, clock: () => now };
      await inTransaction(database.sql, (tx) => mint(tx, WANAKT_USER_ID, { amount: 10_000, reason: 'admin_mint' }, new Date()));
      await runSeasons(deps, SETTINGS);
    }, 120_000);
    afterAll(() => database.close());

    it('when land goes round by gift and two accounts share a network and a mailbox, then each cluster gets one share and the ledger balances', async () => {
      const sql = database.sql;
      const farmer = await player(sql, 'farmer', { email: 'grower@example.org', address: '198.51.100.10' });
      const throwaways = [];
      for (const n of [1, 2, 3, 4]) throwaways.push(await player(sql, `throwaway-${n}`, { address: '203.0.113.50' }));
      const plus = [
        await player(sql, 'plus-1', { email: 'farmer+1@example.org', address: '192.0.2.20' }),
        await player(sql, 'plus-2', { email: 'Farmer+2@example.org', address: '192.0.2.20' }),
      ];
      const honest = [
        await player(sql, 'honest-1', { email: 'honest-1@example.org', address: '198.51.100.11' }),
        await player(sql, 'honest-2', { email: 'honest-2@example.org', address: '2001:db8:7::1' }),
      ];
      const land = await cheapLand(sql, 4);
      now = new Date(startsAt.getTime() + DAY);

      // The farmer and the honest players each buy one territory in each of three regions from the treasury.
      for (const [index, buyer] of [farmer, ...honest].entries())
        for (const region of REGIONS) await run({ type: 'territory.purchase', territoryId: land[region][index], body: {} }, buyer);
      // The farmer's three territories go round: farmer → 1 → 2 → 3 → 4 → farmer, each a gift.
      const ring = [farmer, ...throwaways, farmer];
      for (let step = 0; step + 1 < ring.length; step++)
        for (const region of REGIONS)
          await run({ type: 'territory.gift', territoryId: land[region][0], body: { to: ring[step + 1].username } }, ring[step]);
      // The payback: a throwaway buys land from the farmer at forty times its price.
      const payback = land.europe[3];
      await run({ type: 'territory.purchase', territoryId: payback, body: {} }, farmer);
      const [{ price }] = await sql<{ price: number }[]>`select price::int from territories where id = ${payback}`;
      await run({ type: 'territory.list', territoryId: payback, body: { sale_price: price * 40 } }, farmer);
      await run({ type: 'territory.purchase', territoryId: payback, body: {} }, throwaways[0]);
      // The two accounts of one mailbox play seven days in a row.
      for (let day = 1; day <= 7; day++) {
        now = new Date(startsAt.getTime() + day * DAY);
        for (const account of plus) await run({ type: 'away.visit' }, account);
      }

      const view = async (user: ActingUser) => (await currentSeason(sql, user.id, now)).season!;
      const weight = async (user: ActingUser) => (await view(user)).you!.weight;
      expect(await weight(farmer)).toBe(2);
      for (const throwaway of throwaways) {
        expect(await weight(throwaway)).toBe(0);
        expect((await view(throwaway)).you!.not_counted.filter((row) => row.why === LAND_GIVEN)).toHaveLength(3);
      }
      // The payback is no trade for either side, and its sale is marked.
      const paybackRefusals = (await view(throwaways[0])).you!.not_counted.filter((row) => row.why === LINK_REASONS.land);
      expect(paybackRefusals.map((row) => row.task).sort()).toEqual(['regions', 'trade']);
      expect((await view(farmer)).you!.not_counted).toEqual([expect.objectContaining({ task: 'trade', why: LINK_REASONS.land })]);
      const [sale] = await sql<
        { linked: string | null }[]
      >`select linked from ownership_changes where territory_id = ${payback} order by id desc limit 1`;
      expect(sale.linked).toBe(LINK_REASONS.land);
      expect((await tradesOf(sql, farmer.id, 20)).filter((trade) => trade.linked).map((trade) => trade.territory_id)).toEqual([payback]);

      const found = await clusters(sql);
      const membersOf = (user: ActingUser) => found.find((cluster) => cluster.members.includes(user.id));
      expect(membersOf(farmer)?.members).toEqual([farmer, ...throwaways].map((user) => user.id).sort());
      expect(membersOf(plus[0])?.members).toEqual(plus.map((user) => user.id).sort());
      expect(new Set(membersOf(plus[0])?.evidence.map((link) => link.signal))).toEqual(new Set(['address', 'email']));
      expect(membersOf(honest[0])).toBeUndefined();
      expect(membersOf(honest[1])).toBeUndefined();
      expect(LINK_REASONS.land).toMatch(/gift/);

      now = new Date(endsAt.getTime() + 60_000);
      const supplyBefore = await readSupply(sql);
      const { paid } = await runSeasons(deps, SETTINGS);
      const amounts = new Map(paid[0].payouts.map((payout) => [payout.userId, payout.amount]));
      // Four shares of weight 2: the farmer's cluster, the mailbox's cluster (its smaller id), and the two honest players.
      const share = SETTINGS.pool / 4;
      const clusterTotal = (users: ActingUser[]) => users.reduce((sum, user) => sum + (amounts.get(user.id) ?? 0), 0);
      expect(clusterTotal([farmer, ...throwaways])).toBe(share);
      expect(clusterTotal(plus)).toBe(share);
      expect(amounts.get(farmer.id)).toBe(share);
      expect(plus.map((user) => amounts.get(user.id)).sort()).toEqual([0, share]);
      expect(honest.map((user) => amounts.get(user.id))).toEqual([share, share]);
      expect(paid[0].paid).toBe(SETTINGS.pool);
      for (const throwaway of throwaways) expect(amounts.has(throwaway.id)).toBe(false);
      expect(await readSupply(sql)).toEqual(supplyBefore);
      expect(await checkInvariants(sql)).toMatchObject({ ok: true, problems: [] });
    });
  });
}
