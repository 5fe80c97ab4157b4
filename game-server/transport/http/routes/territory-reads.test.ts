import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TerritoryDto } from '../../../../schema/api/territory.ts';
import type { Sql } from '../../../infra/db/database.ts';
import { testBackends } from '../../../testing/databases.ts';
import { signedInPlayer } from '../../../testing/players.ts';
import { rawGet } from '../../../testing/raw-get.ts';
import { startTestServer, type TestServer } from '../../../testing/test-server.ts';
import { joinWorld, waitFor } from '../../../testing/test-clients.ts';

const json = (bytes: Buffer) => JSON.parse(bytes.toString('utf8'));

for (const backend of testBackends()) {
  describe(`[fast reads] territory lists from memory on ${backend.name}`, () => {
    const now = new Date('2026-05-04T10:00:00Z');
    let game: TestServer;
    let sql: Sql;
    let url: string;

    beforeAll(async () => {
      game = await startTestServer(backend, { clock: () => now });
      sql = game.database.sql;
      url = `${game.server.url}/api/territories`;
    });
    afterAll(() => game.stop());

    it('when a reader asks for brotli or gzip, then the same world arrives compressed, with a strong ETag', async () => {
      const plain = await rawGet(url);
      const brotli = await rawGet(url, { 'accept-encoding': 'gzip, br' });
      const gzipped = await rawGet(url, { 'accept-encoding': 'gzip' });
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(brotli.headers['content-encoding']).toBe('br');
      expect(gzipped.headers['content-encoding']).toBe('gzip');
      expect(json(brotliDecompressSync(brotli.bytes))).toEqual(json(plain.bytes));
      expect(json(gunzipSync(gzipped.bytes))).toEqual(json(plain.bytes));
      expect(brotli.bytes.length).toBeLessThan(plain.bytes.length / 5);
      expect(plain.headers.etag).toMatch(/^"[A-Za-z0-9_-]+"$/);
      expect(brotli.headers.etag).toBe(plain.headers.etag);
      expect(plain.headers.vary).toBe('Accept-Encoding');
      const listed = json(plain.bytes) as TerritoryDto[];
      const [{ n }] = await sql<{ n: number }[]>`select count(*)::int as n from territories`;
      expect(listed).toHaveLength(n);
    });

    it('when the reader already holds the current world, then 304 and no body; after a purchase, the new owner and a new ETag', async () => {
      const first = await rawGet(url);
      const etag = first.headers.etag as string;
      expect(await rawGet(url, { 'if-none-match': etag })).toMatchObject({ status: 304, bytes: Buffer.alloc(0) });

      const buyer = await signedInPlayer(game, { balance: 50_000, now });
      const [{ id }] = await sql<{ id: number }[]>`select id from territories where name = 'Manhattan'`;
      expect((await buyer.agent.post(`/api/territories/${id}/purchase`, {})).status).toBe(200);

      // The outbox relay delivers the purchase's event just after its commit; then the list is rebuilt.
      await expect.poll(async () => (await rawGet(url, { 'if-none-match': etag })).status, { timeout: 10_000 }).toBe(200);
      const after = await rawGet(url, { 'if-none-match': etag });
      expect(after.headers.etag).not.toBe(etag);
      expect((json(after.bytes) as TerritoryDto[]).find((territory) => territory.id === id)?.owner_id).toBe(buyer.id);
    });

    it('when a visitor visits a territory, then the room shows the new count and the cached world keeps its body and ETag', async () => {
      const before = await rawGet(url);
      const world = await joinWorld(game.server.url);
      try {
        const [{ id, visits }] = await sql<
          { id: number; visits: number }[]
        >`select id, visits::int as visits from territories where name = 'Manhattan'`;
        const answer = await game.agent().post(`/api/territories/${id}/visit`);
        expect(answer.status).toBe(200);
        expect(answer.body.visits).toBe(visits + 1);
        // The relay hands each event to every listener of the process in turn: once the room shows
        // the visit, the world cache has been offered the same event.
        await waitFor(() => world.room.state.territories.get(String(id))?.visits === visits + 1, 'the visit in the room', 10_000);
        const after = await rawGet(url);
        expect(after.headers.etag).toBe(before.headers.etag);
        expect(after.bytes.equals(before.bytes)).toBe(true);
      } finally {
        await world.room.leave();
      }
    });

    it('when a reader asks for some fields, then every territory comes with its id and those fields only', async () => {
      const full = json((await rawGet(url)).bytes) as TerritoryDto[];
      const slim = await rawGet(`${url}?fields=owner_id,sale_price`);
      expect(slim.status).toBe(200);
      const rows = json(slim.bytes) as Record<string, unknown>[];
      expect(rows).toEqual(full.map((territory) => ({ id: territory.id, owner_id: territory.owner_id, sale_price: territory.sale_price })));
      expect(slim.bytes.length).toBeLessThan((await rawGet(url)).bytes.length / 4);
      expect((await rawGet(`${url}?fields=owner_id,sale_price`, { 'if-none-match': slim.headers.etag as string })).status).toBe(304);
    });

    it('when a reader names a bounding box, then only the territories inside it', async () => {
      const full = json((await rawGet(url)).bytes) as TerritoryDto[];
      const europe = json((await rawGet(`${url}?bbox=-10,35,30,60&fields=latitude,longitude`)).bytes) as TerritoryDto[];
      const expected = full.filter(
        (t) => Number(t.longitude) >= -10 && Number(t.longitude) <= 30 && Number(t.latitude) >= 35 && Number(t.latitude) <= 60,
      );
      expect(expected.length).toBeGreaterThan(0);
      expect(expected.length).toBeLessThan(full.length);
      expect(europe.map((t) => t.id)).toEqual(expected.map((t) => t.id));
    });

    it('when the query is malformed, then 400 with a message', async () => {
      for (const query of ['fields=owner_id,password_hash', 'fields=', 'bbox=1,2,3', 'bbox=10,0,-10,5', 'bbox=a,b,c,d']) {
        const answer = await rawGet(`${url}?${query}`);
        expect(answer.status, query).toBe(400);
        expect(json(answer.bytes).message).toMatch(/fields|bbox/);
      }
    });

    it('when for-sale and the hierarchy are read twice, then the second read with the ETag is 304', async () => {
      for (const path of ['/for-sale', '/hierarchy']) {
        const first = await rawGet(`${url}${path}`);
        expect(first.status).toBe(200);
        expect((await rawGet(`${url}${path}`, { 'if-none-match': first.headers.etag as string })).status).toBe(304);
      }
    });
  });
}
