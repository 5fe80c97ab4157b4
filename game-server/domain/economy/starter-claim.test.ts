import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { STARTING_BALANCE } from '../../../schema/constants.ts';
import { STARTER_PRICE } from '../../../schema/rules/first-steps.ts';
import type { RevenueSummaryDto } from '../../../schema/api/revenue.ts';
import type { Sql } from '../../infra/db/database.ts';
import { checkInvariants } from './supply.ts';
import { joinWorld, waitFor, type WorldJoin } from '../../testing/test-clients.ts';
import { postgresBackendIfReachable, testBackends } from '../../testing/databases.ts';
import { balanceOf, signedInPlayer } from '../../testing/players.ts';
import { startTestServer, type TestServer } from '../../testing/test-server.ts';

for (const backend of testBackends()) {
  describe(`[first steps] the starter claim on ${backend.name}`, () => {
    let game: TestServer;
    let sql: Sql;
    beforeAll(async () => {
      game = await startTestServer(backend);
      sql = game.database.sql;
    }, 180_000);
    afterAll(() => game?.stop());
    let joined: WorldJoin[] = [];
    afterEach(async () => {
      await Promise.all(joined.map(({ room }) => room.connection?.isOpen && room.leave()));
      joined = [];
    });

    it("when a newcomer claims a village in a lord's realm, then it is a purchase: the ownership change, the buyer's and the overlord's notices, the room's new owner", async () => {
      const [village] = await sql<{ id: number; name: string; parent_id: number; parent_name: string }[]>`
        select t.id, t.name, p.id as parent_id, p.name as parent_name from territories t join territories p on p.id = t.parent_territory_id
         where t.type in ('village', 'common') and t.owner_id is null and t.sale_price is not null order by t.id desc limit 1`;
      const lord = await signedInPlayer(game, { username: 'starter-lord' });
      await sql`update territories set owner_id = ${lord.id}, sale_price = null where id = ${village.parent_id}`;
      const newcomer = await signedInPlayer(game, { username: 'starter-vassal' });
      const world = await joinWorld(game.server.url, { cookie: newcomer.agent.cookieHeader });
      joined.push(world);
      await waitFor(() => world.room.state.territories?.size > 0, 'the first state');

      expect((await newcomer.agent.post('/api/first-steps/claim', { territoryId: village.id })).status).toBe(200);
      const [change] =
        await sql`select from_owner_id, to_owner_id, price::int, reason from ownership_changes where territory_id = ${village.id}`;
      expect(change).toEqual({ from_owner_id: null, to_owner_id: newcomer.id, price: STARTER_PRICE, reason: 'purchase' });
      const heard = async (agent: typeof lord.agent) =>
        ((await agent.get('/api/notifications')).body.notifications as { kind: string; text: string }[]).map(({ kind, text }) => [
          kind,
          text,
        ]);
      expect(await heard(lord.agent)).toContainEqual([
        'vassal_joined',
        `starter-vassal took ${village.name} and joined your realm under ${village.parent_name}`,
      ]);
      // A claim from the grant, not a purchase on the market: the notice says so.
      expect(await heard(newcomer.agent)).toContainEqual([
        'territory_bought',
        `You claimed ${village.name} for ${STARTER_PRICE} DRK from your starting grant`,
      ]);
      await waitFor(() => world.room.state.territories.get(String(village.id))?.ownerId === newcomer.id, 'the new owner on the map');
      await waitFor(() => world.messages.some((message) => message.type === 'notification'), "the buyer's notice live");
    });

    it('when a newcomer claims a starter territory, then it owns it for the starter price from its grant, once', async () => {
      const newcomer = await signedInPlayer(game, { username: 'first-stepper' });
      const steps = await newcomer.agent.get('/api/first-steps');
      expect(steps.status).toBe(200);
      expect(steps.body).toMatchObject({ price: STARTER_PRICE, refusal: null, claimed: null });
      expect(steps.body.choices.length).toBeGreaterThan(0);
      for (const choice of steps.body.choices) expect(['village', 'common']).toContain(choice.type);
      const [first, second] = steps.body.choices;

      const claimed = await newcomer.agent.post('/api/first-steps/claim', { territoryId: first.id });
      expect(claimed).toMatchObject({ status: 200, body: { message: `Welcome to ${first.name}: it is yours` } });
      const [row] = await sql`select owner_id, sale_price from territories where id = ${first.id}`;
      expect(row).toEqual({ owner_id: newcomer.id, sale_price: null });
      expect(await balanceOf(sql, newcomer.id)).toBe(STARTING_BALANCE - STARTER_PRICE);
      const [ledger] = await sql`select reason, to_user_id, amount::int from ledger where from_user_id = ${newcomer.id}`;
      expect(ledger).toEqual({ reason: 'territory_purchase', to_user_id: 'wanakt-admin', amount: STARTER_PRICE });

      const again = await newcomer.agent.post('/api/first-steps/claim', { territoryId: second.id });
      expect(again).toMatchObject({ status: 409, body: { message: 'You have already claimed your starter territory' } });
      // One earnings figure (docs/rules.md §9): what the choice offered is what the revenue center now projects for it.
      const summary = await newcomer.agent.get<RevenueSummaryDto>(`/api/revenue/summary/${newcomer.id}`);
      const projected = summary.body.territories.find((line) => line.territory_id === first.id)!.to_owner;
      expect(first.monthly_earnings).toBe(projected);
      expect(first.monthly_earnings).toBeGreaterThan(first.monthly_revenue);
      expect((await newcomer.agent.get('/api/first-steps')).body).toMatchObject({
        refusal: 'You have already claimed your starter territory',
        claimed: { id: first.id, monthly_earnings: projected },
        choices: [],
      });
      expect((await checkInvariants(sql)).problems).toEqual([]);
    });

    it('when the territory is no starter, taken, or the input is bad, then nothing changes and the answer says why', async () => {
      const newcomer = await signedInPlayer(game);
      const [city] = await sql<
        { id: number; name: string }[]
      >`select id, name from territories where type = 'city' and owner_id is null limit 1`;
      const refused = await newcomer.agent.post('/api/first-steps/claim', { territoryId: city.id });
      expect(refused).toMatchObject({
        status: 409,
        body: { message: `${city.name} is not a starter territory: choose a village or a common area` },
      });
      for (const bad of [{}, { territoryId: 'x' }, { territoryId: 1, more: 1 }])
        expect((await newcomer.agent.post('/api/first-steps/claim', bad)).status).toBe(400);
      expect((await newcomer.agent.post('/api/first-steps/claim', { territoryId: 999_999 })).status).toBe(404);
      expect(await balanceOf(sql, newcomer.id)).toBe(STARTING_BALANCE);
      const [claims] = await sql`select count(*)::int as n from starter_claims where user_id = ${newcomer.id}`;
      expect(claims.n).toBe(0);
      expect((await game.agent().post('/api/first-steps/claim', { territoryId: city.id })).status).toBe(401);

      const owner = await signedInPlayer(game, { balance: 5_000 });
      const [village] = await sql<{ id: number }[]>`select id from territories where type = 'village' and owner_id is null limit 1`;
      await owner.agent.post(`/api/territories/${village.id}/purchase`, {});
      expect((await owner.agent.get('/api/first-steps')).body).toMatchObject({
        refusal: 'Starter territories are for players who own no territory yet',
        choices: [],
      });
    });
  });
}

