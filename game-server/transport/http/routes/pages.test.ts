import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { encodeCursor, PAGE_SIZE_MAX } from '../../../../schema/api/pages.ts';
import type { TerritoryDto } from '../../../../schema/api/territory.ts';
import type { Sql } from '../../../infra/db/database.ts';
import type { AgentResponse, TestAgent } from '../../../testing/agent.ts';
import { testBackends } from '../../../testing/databases.ts';
import { createPlayer, signedInPlayer } from '../../../testing/players.ts';
import { startTestServer, type TestServer } from '../../../testing/test-server.ts';

/** Follows next_cursor from the first page to the last, and answers every item's id in order. */
async function walk(
  agent: TestAgent,
  path: string,
  itemsOf: (body: any) => { id: string | number }[],
  limit = 3,
): Promise<(string | number)[]> {
  const ids: (string | number)[] = [];
  const join = path.includes('?') ? '&' : '?';
  let cursor: string | null = null;
  for (let pages = 0; pages < 100; pages++) {
    const answer: AgentResponse = await agent.get(`${path}${join}limit=${limit}${cursor ? `&cursor=${cursor}` : ''}`);
    expect(answer.status, path).toBe(200);
    const items = itemsOf(answer.body);
    expect(items.length).toBeLessThanOrEqual(limit);
    ids.push(...items.map((item) => item.id));
    cursor = answer.body.next_cursor;
    if (cursor === null) return ids;
  }
  throw new Error(`${path} never reached its last page`);
}

