import { CONTROL_IN_BODY_MESSAGE } from '../../../../schema/rules/control-characters.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Sql } from '../../../infra/db/database.ts';
import { postgresBackendIfReachable, testBackends } from '../../../testing/databases.ts';
import { createPlayer, signedInPlayer } from '../../../testing/players.ts';
import { startTestServer, type TestServer } from '../../../testing/test-server.ts';

async function territoryId(sql: Sql, key: string): Promise<number> {
  const [row] = await sql<{ id: number }[]>`select id from territories where seed_key = ${key}`;
  return row.id;
}

const messageCount = async (sql: Sql) => (await sql<{ n: number }[]>`select count(*)::int as n from chat_messages`)[0].n;

for (const backend of testBackends()) {
  describe(`[§7 chat] territory chat on ${backend.name}`, () => {
    let now = new Date('2026-05-01T09:00:00Z');
    let game: TestServer;
    let sql: Sql;
    let london: number;
    beforeAll(async () => {
      game = await startTestServer(backend, { clock: () => now });
      sql = game.database.sql;
      london = await territoryId(sql, 'main:london');
    });
    afterAll(() => game.stop());

    it('when a player posts, then the trimmed message is stored and read back newest last with its author', async () => {
      const tokyo = await territoryId(sql, 'main:tokyo');
      const ada = await signedInPlayer(game, { now, username: 'ada-chat' });
      const first = await ada.agent.post('/api/chat', { territory_id: tokyo, user_id: ada.id, message: '  Hello, Tokyo!  ' });
      expect(first.status).toBe(201);
      expect(first.body).toEqual({
        id: expect.any(Number),
        territory_id: tokyo,
        user_id: ada.id,
        username: 'ada-chat',
        message: 'Hello, Tokyo!',
        created_at: now.toISOString(),
      });
      const second = await ada.agent.post('/api/chat', { territory_id: tokyo, message: "Robert'); DROP TABLE chat_messages;--" });
      expect(second.status).toBe(201);
      const read = await game.agent().get(`/api/chat/${tokyo}`);
      expect(read.status).toBe(200);
      expect(read.body.map((m: { message: string }) => m.message)).toEqual(['Hello, Tokyo!', "Robert'); DROP TABLE chat_messages;--"]);
      expect(read.body[0]).toEqual(first.body);
    });

    it('when a territory has many messages, then a read answers the latest 50 and ?before= pages back', async () => {
      const paris = await territoryId(sql, 'main:paris');
      const writer = await createPlayer(sql);
      await sql`
        insert into chat_messages (territory_id, user_id, message, created_at)
        select ${paris}, ${writer}, 'message ' || n, ${now}::timestamptz - (61 - n) * interval '1 minute' from generate_series(1, 60) n`;
      const latest = await game.agent().get(`/api/chat/${paris}`);
      expect(latest.body).toHaveLength(50);
      expect(latest.body[0].message).toBe('message 11');
      expect(latest.body[49].message).toBe('message 60');
      const older = await game.agent().get(`/api/chat/${paris}?before=${latest.body[0].id}`);
      expect(older.body.map((m: { message: string }) => m.message)).toEqual(Array.from({ length: 10 }, (_, i) => `message ${i + 1}`));
      expect((await game.agent().get(`/api/chat/${await territoryId(sql, 'main:rome')}`)).body).toEqual([]);
    });

    it('when the message is empty, too long, not text or has control characters, then 400 with its message and nothing is stored', async () => {
      const player = await signedInPlayer(game, { now });
      const before = await messageCount(sql);
      const cases: [unknown, string][] = [
        [{ territory_id: london, message: '' }, 'Message cannot be empty'],
        [{ territory_id: london, message: '   \n\t ' }, 'Message cannot be empty'],
        [{ territory_id: london }, 'Message cannot be empty'],
        [{ territory_id: london, message: 'x'.repeat(501) }, 'Message must be 500 characters or less'],
        [{ territory_id: london, message: 'x'.repeat(60_000) }, 'Message must be 500 characters or less'],
        [{ territory_id: london, message: 42 }, 'Message must be text'],
        [{ territory_id: london, message: ['hi'] }, 'Message must be text'],
        [{ territory_id: london, message: 'nul\u0000byte' }, CONTROL_IN_BODY_MESSAGE],
        [{ territory_id: String(london), message: 'hi' }, 'Territory id must be a whole number'],
        [{ territory_id: 1.5, message: 'hi' }, 'Territory id must be a whole number'],
        [{ territory_id: -3, message: 'hi' }, 'Territory id must be a positive whole number'],
        [{ territory_id: 1e12, message: 'hi' }, 'Territory id is out of range'],
        [{ message: 'hi' }, 'Territory id must be a whole number'],
        [{ territory_id: london, message: 'hi', user_id: 7 }, 'User id must be text'],
      ];
      for (const [body, message] of cases) {
        expect(await player.agent.post('/api/chat', body), message).toMatchObject({ status: 400, body: { message } });
      }
      expect(await player.agent.post('/api/chat', '{"territory_id": 1, "message": ')).toMatchObject({ status: 400 });
      expect(await messageCount(sql)).toBe(before);
    });

    it('when exactly 500 characters are sent, then the message is accepted', async () => {
      const player = await signedInPlayer(game, { now });
      const response = await player.agent.post('/api/chat', { territory_id: london, message: `  ${'y'.repeat(500)}  ` });
      expect(response.status).toBe(201);
      expect(response.body.message).toHaveLength(500);
    });

    it('when nobody is logged in, then 401; when user_id names someone else, then 403; nothing is stored', async () => {
      const player = await signedInPlayer(game, { now });
      const before = await messageCount(sql);
      expect(await game.agent().post('/api/chat', { territory_id: london, user_id: player.id, message: 'hi' })).toMatchObject({
        status: 401,
      });
      expect(await player.agent.post('/api/chat', { territory_id: london, user_id: 'sample-user', message: 'hi' })).toMatchObject({
        status: 403,
        body: { message: 'You can only act for yourself' },
      });
      expect(await messageCount(sql)).toBe(before);
    });

    it('when the territory is unknown or its id malformed, then 404 or 400', async () => {
      const player = await signedInPlayer(game, { now });
      expect(await player.agent.post('/api/chat', { territory_id: 999999, message: 'hi' })).toMatchObject({
        status: 404,
        body: { message: 'Territory not found' },
      });
      expect(await game.agent().get('/api/chat/999999')).toMatchObject({ status: 404, body: { message: 'Territory not found' } });
      for (const bad of ['0', '-1', 'abc', 'NaN', '2.5', '99999999999']) {
        expect((await game.agent().get(`/api/chat/${bad}`)).status, bad).toBe(400);
      }
      for (const bad of ['0', '-5', 'x', '1.5']) {
        expect(await game.agent().get(`/api/chat/${london}?before=${bad}`), bad).toMatchObject({
          status: 400,
          body: { message: 'before must be a message id' },
        });
      }
    });

    it('when a player sends a sixth message within 10 seconds, then 429 until the window has passed', async () => {
      const player = await signedInPlayer(game, { now });
      for (let i = 1; i <= 5; i++) {
        expect((await player.agent.post('/api/chat', { territory_id: london, message: `msg ${i}` })).status).toBe(201);
        now = new Date(now.getTime() + 1000);
      }
      const refused = await player.agent.post('/api/chat', { territory_id: london, message: 'one too many' });
      expect(refused).toMatchObject({
        status: 429,
        body: { message: 'Slow down: at most 5 messages every 10 seconds. Try again in 5 seconds.' },
      });
      const other = await signedInPlayer(game, { now });
      expect((await other.agent.post('/api/chat', { territory_id: london, message: 'others may talk' })).status).toBe(201);
      now = new Date(now.getTime() + 5000);
      expect((await player.agent.post('/api/chat', { territory_id: london, message: 'back again' })).status).toBe(201);
    });
  });
}

const pg = postgresBackendIfReachable();
describe.runIf(pg)('[§7 chat] a chat flood on real PostgreSQL', () => {
  let game: TestServer;
  beforeAll(async () => {
    game = await startTestServer(pg!);
  });
  afterAll(() => game.stop());

  it('when one player posts 20 messages at once, then at most 5 are accepted and the rest get 429', async () => {
    const sql = game.database.sql;
    const player = await signedInPlayer(game);
    const london = await territoryId(sql, 'main:london');
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) => player.agent.post('/api/chat', { territory_id: london, message: `flood ${i}` })),
    );
    expect(answers.filter((a) => a.status === 201)).toHaveLength(5);
    expect(answers.filter((a) => a.status === 429)).toHaveLength(15);
    const [stored] = await sql<{ n: number }[]>`select count(*)::int as n from chat_messages where user_id = ${player.id}`;
    expect(stored.n).toBe(5);
  });
});
