import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../infra/db/database.ts';
import { outboxHead } from '../../infra/events/outbox.ts';
import { GameError } from '../../errors.ts';
import type { ServiceDeps } from '../service-deps.ts';
import { testBackends } from '../../testing/databases.ts';
import { createPlayer } from '../../testing/players.ts';
import { committedEvents } from '../../testing/processes.ts';
import type { ChatMessageDto } from '../../../schema/api/chat.ts';
import type { SessionUser } from '../auth/sessions.ts';
import { execute } from '../../commands/execute.ts';

// The world room executes the chat command for chat sent over the socket, so the command itself
// must hold the rule and announce the message, without any HTTP in front of it.
for (const backend of testBackends()) {
  describe(`[design live state] the chat service on ${backend.name}`, () => {
    let database: Database;
    let deps: ServiceDeps;
    beforeAll(async () => {
      database = await backend.open();
      deps = { sql: database.sql, clock: () => new Date('2026-05-01T09:00:00Z') };
    });
    const post = async (user: SessionUser, body: { territory_id: number; message: string }) =>
      (await execute(deps, { user, via: 'room' }, { type: 'chat.post', body })).body as ChatMessageDto;
    afterAll(async () => {
      await database.close();
    });

    it('when a message is posted, then chat.posted carries the stored message in the outbox', async () => {
      const before = await outboxHead(database.sql);
      const id = await createPlayer(database.sql, { username: 'room-talker' });
      const [{ id: territoryId }] = await database.sql<{ id: number }[]>`select id from territories where seed_key = 'main:london'`;
      const message = await post(
        { id, username: 'room-talker', is_wanakt: false },
        { territory_id: territoryId, message: ' over the socket ' },
      );
      expect(message).toMatchObject({ territory_id: territoryId, user_id: id, username: 'room-talker', message: 'over the socket' });
      expect(await committedEvents(database.sql, before)).toEqual([{ type: 'chat.posted', message }]);
      const [stored] = await database.sql`select message from chat_messages where id = ${message.id}`;
      expect(stored.message).toBe('over the socket');
    });

    it('when the input breaks the rule, then a 400 GameError and no event', async () => {
      const id = await createPlayer(database.sql);
      const before = await outboxHead(database.sql);
      const user = { id, username: 'x', is_wanakt: false };
      await expect(post(user, { territory_id: 1, message: '   ' })).rejects.toMatchObject({
        status: 400,
        message: 'Message cannot be empty',
      });
      await expect(post(user, { territory_id: 1, message: 'z'.repeat(501) })).rejects.toBeInstanceOf(GameError);
      await expect(post(user, { territory_id: 'one' as unknown as number, message: 'hi' })).rejects.toMatchObject({ status: 400 });
      await expect(post(user, { territory_id: 999_999, message: 'hi' })).rejects.toMatchObject({ status: 404 });
      expect(await outboxHead(database.sql)).toBe(before);
    });
  });
}
