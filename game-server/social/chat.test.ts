import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/database.ts';
import type { DomainEvent } from '../events/domain-events.ts';
import { createLocalBus } from '../events/local-bus.ts';
import { GameError } from '../errors.ts';
import type { ServiceDeps } from '../service-deps.ts';
import { testBackends } from '../testing/databases.ts';
import { createPlayer } from '../testing/players.ts';
import { postChatMessage } from './chat.ts';

// The world room calls postChatMessage directly for chat sent over the socket, so the service
// itself must hold the rule and announce the message, without any HTTP in front of it.
for (const backend of testBackends()) {
  describe(`[DESIGN live state] the chat service on ${backend.name}`, () => {
    let database: Database;
    let deps: ServiceDeps;
    const published: DomainEvent[] = [];
    beforeAll(async () => {
      database = await backend.open();
      deps = { sql: database.sql, events: createLocalBus(), clock: () => new Date('2026-05-01T09:00:00Z') };
      deps.events.subscribe((event) => published.push(event));
    });
    afterAll(async () => {
      await deps.events.close();
      await database.close();
    });

    const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

    it('when a message is posted, then chat.posted carries the stored message after the commit', async () => {
      const id = await createPlayer(database.sql, { username: 'room-talker' });
      const [{ id: territoryId }] = await database.sql<{ id: number }[]>`select id from territories where seed_key = 'main:london'`;
      const message = await postChatMessage(deps, { id, username: 'room-talker', is_wanakt: false }, { territory_id: territoryId, message: ' over the socket ' });
      await flush();
      expect(message).toMatchObject({ territory_id: territoryId, user_id: id, username: 'room-talker', message: 'over the socket' });
      expect(published).toContainEqual({ type: 'chat.posted', message });
      const [stored] = await database.sql`select message from chat_messages where id = ${message.id}`;
      expect(stored.message).toBe('over the socket');
    });

    it('when the input breaks the rule, then a 400 GameError and no event', async () => {
      const id = await createPlayer(database.sql);
      const before = published.length;
      const user = { id, username: 'x', is_wanakt: false };
      await expect(postChatMessage(deps, user, { territory_id: 1, message: '   ' })).rejects.toMatchObject({ status: 400, message: 'Message cannot be empty' });
      await expect(postChatMessage(deps, user, { territory_id: 1, message: 'z'.repeat(501) })).rejects.toBeInstanceOf(GameError);
      await expect(postChatMessage(deps, user, { territory_id: 'one' as unknown as number, message: 'hi' })).rejects.toMatchObject({ status: 400 });
      await expect(postChatMessage(deps, user, { territory_id: 999_999, message: 'hi' })).rejects.toMatchObject({ status: 404 });
      await flush();
      expect(published.length).toBe(before);
    });
  });
}