for (const backend of testBackends()) {
  describe(`[pages] paginated lists and world changes on ${backend.name}`, () => {
    const now = new Date('2026-05-04T10:00:00Z');
    let game: TestServer;
    let sql: Sql;
    let territoryId: number;

    beforeAll(async () => {
      game = await startTestServer(backend, { clock: () => now });
      sql = game.database.sql;
      [{ id: territoryId }] = await sql<{ id: number }[]>`select id from territories where type = 'village' order by id limit 1`;
      const senders: string[] = [];
      for (const name of ['pager-b', 'Pager-a', 'pager-c', 'pager-e', 'Pager-d', 'pager-f', 'pager-g'])
        senders.push(await createPlayer(sql, { username: name, balance: 0 }));
      // Several rows share one microsecond-precise time, so the id has to break the tie.
      for (const [index, sender] of senders.entries()) {
        const at = index < 4 ? '2026-05-01T10:00:00.123456Z' : `2026-05-0${index - 2}T10:00:00.000001Z`;
        await sql`insert into broadcasts (sender_id, message, created_at) values (${sender}, ${`hello ${index}`}, ${at})`;
        await sql`insert into ownership_changes (territory_id, from_owner_id, to_owner_id, price, reason, created_at) values (${territoryId}, null, ${sender}, 10, 'assignment', ${at})`;
        await sql`insert into chat_messages (territory_id, user_id, message, created_at) values (${territoryId}, ${sender}, ${`chat ${index}`}, ${at})`;
      }
    });
    afterAll(() => game.stop());

    it('when users are walked page by page, then each comes exactly once, in the order of the plain list', async () => {
      const agent = game.agent();
      const all = (await agent.get('/api/users')).body as { id: string }[];
      const walked = await walk(agent, '/api/users', (body) => body.items);
      expect(walked).toEqual(all.map((user) => user.id));
      expect(new Set(walked).size).toBe(walked.length);
    });

    it('when broadcasts are walked, then every broadcast comes once, newest first, ties broken by id', async () => {
      const rows = await sql<{ id: number }[]>`select id from broadcasts where removed_at is null order by created_at desc, id desc`;
      expect(await walk(game.agent(), '/api/broadcasts/recent', (body) => body.items)).toEqual(rows.map((row) => row.id));
      expect(Array.isArray((await game.agent().get('/api/broadcasts/recent')).body)).toBe(true);
    });

    it("when a territory's history is walked, then every change comes once, newest first", async () => {
      const rows = await sql<
        { id: string }[]
      >`select id::text from ownership_changes where territory_id = ${territoryId} order by created_at desc, id desc`;
      const walked = await walk(game.agent(), `/api/territories/${territoryId}/history`, (body) => body.history, 2);
      expect(walked).toEqual(rows.map((row) => Number(row.id)));
      const plain = await game.agent().get(`/api/territories/${territoryId}/history`);
      expect(plain.body.history).toHaveLength(rows.length);
      expect(plain.body).not.toHaveProperty('next_cursor');
    });

    it("when a territory's chat is walked, then every message comes once, newest first; before still answers the old shape", async () => {
      const rows = await sql<{ id: string }[]>`select id::text from chat_messages where territory_id = ${territoryId} order by id desc`;
      expect(await walk(game.agent(), `/api/chat/${territoryId}`, (body) => body.items)).toEqual(rows.map((row) => Number(row.id)));
      const older = await game.agent().get(`/api/chat/${territoryId}?before=${rows[1]!.id}`);
      expect(older.body.map((message: { id: number }) => message.id)).toEqual(
        rows
          .slice(2)
          .map((row) => Number(row.id))
          .reverse(),
      );
    });

    it('when a page is too large, or a cursor is not one the list gave, then 400 with a message', async () => {
      const agent = game.agent();
      const paths = ['/api/users', '/api/broadcasts/recent', `/api/territories/${territoryId}/history`, `/api/chat/${territoryId}`];
      const bad = [
        `limit=${PAGE_SIZE_MAX + 1}`,
        'limit=0',
        'limit=ten',
        'cursor=not*base64',
        `cursor=${encodeCursor({ id: 1 })}`,
        `cursor=${encodeCursor(['x'.repeat(500), 1])}`,
        `cursor=${Buffer.from('{"unterminated').toString('base64url')}`,
      ];
      for (const path of paths) {
        expect((await agent.get(`${path}?limit=${PAGE_SIZE_MAX}`)).status, path).toBe(200);
        for (const query of bad) {
          const answer = await agent.get(`${path}?${query}`);
          expect(answer.status, `${path}?${query}`).toBe(400);
          expect(answer.body.message).toMatch(/limit|cursor/i);
        }
      }
      expect((await agent.get(`/api/chat/${territoryId}?before=5&limit=3`)).status).toBe(400);
    });

    it('when a reader asks for the world since its sequence number, then only the territory bought since comes, with the new number', async () => {
      const reader = game.agent();
      const first = await reader.get('/api/territories');
      const seq = Number(first.headers.get('x-world-seq'));
      expect(Number.isSafeInteger(seq)).toBe(true);
      expect((await reader.get(`/api/territories?since=${seq}`)).body).toMatchObject({ seq, full: false, territories: [] });

      const buyer = await signedInPlayer(game, { balance: 50_000, now });
      const [target] = (first.body as TerritoryDto[]).filter((territory) => territory.owner_id === null && territory.type === 'village');
      expect((await buyer.agent.post(`/api/territories/${target!.id}/purchase`, {})).status).toBe(200);

      const changes = await reader.get(`/api/territories?since=${seq}`);
      expect(changes.body.full).toBe(false);
      expect(changes.body.seq).toBeGreaterThan(seq);
      expect(changes.headers.get('x-world-seq')).toBe(String(changes.body.seq));
      expect(changes.body.territories.map((territory: TerritoryDto) => [territory.id, territory.owner_id])).toEqual([
        [target!.id, buyer.id],
      ]);
      const slim = await reader.get(`/api/territories?since=${seq}&fields=owner_id`);
      expect(slim.body.territories).toEqual([{ id: target!.id, owner_id: buyer.id }]);
      await expect
        .poll(async () => Number((await reader.get('/api/territories')).headers.get('x-world-seq')), { timeout: 10_000 })
        .toBe(changes.body.seq);
    });

    it('when the changes since a number are pruned, or the number is from the future, then the whole world with full: true', async () => {
      const reader = game.agent();
      const [{ head }] = await sql<{ head: number }[]>`select last_seq::int as head from outbox_counter`;
      expect(head).toBeGreaterThan(1);
      await sql`delete from outbox where seq < ${head}`;
      const [{ count }] = await sql<{ count: number }[]>`select count(*)::int as count from territories`;
      for (const since of [0, head + 1_000]) {
        const answer = await reader.get(`/api/territories?since=${since}&fields=owner_id`);
        expect(answer.body.full).toBe(true);
        expect(answer.body.territories).toHaveLength(count);
      }
      expect((await reader.get(`/api/territories?since=${head - 1}`)).body).toMatchObject({ full: false, seq: head });
    });

    it('when since is malformed or combined with bbox, then 400', async () => {
      for (const query of ['since=-1', 'since=abc', 'since=1.5', 'since=', 'since=1&bbox=-10,35,30,60']) {
        const answer = await game.agent().get(`/api/territories?${query}`);
        expect(answer.status, query).toBe(400);
        expect(answer.body.message).toMatch(/since/);
      }
    });
  });
}
