import { brotliDecompressSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { VIEW_TERRITORY_FIELDS, type WorldViewDto } from '../../../../schema/api/world-view.ts';
import { MAX_VIEW_MARKERS } from '../../../../schema/rules/viewport.ts';
import type { Sql } from '../../../infra/db/database.ts';
import { testBackends } from '../../../testing/databases.ts';
import { padWorld } from '../../../testing/pad-world.ts';
import { signedInPlayer } from '../../../testing/players.ts';
import { rawGet } from '../../../testing/raw-get.ts';
import { startTestServer, type TestServer } from '../../../testing/test-server.ts';

const SIZE = 3_000;
const WORLD = '-180,-90,180,90';

const sum = (view: WorldViewDto, field: 'count' | 'forSale' | 'owned') =>
  view.clusters.reduce((total, cluster) => total + cluster[field], 0);

for (const backend of testBackends().slice(0, 1)) {
  describe(`[world view] GET /api/territories?bbox=…&zoom=… answers markers or clusters, on ${backend.name}`, () => {
    let game: TestServer;
    let sql: Sql;
    const view = async (bbox: string, zoom: number | string) => {
      const answer = await game.agent().get(`/api/territories?bbox=${bbox}&zoom=${zoom}`);
      expect(answer.status, answer.body?.message).toBe(200);
      return answer.body as WorldViewDto;
    };
    /** What the database holds inside a box: the figures the view must add up to. */
    const inBox = async (minLongitude: number, minLatitude: number, maxLongitude: number, maxLatitude: number) => {
      const [figures] = await sql<{ count: number; listed: number; owned: number; shown: number[] }[]>`
        select count(*)::int as count, count(sale_price)::int as listed, count(owner_id)::int as owned,
               coalesce(array_agg(id order by id) filter (where type in ('wanakt', 'main', 'wonder')), '{}') as shown
          from territories
         where longitude between ${minLongitude} and ${maxLongitude} and latitude between ${minLatitude} and ${maxLatitude}`;
      return figures!;
    };
    /** A box of a few hundredths of a degree around one padded village: a city's street, not its region. */
    const streetAround = async () => {
      const [village] = await sql<{ id: number; latitude: number; longitude: number }[]>`
        select id, latitude::float8 as latitude, longitude::float8 as longitude from territories
         where seed_key is null and type = 'village' and owner_id is null order by id limit 1`;
      const { latitude, longitude } = village!;
      const degrees = (value: number) => Number(value.toFixed(6));
      return {
        id: village!.id,
        box: [longitude - 0.03, latitude - 0.03, longitude + 0.03, latitude + 0.03].map(degrees) as [number, number, number, number],
      };
    };

    beforeAll(async () => {
      game = await startTestServer(backend, { prepare: (fresh) => padWorld(fresh, SIZE) });
      sql = game.database.sql;
    });
    afterAll(() => game.stop());

    it('when a box holds at most MAX_VIEW_MARKERS territories, then all of them come as markers with the fields the map draws, and no clusters', async () => {
      const { box } = await streetAround();
      const expected = await inBox(...box);
      expect(expected.count).toBeGreaterThan(0);
      expect(expected.count).toBeLessThanOrEqual(MAX_VIEW_MARKERS);
      const answer = await view(box.join(','), 48);
      expect(answer.clusters).toEqual([]);
      expect(answer.territories).toHaveLength(expected.count);
      for (const territory of answer.territories) expect(Object.keys(territory).sort()).toEqual([...VIEW_TERRITORY_FIELDS].sort());
      const ids = answer.territories.map((territory) => territory.id);
      expect(ids).toEqual([...ids].sort((a, b) => a - b));
    });

    it('when a box holds more, then clusters whose counts add up to the box, with its listed and owned, and the seat, main cities and wonders as markers', async () => {
      const expected = await inBox(-180, -90, 180, 90);
      expect(expected.count).toBe(SIZE);
      const answer = await view(WORLD, 1);
      expect(answer.clusters.length).toBeGreaterThan(1);
      expect(sum(answer, 'count')).toBe(SIZE);
      expect(sum(answer, 'forSale')).toBe(expected.listed);
      expect(sum(answer, 'owned')).toBe(expected.owned);
      expect(answer.territories.map((territory) => territory.id)).toEqual(expected.shown);
      expect(answer.territories.map((territory) => territory.tier)).toContain('wanakt');
      // Most of the land north of the equator at a closer zoom: smaller cells, still adding up to what the box holds.
      const north = await inBox(-130, 0, 150, 70);
      expect(north.count).toBeGreaterThan(MAX_VIEW_MARKERS);
      const closer = await view('-130,0,150,70', 2.5);
      expect(closer.clusters.length).toBeGreaterThan(answer.clusters.length / 2);
      expect(sum(closer, 'count')).toBe(north.count);
      expect(closer.territories.map((territory) => territory.id)).toEqual(north.shown);
      for (const cluster of closer.clusters) {
        expect(cluster.longitude).toBeGreaterThanOrEqual(-130);
        expect(cluster.latitude).toBeGreaterThanOrEqual(0);
      }
    });

    it('when nothing changed, then the same bytes and ETag, compressed, and 304 for a reader that holds them; a purchase changes both and shows at once', async () => {
      const url = `${game.server.url}/api/territories?bbox=${WORLD}&zoom=1`;
      const first = await rawGet(url, { 'accept-encoding': 'br' });
      const again = await rawGet(url, { 'accept-encoding': 'br' });
      const etag = first.headers.etag as string;
      expect(first.headers['content-encoding']).toBe('br');
      expect(again.headers.etag).toBe(etag);
      expect(again.bytes.equals(first.bytes)).toBe(true);
      expect((await rawGet(url, { 'if-none-match': etag })).status).toBe(304);
      const before = JSON.parse(brotliDecompressSync(first.bytes).toString()) as WorldViewDto;

      const { id, box } = await streetAround();
      const buyer = await signedInPlayer(game, { balance: 10_000 });
      expect((await buyer.agent.post(`/api/territories/${id}/purchase`, {})).status).toBe(200);
      // The purchase's event reached this process before the purchase answered: the next read shows it.
      const after = await view(WORLD, 1);
      expect(sum(after, 'owned')).toBe(sum(before, 'owned') + 1);
      expect(sum(after, 'forSale')).toBe(sum(before, 'forSale') - 1);
      expect((await rawGet(url, { 'if-none-match': etag })).status).toBe(200);
      const street = await view(box.join(','), 48);
      expect(street.territories.find((territory) => territory.id === id)).toMatchObject({ owner_id: buyer.id, sale_price: null });
    });

    it("when the Wanakt moves a pin into a box, then the box's markers hold it", async () => {
      const { box } = await streetAround();
      const [far] = await sql<{ id: number }[]>`
        select id from territories where seed_key is null order by latitude limit 1`;
      const before = await view(box.join(','), 48);
      expect(before.territories.map((territory) => territory.id)).not.toContain(far!.id);
      const wanakt = await game.wanakt();
      const [longitude, latitude] = [(box[0] + box[2]) / 2, (box[1] + box[3]) / 2];
      const moved = await wanakt.request('PATCH', `/api/territories/${far!.id}/position`, {
        latitude: latitude.toFixed(6),
        longitude: longitude.toFixed(6),
      });
      expect(moved.status, moved.body?.message).toBe(200);
      expect((await view(box.join(','), 48)).territories.map((territory) => territory.id)).toContain(far!.id);
    });

    it('when a zoom comes without a box, then the whole world at that zoom', async () => {
      expect(await view(WORLD, 2)).toEqual((await game.agent().get('/api/territories?zoom=2')).body);
    });

    it('when the box or the zoom is malformed, or zoom comes with a list query, then 400 and a message', async () => {
      for (const query of [
        `bbox=${WORLD}&zoom=0`,
        `bbox=${WORLD}&zoom=65`,
        `bbox=${WORLD}&zoom=abc`,
        `bbox=${WORLD}&zoom=`,
        `bbox=${WORLD}&zoom=1e1`,
        'bbox=10,0,-10,5&zoom=3',
        'bbox=-181,0,10,5&zoom=3',
        `bbox=${WORLD}&zoom=3&fields=owner_id`,
        `bbox=${WORLD}&zoom=3&limit=10`,
        'since=1&zoom=3',
      ]) {
        const answer = await game.agent().get(`/api/territories?${query}`);
        expect(answer.status, query).toBe(400);
        expect(answer.body.message, query).toMatch(/zoom|bbox|since/);
      }
    });
  });
}
