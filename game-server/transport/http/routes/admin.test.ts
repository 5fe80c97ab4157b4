import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WANAKT_USER_ID } from '../../../../schema/constants.ts';
import type { Sql } from '../../../infra/db/database.ts';
import type { TestAgent } from '../../../testing/agent.ts';
import { testBackends } from '../../../testing/databases.ts';
import { startTestServer, type TestServer } from '../../../testing/test-server.ts';

for (const backend of testBackends()) {
  describe(`[§5 admin create city] settlement creation on ${backend.name}`, () => {
    let game: TestServer;
    let sql: Sql;
    let wanakt: TestAgent;
    const create = (body: unknown, agent = wanakt) => agent.post('/api/admin/create-territory', body);
    const count = async () => (await sql<{ n: number }[]>`select count(*)::int as n from territories`)[0].n;
    const nameOf = async (id: number | null) =>
      id === null ? null : (await sql<{ name: string }[]>`select name from territories where id = ${id}`)[0].name;

    beforeAll(async () => {
      game = await startTestServer(backend);
      sql = game.database.sql;
      wanakt = await game.wanakt();
    });
    afterAll(() => game.stop());

    it('when the Wanakt sends name and coordinates only, then a main city is created, unowned and for sale at 5000', async () => {
      const response = await create({ name: '  Lisbon ', latitude: '38.7223', longitude: '-9.1393', userId: WANAKT_USER_ID });
      expect(response.status).toBe(201);
      expect(response.body).toMatchObject({
        id: expect.any(Number),
        name: 'Lisbon',
        type: 'main',
        tier: 'main',
        owner_id: null,
        parent_territory_id: null,
        latitude: '38.722300',
        longitude: '-9.139300',
        price: 5000,
        basePrice: 5000,
        sale_price: 5000,
        monthly_revenue: '111',
      });
      const listed = (await game.agent().get('/api/territories')).body.find((t: { id: number }) => t.id === response.body.id);
      expect(listed.name).toBe('Lisbon');
    });

    it("when a city, town, village or district is created, then its overlord is the nearest of the level above; a wonder stays the realm's", async () => {
      const sacramento = await create({ name: 'Stockton', latitude: 38.5816, longitude: -121.4944, type: 'city', basePrice: 7000 });
      expect(sacramento.body).toMatchObject({ type: 'city', tier: 'sub', sale_price: 7000 });
      expect(await nameOf(sacramento.body.parent_territory_id)).toBe('Los Angeles');
      const aspen = await create({ name: 'Snowmass', latitude: '39.1911', longitude: '-106.8175', type: 'town', basePrice: 4000 });
      const [aspenParent] = await sql<{ type: string }[]>`select type from territories where id = ${aspen.body.parent_territory_id}`;
      expect(aspenParent.type).toBe('city');
      const carmel = await create({ name: 'Pebble Beach', latitude: 36.5552, longitude: -121.9233, type: 'village', basePrice: 1500 });
      const [carmelParent] = await sql<{ type: string }[]>`select type from territories where id = ${carmel.body.parent_territory_id}`;
      expect(carmelParent.type).toBe('town');
      const district = await create({ name: 'Alfama', latitude: 38.7118, longitude: -9.13, type: 'sub' });
      expect(await nameOf(district.body.parent_territory_id)).toBe('Lisbon');
      const wonder = await create({ name: 'Avebury', latitude: 51.1789, longitude: -1.8262, type: 'wonder', basePrice: 0 });
      expect(wonder.body).toMatchObject({ parent_territory_id: null, owner_id: WANAKT_USER_ID, sale_price: null, price: 0 });
    });

    it('when the Wanakt names an overlord, then it is used if it is of the level above; otherwise 400, unknown 404', async () => {
      const [london] = await sql<{ id: number }[]>`select id from territories where name = 'London'`;
      const liverpool = await create({
        name: 'Wigan',
        latitude: 53.4084,
        longitude: -2.9916,
        type: 'city',
        parent_territory_id: london.id,
      });
      expect(liverpool.body.parent_territory_id).toBe(london.id);
      const [town] = await sql<{ id: number }[]>`select id from territories where type = 'town' limit 1`;
      expect(await create({ name: 'Odd', latitude: 1, longitude: 1, type: 'city', parent_territory_id: town.id })).toMatchObject({
        status: 400,
        body: { message: 'The overlord of a city must be a main' },
      });
      expect((await create({ name: 'Odd', latitude: 1, longitude: 1, type: 'main', parent_territory_id: london.id })).status).toBe(400);
      expect((await create({ name: 'Odd', latitude: 1, longitude: 1, type: 'city', parent_territory_id: 999999 })).status).toBe(404);
    });

    it("when name, latitude or longitude is missing or blank, then 400 with docs/rules.md §5's message and nothing is created", async () => {
      const before = await count();
      for (const body of [
        {},
        { latitude: '1', longitude: '1' },
        { name: '   ', latitude: '1', longitude: '1' },
        { name: 'X', longitude: '1' },
        { name: 'X', latitude: '', longitude: '1' },
        { name: 'X', latitude: '1', longitude: null },
      ]) {
        expect(await create(body)).toMatchObject({ status: 400, body: { message: 'Please fill in all required fields' } });
      }
      expect(await count()).toBe(before);
    });

    it('when the values are not decimals, out of range, of an unknown type or a bad price, then 400 and nothing is created', async () => {
      const before = await count();
      const base = { name: 'Nowhere', latitude: '10', longitude: '10' };
      const cases: [object, string][] = [
        [{ latitude: 'north' }, 'Latitude must be a decimal number'],
        [{ longitude: '1e3' }, 'Longitude must be a decimal number'],
        [{ latitude: '90.5' }, 'Latitude must be between -90 and 90'],
        [{ longitude: -181 }, 'Longitude must be between -180 and 180'],
        [{ type: 'castle' }, 'type must be one of main, city, town, village, sub, common, wonder'],
        [{ type: 'wanakt' }, 'type must be one of main, city, town, village, sub, common, wonder'],
        [{ basePrice: -1 }, 'Base price must be a whole number of DRK, 0 or more'],
        [{ basePrice: 12.5 }, 'Base price must be a whole number of DRK, 0 or more'],
        [{ basePrice: '5000' }, 'Base price must be a whole number of DRK, 0 or more'],
        [{ basePrice: 1e25 }, 'Base price must be a whole number of DRK, 0 or more'],
        [{ name: 'n'.repeat(101) }, 'Territory name must be 100 characters or less.'],
      ];
      for (const [change, message] of cases) {
        expect(await create({ ...base, ...change })).toMatchObject({ status: 400, body: { message } });
      }
      expect(await count()).toBe(before);
      const sqlish = await create({ ...base, name: "Bobby'); drop table territories; --" });
      expect(sqlish.status).toBe(201);
      expect(sqlish.body.name).toBe("Bobby'); drop table territories; --");
    });

    it('when a player or no one creates, or the payload names another user, then 403 / 401 / 403 and nothing is created', async () => {
      const before = await count();
      const body = { name: 'Usurpia', latitude: '1', longitude: '1' };
      expect((await create(body, await game.demo())).status).toBe(403);
      expect((await create(body, game.agent())).status).toBe(401);
      expect((await create({ ...body, userId: 'sample-user' })).status).toBe(403);
      expect(await count()).toBe(before);
    });
  });
}
