import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HierarchyNode } from '../../../../schema/api/territories.ts';
import { MARKER_MAX_X, MARKER_MIN_Y, WANAKT_USER_ID } from '../../../../schema/constants.ts';
import { rentDue } from '../../../../schema/rules/rent.ts';
import { coordinatesOf } from '../../../../schema/rules/territory.ts';
import type { Sql } from '../../../infra/db/database.ts';
import type { TestAgent } from '../../../testing/agent.ts';
import { testBackends } from '../../../testing/databases.ts';
import { signedInPlayer } from '../../../testing/players.ts';
import { startTestServer, type TestServer } from '../../../testing/test-server.ts';

const idOf = async (sql: Sql, name: string) => (await sql<{ id: number }[]>`select id from territories where name = ${name}`)[0].id;
const patch = (agent: TestAgent, path: string, body?: unknown) => agent.request('PATCH', path, body);

function flatten(nodes: HierarchyNode[]): HierarchyNode[] {
  return nodes.flatMap((node) => [node, ...flatten(node.vassals)]);
}

for (const backend of testBackends()) {
  describe(`[§7 territories] reads, visits and edits on ${backend.name}`, () => {
    const now = new Date('2026-05-04T10:00:00Z');
    let game: TestServer;
    let sql: Sql;
    let wanakt: TestAgent;
    let owner: { id: string; agent: TestAgent };
    let stranger: { id: string; agent: TestAgent };
    let manhattan: number;

    beforeAll(async () => {
      game = await startTestServer(backend, { clock: () => now });
      sql = game.database.sql;
      wanakt = await game.wanakt();
      owner = await signedInPlayer(game, { balance: 10_000, now });
      stranger = await signedInPlayer(game, { balance: 10_000, now });
      manhattan = await idOf(sql, 'Manhattan');
      expect((await owner.agent.post(`/api/territories/${manhattan}/purchase`, { userId: owner.id })).status).toBe(200);
    });
    afterAll(() => game.stop());

    describe('reads', () => {
      it('when anyone lists territories or reads one, then it gets the TerritoryDto fields', async () => {
        const list = await game.agent().get('/api/territories');
        expect(list.status).toBe(200);
        expect(list.body.length).toBeGreaterThan(200);
        const one = await game.agent().get(`/api/territories/${manhattan}`);
        expect(one.body).toMatchObject({
          id: manhattan,
          name: 'Manhattan',
          type: 'sub',
          tier: 'sub',
          owner_id: owner.id,
          sale_price: null,
          purchase_price: 3000,
        });
        expect(typeof one.body.latitude).toBe('string');
        expect(typeof one.body.monthly_revenue).toBe('string');
      });

      it('when a territory id is unknown, then 404; when it is not a positive whole number, then 400', async () => {
        expect(await game.agent().get('/api/territories/999999')).toMatchObject({ status: 404, body: { message: 'Territory not found' } });
        for (const bad of ['0', '-3', '1.5', 'abc', '1e3', "1'%20or%20'1'='1", '99999999999']) {
          expect((await game.agent().get(`/api/territories/${bad}`)).status).toBe(400);
          expect((await game.agent().get(`/api/territories/${bad}/visits`)).status).toBe(400);
        }
      });

      it('[§7 for-sale] when anyone asks for territories for sale, then it gets every listing, cheapest first', async () => {
        const response = await game.agent().get('/api/territories/for-sale');
        expect(response.status).toBe(200);
        const prices = response.body.map((territory: { sale_price: number }) => territory.sale_price);
        expect(prices.every((price: number | null) => price !== null)).toBe(true);
        expect(prices).toEqual([...prices].sort((a, b) => a - b));
        expect(response.body.some((territory: { id: number }) => territory.id === manhattan)).toBe(false);
        const [{ n }] = await sql<{ n: number }[]>`select count(*)::int as n from territories where sale_price is not null`;
        expect(response.body).toHaveLength(n);
      });

      it("[§7 user territories] when anyone asks for a player's territories, then it gets exactly those; unknown 404, bad id 400", async () => {
        const response = await game.agent().get(`/api/territories/user/${owner.id}`);
        expect(response.body.map((territory: { name: string }) => territory.name)).toEqual(['Manhattan']);
        expect((await game.agent().get(`/api/territories/user/${stranger.id}`)).body).toEqual([]);
        expect(await game.agent().get('/api/territories/user/no-such-user')).toMatchObject({
          status: 404,
          body: { message: 'User not found' },
        });
        expect((await game.agent().get(`/api/territories/user/${encodeURIComponent("x' or '1'='1")}`)).status).toBe(400);
      });
    });

    describe('[§2 feudal] hierarchy', () => {
      it('when anyone reads the hierarchy, then its roots are the main cities and the parentless rest, and each territory shows once', async () => {
        const response = await game.agent().get('/api/territories/hierarchy');
        expect(response.status).toBe(200);
        const roots: HierarchyNode[] = response.body;
        const all = flatten(roots);
        const [{ n }] = await sql<{ n: number }[]>`select count(*)::int as n from territories`;
        expect(all).toHaveLength(n);
        expect(new Set(all.map((node) => node.id)).size).toBe(n);
        const expectedRoots = await sql<{ id: number }[]>`select id from territories where type = 'main' or parent_territory_id is null`;
        expect(roots.map((node) => node.id).sort((a, b) => a - b)).toEqual(expectedRoots.map((row) => row.id).sort((a, b) => a - b));
        expect(roots[0].type).toBe('wanakt');
        for (const root of roots) expect(root.overlord).toBeNull();
      });

      it('when a vassal is owned, then its owned overlord collects exactly rentDue of it; an unowned vassal pays nobody, nor rent to an unowned lord', async () => {
        const newYorkNow = async () =>
          ((await game.agent().get('/api/territories/hierarchy')).body as HierarchyNode[]).find((node) => node.name === 'New York')!;
        const unowned = await newYorkNow();
        expect(unowned).toMatchObject({ type: 'main', parent_territory_id: null, owner_id: null, monthly_revenue: expect.any(String) });
        // Rent to an unowned lord goes to nobody (rentOwed in schema/rules/rent.ts), so none is shown as paid.
        expect(unowned.vassals.find((node) => node.name === 'Manhattan')).toMatchObject({
          overlord: { name: 'New York' },
          owner_id: owner.id,
          paysRent: 0,
        });
        expect(unowned.collectsRent).toBe(0);

        expect((await wanakt.post(`/api/territories/${unowned.id}/assign`, { userId: stranger.id })).status).toBe(200);
        const newYork = await newYorkNow();
        const manhattanNode = newYork.vassals.find((node) => node.name === 'Manhattan')!;
        expect(manhattanNode).toMatchObject({
          overlord: { name: 'New York' },
          parent_territory_id: newYork.id,
          owner_id: owner.id,
          paysRent: 72,
        });
        const boston = newYork.vassals.find((node) => node.name === 'Boston')!;
        expect(boston.vassals.map((node) => node.type)).toContain('town');
        expect(boston.paysRent).toBe(0);
        const owned = newYork.vassals.filter((node) => node.owner_id !== null);
        const expected = owned.reduce(
          (sum, node) =>
            sum + (rentDue({ type: node.type, monthly_revenue: Number(node.monthly_revenue), rent_amount: node.rent_amount })?.amount ?? 0),
          0,
        );
        expect(newYork.collectsRent).toBe(expected);
        expect(newYork.collectsRent).toBe(72);
      });
    });

    describe('[§3 visits] visits and ads', () => {
      it('when someone without an account visits, then the visits count grows by one and GET .../visits shows it', async () => {
        const before = (await game.agent().get(`/api/territories/${manhattan}/visits`)).body.visits;
        const visit = await game.agent().post(`/api/territories/${manhattan}/visit`);
        expect(visit.status).toBe(200);
        expect(visit.body).toEqual({ visits: before + 1 });
        expect((await game.agent().get(`/api/territories/${manhattan}/visits`)).body).toEqual({ visits: before + 1 });
      });

      it('when an active ad targets the territory, then the visit shows it and counts the impression, completing the ad at its target', async () => {
        const london = await idOf(sql, 'London');
        const [ad] = await sql<{ id: number }[]>`
          insert into ads (title, content, click_url, territory_id, impressions_wanted, impressions_delivered, total_cost_cents, status)
          values ('Tea at the Ritz', 'Scones daily', 'https://example.com', ${london}, 3, 1, 3000, 'active') returning id`;
        await sql`insert into ads (title, content, territory_id, impressions_wanted, status) values ('Pending', 'not yet', ${london}, 100, 'in_review')`;
        const first = await game.agent().post(`/api/territories/${london}/visit`);
        expect(first.body.ad).toEqual({
          id: ad.id,
          title: 'Tea at the Ritz',
          content: 'Scones daily',
          click_url: 'https://example.com',
          territory_id: london,
          impressions: 2,
          impressions_wanted: 3,
          clicks: 0,
          revenue: 30,
          status: 'active',
          region: 'europe',
        });
        const second = await game.agent().post(`/api/territories/${london}/visit`);
        expect(second.body.ad).toMatchObject({ impressions: 3, status: 'completed' });
        const third = await game.agent().post(`/api/territories/${london}/visit`);
        expect(third.body.ad).toBeUndefined();
        expect(third.body.visits).toBe(first.body.visits + 2);
        const [row] = await sql<
          { impressions_delivered: number; status: string }[]
        >`select impressions_delivered, status from ads where id = ${ad.id}`;
        expect(row).toEqual({ impressions_delivered: 3, status: 'completed' });
      });

      it('when the territory is unknown, then a visit answers 404 and counts nothing', async () => {
        expect((await game.agent().post('/api/territories/999999/visit')).status).toBe(404);
        expect((await game.agent().get('/api/territories/999999/visits')).status).toBe(404);
      });
    });

    describe('[§5 description]', () => {
      const path = () => `/api/territories/${manhattan}/description`;

      it('when the owner saves 10 to 500 characters, then the trimmed text is stored', async () => {
        const response = await patch(owner.agent, path(), { userId: owner.id, description: '   The island at the heart of it all.  ' });
        expect(response.status).toBe(200);
        expect(response.body.territory.description).toBe('The island at the heart of it all.');
        expect((await game.agent().get(`/api/territories/${manhattan}`)).body.description).toBe('The island at the heart of it all.');
      });

      it("when the text is too short after trimming or longer than 500, then 400 with docs/rules.md §5's messages and nothing changes", async () => {
        const short = await patch(owner.agent, path(), { userId: owner.id, description: '  123456789          ' });
        expect(short).toMatchObject({
          status: 400,
          body: { message: 'Please provide at least 10 characters for your territory description.' },
        });
        const long = await patch(owner.agent, path(), { userId: owner.id, description: 'x'.repeat(501) });
        expect(long).toMatchObject({ status: 400, body: { message: 'Territory description must be 500 characters or less.' } });
        expect((await patch(owner.agent, path(), { description: 'x'.repeat(500) })).status).toBe(200);
        for (const description of [42, null, ['a long enough text'], { $gt: '' }]) {
          expect((await patch(owner.agent, path(), { description })).status).toBe(400);
        }
        expect((await game.agent().get(`/api/territories/${manhattan}`)).body.description).toBe('x'.repeat(500));
      });

      it('when no one is logged in, someone else, or another userId is named, then 401 / 403 / 403', async () => {
        const body = { description: 'A takeover of the island.' };
        expect((await patch(game.agent(), path(), body)).status).toBe(401);
        expect(await patch(stranger.agent, path(), body)).toMatchObject({
          status: 403,
          body: { message: 'Only the owner of Manhattan can describe it' },
        });
        expect((await patch(stranger.agent, path(), { ...body, userId: owner.id })).status).toBe(403);
        expect((await patch(wanakt, path(), body)).status).toBe(403);
        expect((await patch(owner.agent, '/api/territories/999999/description', body)).status).toBe(404);
      });
    });

    describe('[§7 rename]', () => {
      it('when the owner or the Wanakt renames, then the trimmed name is stored; anyone else gets 403', async () => {
        expect(
          (await patch(owner.agent, `/api/territories/${manhattan}`, { userId: owner.id, name: '  Mannahatta ' })).body.territory.name,
        ).toBe('Mannahatta');
        expect((await patch(wanakt, `/api/territories/${manhattan}`, { userId: WANAKT_USER_ID, name: 'Manhattan' })).status).toBe(200);
        expect((await patch(stranger.agent, `/api/territories/${manhattan}`, { name: 'Mine now' })).status).toBe(403);
        expect((await patch(game.agent(), `/api/territories/${manhattan}`, { name: 'Mine now' })).status).toBe(401);
        expect((await patch(owner.agent, '/api/territories/999999', { name: 'Nowhere' })).status).toBe(404);
        expect((await game.agent().get(`/api/territories/${manhattan}`)).body.name).toBe('Manhattan');
      });

      it('when the name is blank, over 100 characters, not a string or has control characters, then 400', async () => {
        for (const name of ['   ', 'n'.repeat(101), 7, undefined, 'Bell\u0007']) {
          const response = await patch(owner.agent, `/api/territories/${manhattan}`, { name });
          expect(response.status).toBe(400);
        }
        expect((await patch(owner.agent, `/api/territories/${manhattan}`, { name: '' })).body.message).toBe(
          'Please enter a territory name',
        );
        expect((await patch(owner.agent, `/api/territories/${manhattan}`, { name: "'; drop table territories; --" })).status).toBe(200);
        expect((await game.agent().get('/api/territories')).status).toBe(200);
        await patch(owner.agent, `/api/territories/${manhattan}`, { name: 'Manhattan' });
      });
    });

    describe('[§5 map] position', () => {
      it('when the Wanakt moves a pin with strings or numbers, then it is stored as sent when it lies on the map', async () => {
        const response = await patch(wanakt, `/api/territories/${manhattan}/position`, {
          userId: WANAKT_USER_ID,
          latitude: '40.5',
          longitude: '-73.25',
        });
        expect(response.status).toBe(200);
        expect(response.body).toMatchObject({ id: manhattan, latitude: '40.500000', longitude: '-73.250000' });
        expect((await patch(wanakt, `/api/territories/${manhattan}/position`, { latitude: 41, longitude: -74 })).body).toMatchObject({
          latitude: '41.000000',
          longitude: '-74.000000',
        });
      });

      it('when a pin is dropped beyond the map margins, then it is clamped onto the map', async () => {
        const response = await patch(wanakt, `/api/territories/${manhattan}/position`, { latitude: '89.9', longitude: 179.99 });
        const corner = coordinatesOf(MARKER_MAX_X, MARKER_MIN_Y);
        expect(Number(response.body.latitude)).toBeCloseTo(corner.latitude, 5);
        expect(Number(response.body.longitude)).toBeCloseTo(corner.longitude, 5);
      });

      it('when anyone but the Wanakt moves a pin, or the values are not decimals, then 401 / 403 / 400 and it stays', async () => {
        const before = (await game.agent().get(`/api/territories/${manhattan}`)).body;
        expect((await patch(game.agent(), `/api/territories/${manhattan}/position`, { latitude: '1', longitude: '1' })).status).toBe(401);
        expect((await patch(owner.agent, `/api/territories/${manhattan}/position`, { latitude: '1', longitude: '1' })).status).toBe(403);
        expect(
          (await patch(wanakt, `/api/territories/${manhattan}/position`, { userId: owner.id, latitude: '1', longitude: '1' })).status,
        ).toBe(403);
        for (const latitude of ['NaN', 'abc', '1e5', '1; drop table territories', true, [1], null]) {
          expect((await patch(wanakt, `/api/territories/${manhattan}/position`, { latitude, longitude: '1' })).status).toBe(400);
        }
        expect((await patch(wanakt, '/api/territories/999999/position', { latitude: '1', longitude: '1' })).status).toBe(404);
        const after = (await game.agent().get(`/api/territories/${manhattan}`)).body;
        expect([after.latitude, after.longitude]).toEqual([before.latitude, before.longitude]);
      });
    });

    describe('[§5 rent amount]', () => {
      const path = () => `/api/territories/${manhattan}/rent`;
      const stored = async () =>
        (await sql<{ rent_amount: string | null }[]>`select rent_amount::text from territories where id = ${manhattan}`)[0].rent_amount;

      it('when the Wanakt sets a whole rent of 0 or more, then it is stored and the hierarchy uses it; null restores the default', async () => {
        const response = await patch(wanakt, path(), { userId: WANAKT_USER_ID, rentAmount: 90 });
        expect(response).toMatchObject({ status: 200, body: { message: 'Rent for Manhattan set to 90 DRK' } });
        expect(await stored()).toBe('90');
        const roots: HierarchyNode[] = (await game.agent().get('/api/territories/hierarchy')).body;
        expect(flatten(roots).find((node) => node.id === manhattan)).toMatchObject({ rent_amount: 90, paysRent: 90 });
        expect((await patch(wanakt, path(), { rentAmount: 0 })).status).toBe(200);
        expect(await stored()).toBe('0');
        expect((await patch(wanakt, path(), { rentAmount: null })).status).toBe(200);
        expect(await stored()).toBeNull();
      });

      it("when the amount is negative, fractional, not a number or enormous, then 400 with docs/rules.md §5's message", async () => {
        for (const rentAmount of [-1, 1.5, '12', 'abc', 1e20, undefined, true, { $ne: 0 }]) {
          const response = await patch(wanakt, path(), { rentAmount });
          expect(response).toMatchObject({ status: 400, body: { message: 'Please enter a valid rent amount (0 or positive number)' } });
        }
        expect(await stored()).toBeNull();
      });

      it('when anyone but the Wanakt sets a rent, then 401 or 403; an unknown territory is 404', async () => {
        expect((await patch(game.agent(), path(), { rentAmount: 5 })).status).toBe(401);
        expect((await patch(owner.agent, path(), { userId: owner.id, rentAmount: 5 })).status).toBe(403);
        expect((await patch(wanakt, '/api/territories/999999/rent', { rentAmount: 5 })).status).toBe(404);
        expect(await stored()).toBeNull();
      });
    });
  });
}