const postgres = postgresBackendIfReachable();
describe.runIf(postgres)('[first steps] claims at once on real PostgreSQL', () => {
  let game: TestServer;
  beforeAll(async () => {
    game = await startTestServer(postgres!);
  }, 60_000);
  afterAll(() => game.stop());

  it('when one newcomer claims from two tabs and five newcomers race for one village, then each gets at most one and the village one owner', async () => {
    const sql = game.database.sql;
    const [a, b] = (
      await sql<{ id: number }[]>`select id from territories where type = 'village' and owner_id is null order by id limit 2`
    ).map((row) => row.id);
    const twoTabs = await signedInPlayer(game);
    const both = await Promise.all([a, b].map((id) => twoTabs.agent.post('/api/first-steps/claim', { territoryId: id })));
    expect(both.map((answer) => answer.status).sort()).toEqual([200, 409]);

    const racers = await Promise.all(Array.from({ length: 5 }, () => signedInPlayer(game)));
    const stillFree = both[0].status === 409 ? a : b;
    const answers = await Promise.all(racers.map((racer) => racer.agent.post('/api/first-steps/claim', { territoryId: stillFree })));
    expect(answers.filter((answer) => answer.status === 200)).toHaveLength(1);
    const [owners] = await sql`select count(*)::int as n from ownership_changes where territory_id = ${stillFree}`;
    expect(owners.n).toBe(1);
    expect((await checkInvariants(sql)).problems).toEqual([]);
  });
});
