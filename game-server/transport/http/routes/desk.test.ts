import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Sql } from '../../../infra/db/database.ts';
import { joinWorld, waitFor, type WorldJoin } from '../../../testing/test-clients.ts';
import type { TestAgent } from '../../../testing/agent.ts';
import { testBackends } from '../../../testing/databases.ts';
import { signedInPlayer } from '../../../testing/players.ts';
import { startTestServerAsWanakt, type TestServer } from '../../../testing/test-server.ts';

for (const backend of testBackends()) {
  describe(`[the Wanakt's desk] moderation and the audit log on ${backend.name}`, () => {
    let game: TestServer;
    let sql: Sql;
    let wanakt: TestAgent;
    let joined: WorldJoin[] = [];
    const audit = async (action: string) => (await wanakt.get(`/api/admin/audit?action=${action}`)).body;

    beforeAll(async () => {
      ({ game, sql, wanakt } = await startTestServerAsWanakt(backend));
    }, 180_000);
    afterAll(() => game?.stop());
    afterEach(async () => {
      await Promise.all(joined.map(({ room }) => room.connection?.isOpen && room.leave()));
      joined = [];
    });

    it('when the Wanakt mutes a player, then its chat is refused over REST and over the room until the mute is lifted, and the log keeps the reasons', async () => {
      const loud = await signedInPlayer(game, { username: 'loud-player' });
      const [territory] = await sql<{ id: number }[]>`select id from territories order by id limit 1`;
      const muted = await wanakt.post('/api/admin/mutes', { userId: loud.id, minutes: 60, reason: 'Spamming the chat' });
      expect(muted.status).toBe(201);
      expect(muted.body).toMatchObject({ user_id: loud.id, username: 'loud-player', reason: 'Spamming the chat' });

      const refused = await loud.agent.post('/api/chat', { territory_id: territory.id, message: 'hello?' });
      expect(refused.status).toBe(403);
      expect(refused.body.message).toMatch(/^You are muted until .* UTC: Spamming the chat$/);
      const world = await joinWorld(game.server.url, { cookie: loud.agent.cookieHeader });
      joined.push(world);
      await waitFor(() => world.room.state.territories?.size > 0, 'the first state');
      world.room.send('chat.send', { territoryId: territory.id, message: 'over the room' });
      const answer = await waitFor(() => world.messages.find((message) => message.type === 'refused'), 'the refusal');
      expect(answer.payload).toEqual({ type: 'chat.send', message: refused.body.message });
      const [stored] = await sql`select count(*)::int as n from chat_messages where user_id = ${loud.id}`;
      expect(stored.n).toBe(0);
      expect((await loud.agent.post('/api/broadcasts/payment', { message: 'buy my stuff' })).status).toBe(403);

      expect((await wanakt.get('/api/admin/mutes')).body).toEqual([expect.objectContaining({ user_id: loud.id })]);
      expect((await wanakt.post('/api/admin/mutes/lift', { userId: loud.id, reason: 'Apologised' })).status).toBe(200);
      expect((await loud.agent.post('/api/chat', { territory_id: territory.id, message: 'sorry' })).status).toBe(201);

      const entries = [...(await audit('unmute')), ...(await audit('mute'))];
      expect(entries).toEqual([
        expect.objectContaining({ action: 'unmute', actor_name: 'wanakt', subject: 'loud-player', reason: 'Apologised' }),
        expect.objectContaining({
          action: 'mute',
          actor_name: 'wanakt',
          subject: 'loud-player',
          reason: 'Spamming the chat',
          details: expect.objectContaining({ minutes: 60 }),
        }),
      ]);
    });

    it('when the Wanakt removes a chat message, then nobody reads it any more and the log says who, what, when and why', async () => {
      const author = await signedInPlayer(game, { username: 'rude-player' });
      const [territory] = await sql<{ id: number }[]>`select id from territories order by id limit 1 offset 1`;
      const posted = await author.agent.post('/api/chat', { territory_id: territory.id, message: 'something rude' });
      expect((await wanakt.get('/api/admin/chat/recent')).body[0]).toMatchObject({ id: posted.body.id, message: 'something rude' });

      const removed = await wanakt.post(`/api/admin/chat/${posted.body.id}/remove`, { reason: 'Insults' });
      expect(removed).toMatchObject({ status: 200, body: { message: 'The message was removed' } });
      expect((await game.agent().get(`/api/chat/${territory.id}`)).body).toEqual([]);
      expect((await wanakt.post(`/api/admin/chat/${posted.body.id}/remove`, { reason: 'Insults' })).status).toBe(409);
      const [entry] = await audit('chat_remove');
      expect(entry).toMatchObject({
        actor_id: 'wanakt-admin',
        subject: 'rude-player: "something rude"',
        reason: 'Insults',
        created_at: expect.any(String),
      });
    });

    it("when the Wanakt removes a message a connected player is reading, then it leaves that player's chat within a second", async () => {
      const reader = await signedInPlayer(game, { username: 'chat-reader' });
      const [territory] = await sql<{ id: number }[]>`select id from territories order by id limit 1 offset 2`;
      const world = await joinWorld(game.server.url, { cookie: reader.agent.cookieHeader });
      joined.push(world);
      await waitFor(() => world.room.state.territories?.size > 0, 'the first state');
      world.room.send('chat.watch', { territoryId: territory.id });
      const posted = await waitFor(async () => {
        const answer = await reader.agent.post('/api/chat', { territory_id: territory.id, message: 'soon gone' });
        return world.messages.some((message) => message.type === 'chat' && message.payload.id === answer.body.id) && answer;
      }, "the message on the reader's screen");

      expect((await wanakt.post(`/api/admin/chat/${posted.body.id}/remove`, { reason: 'Off topic' })).status).toBe(200);
      const dropped = await waitFor(
        () => world.messages.find((message) => message.type === 'chatRemoved'),
        "the removal on the reader's screen",
        1_000,
      );
      expect(dropped.payload).toEqual({ id: posted.body.id, territory_id: territory.id });
    });

    it("when an alliance's member posts, then the desk lists it beside territory chat, and its removal is audited and leaves the members' screens", async () => {
      const leader = await signedInPlayer(game, { username: 'desk-leader', balance: 1_000 });
      const member = await signedInPlayer(game, { username: 'desk-member', balance: 1_000 });
      const founded = await leader.agent.post('/api/alliances', { name: 'Desk Watchers', tag: 'DW' });
      const allianceId: number = founded.body.alliance_id;
      expect((await leader.agent.post(`/api/alliances/${allianceId}/invitations`, { username: 'desk-member' })).status).toBe(200);
      const [invitation] = await sql<
        { id: number }[]
      >`select id from alliance_applications where user_id = ${member.id} and status = 'open'`;
      expect((await member.agent.post(`/api/alliance-applications/${invitation.id}/accept`, {})).status).toBe(200);
      const [territory] = await sql<{ id: number; name: string }[]>`select id, name from territories order by id limit 1 offset 3`;
      const outside = await leader.agent.post('/api/chat', { territory_id: territory.id, message: 'said on the map' });
      const inside = await leader.agent.post(`/api/alliances/${allianceId}/chat`, { message: 'said among us' });
      expect(inside.status).toBe(201);

      const recent = (await wanakt.get('/api/admin/chat/recent')).body;
      expect(recent.slice(0, 2)).toEqual([
        expect.objectContaining({
          id: inside.body.id,
          message: 'said among us',
          territory_id: null,
          territory_name: null,
          alliance: { id: allianceId, name: 'Desk Watchers', tag: 'DW' },
        }),
        expect.objectContaining({ id: outside.body.id, territory_id: territory.id, territory_name: territory.name, alliance: null }),
      ]);

      const world = await joinWorld(game.server.url, { cookie: member.agent.cookieHeader });
      joined.push(world);
      await waitFor(() => world.room.state.territories?.size > 0, 'the first state');
      expect((await wanakt.post(`/api/admin/chat/${inside.body.id}/remove`, { reason: 'Plotting' })).status).toBe(200);
      const dropped = await waitFor(
        () => world.messages.find((message) => message.type === 'allianceChatRemoved'),
        "the removal on the member's screen",
      );
      expect(dropped.payload).toEqual({ id: inside.body.id, alliance_id: allianceId });
      expect((await member.agent.get(`/api/alliances/${allianceId}/chat`)).body).toEqual([]);
      expect((await wanakt.get('/api/admin/chat/recent')).body.map((message: { id: number }) => message.id)).not.toContain(inside.body.id);
      expect((await wanakt.post(`/api/admin/chat/${inside.body.id}/remove`, { reason: 'Plotting' })).status).toBe(409);
      const [entry] = await audit('chat_remove');
      expect(entry).toMatchObject({
        actor_id: 'wanakt-admin',
        subject: 'desk-leader: "said among us"',
        reason: 'Plotting',
        details: { messageId: inside.body.id, allianceId, userId: leader.id },
      });
    });

    it("when the Wanakt removes the broadcast a connected player sees, then it leaves that player's screen within a second, once, with its audit line", async () => {
      const sender = await signedInPlayer(game, { username: 'loud-sender' });
      const reader = await signedInPlayer(game, { username: 'broadcast-reader' });
      const world = await joinWorld(game.server.url, { cookie: reader.agent.cookieHeader });
      joined.push(world);
      await waitFor(() => world.room.state.territories?.size > 0, 'the first state');
      // The paid payment sends its broadcast (docs/rules.md §4 "Broadcast flow").
      const payment = await sender.agent.post('/api/broadcasts/payment', { userId: sender.id, message: 'Buy my village' });
      expect((await sender.agent.post('/api/payments/sandbox/confirm', { ...payment.body, outcome: 'succeed' })).body.status).toBe(
        'succeeded',
      );
      const [shown] = (await game.agent().get('/api/broadcasts/recent')).body as { id: number; message: string }[];
      expect(shown.message).toBe('Buy my village');
      await waitFor(() => world.room.state.broadcast.id === shown.id, "the broadcast on the reader's screen");
      const audited = (await sql`select count(*)::int as n from audit_log where action = 'broadcast_remove'`)[0].n;

      const removed = await wanakt.post(`/api/admin/broadcasts/${shown.id}/remove`, { reason: 'Advertising' });
      expect(removed).toMatchObject({ status: 200, body: { message: 'The broadcast was removed' } });
      await waitFor(() => world.room.state.broadcast.id !== shown.id, "the removal on the reader's screen", 1_000);
      expect((await game.agent().get('/api/broadcasts/recent')).body.map((shown: { id: number }) => shown.id)).not.toContain(shown.id);
      const [entry] = await audit('broadcast_remove');
      expect(entry).toMatchObject({
        actor_id: 'wanakt-admin',
        subject: 'loud-sender: "Buy my village"',
        reason: 'Advertising',
        details: { broadcastId: shown.id },
      });

      // A second removal, an unknown id and a missing reason are refused and write nothing.
      expect(await wanakt.post(`/api/admin/broadcasts/${shown.id}/remove`, { reason: 'Advertising' })).toMatchObject({
        status: 409,
        body: { message: 'This broadcast has already been removed' },
      });
      expect(await wanakt.post('/api/admin/broadcasts/999999/remove', { reason: 'Advertising' })).toMatchObject({
        status: 404,
        body: { message: 'Broadcast not found' },
      });
      expect(await wanakt.post('/api/admin/broadcasts/abc/remove', {})).toMatchObject({
        status: 400,
        body: { message: 'Please give a reason' },
      });
      expect((await reader.agent.post(`/api/admin/broadcasts/${shown.id}/remove`, { reason: 'Advertising' })).status).toBe(403);
      expect((await sql`select count(*)::int as n from audit_log where action = 'broadcast_remove'`)[0].n).toBe(audited + 1);
    });

    it('when a mute or its lifting fails half-way, then neither the mute nor an audit line is written', async () => {
      const before = (await sql`select count(*)::int as n from audit_log`)[0].n;
      expect(await wanakt.post('/api/admin/mutes', { userId: 'nobody-here', minutes: 60, reason: 'Spamming' })).toMatchObject({
        status: 404,
        body: { message: 'User not found' },
      });
      const quiet = await signedInPlayer(game);
      expect(await wanakt.post('/api/admin/mutes/lift', { userId: quiet.id, reason: 'Never muted' })).toMatchObject({
        status: 404,
        body: { message: 'This player is not muted' },
      });
      expect((await sql`select count(*)::int as n from mutes where user_id = ${quiet.id}`)[0].n).toBe(0);
      expect((await sql`select count(*)::int as n from audit_log`)[0].n).toBe(before);

      // Half-way: the mute's row (or the lifting's delete) is written, then its audit line fails, and
      // the command's one transaction takes the row back with it.
      const held = await signedInPlayer(game);
      expect((await wanakt.post('/api/admin/mutes', { userId: held.id, minutes: 60, reason: 'Spamming' })).status).toBe(201);
      const audited = (await sql`select count(*)::int as n from audit_log`)[0].n;
      await sql`create function audit_away() returns trigger language plpgsql as $$ begin raise exception 'audit log away'; end $$`;
      await sql`create trigger audit_away before insert on audit_log for each row when (new.action in ('mute', 'unmute')) execute function audit_away()`;
      try {
        expect((await wanakt.post('/api/admin/mutes', { userId: quiet.id, minutes: 60, reason: 'Spamming' })).status).toBe(500);
        expect((await wanakt.post('/api/admin/mutes/lift', { userId: held.id, reason: 'Served' })).status).toBe(500);
      } finally {
        await sql`drop trigger audit_away on audit_log`;
        await sql`drop function audit_away()`;
      }
      expect((await sql`select count(*)::int as n from mutes where user_id = ${quiet.id}`)[0].n).toBe(0);
      expect((await sql`select count(*)::int as n from mutes where user_id = ${held.id}`)[0].n).toBe(1);
      expect((await sql`select count(*)::int as n from audit_log`)[0].n).toBe(audited);
    });

    it('when someone else, or bad input, knocks on the desk, then it is refused and nothing is written', async () => {
      const player = await signedInPlayer(game);
      const before = (await sql`select count(*)::int as n from audit_log`)[0].n;
      expect((await player.agent.get('/api/admin/audit')).status).toBe(403);
      expect((await player.agent.post('/api/admin/mutes', { userId: player.id, minutes: 60, reason: 'Myself' })).status).toBe(403);
      expect((await game.agent().get('/api/admin/chat/recent')).status).toBe(401);
      for (const bad of [
        { userId: player.id, minutes: 5, reason: 'Too short' },
        { userId: player.id, minutes: 60 },
        { userId: player.id, minutes: 60, reason: 'x'.repeat(301) },
      ]) {
        const answer = await wanakt.post('/api/admin/mutes', bad);
        expect(answer.status).toBe(400);
        expect(answer.body.message).toEqual(expect.any(String));
      }
      expect((await wanakt.post('/api/admin/mutes', { userId: 'wanakt-admin', minutes: 60, reason: 'Testing' })).status).toBe(409);
      expect((await wanakt.get('/api/admin/audit?action=nothing')).status).toBe(400);
      expect((await sql`select count(*)::int as n from audit_log`)[0].n).toBe(before);
    });

    it('when the Wanakt mints, assigns, sets a rent, founds a settlement and moves a pin, then each is in the log; a second Hallstatt is refused', async () => {
      const player = await signedInPlayer(game, { username: 'audited-player' });
      const [village] = await sql<
        { id: number; name: string }[]
      >`select id, name from territories where type = 'village' and owner_id is null order by id limit 1`;
      expect((await wanakt.post('/api/currency/mint', { amount: 250, recipientId: player.id })).status).toBe(200);
      expect((await wanakt.post(`/api/territories/${village.id}/assign`, { userId: player.id, price: 0 })).status).toBe(200);
      expect((await wanakt.request('PATCH', `/api/territories/${village.id}/rent`, { rentAmount: 12 })).status).toBe(200);
      const founded = await wanakt.post('/api/admin/create-territory', {
        name: 'Audit Town',
        latitude: 10,
        longitude: 10,
        type: 'main',
        basePrice: 5000,
      });
      expect(founded.status).toBe(201);
      expect(
        (await wanakt.request('PATCH', `/api/territories/${founded.body.id}/position`, { latitude: '11', longitude: '12' })).status,
      ).toBe(200);

      const log = (await wanakt.get('/api/admin/audit')).body as { action: string; subject: string; details: Record<string, unknown> }[];
      expect(log.slice(0, 5).map(({ action, subject }) => [action, subject])).toEqual([
        ['pin', 'Audit Town'],
        ['settlement', 'Audit Town'],
        ['rent', village.name],
        ['assign', village.name],
        ['mint', 'audited-player'],
      ]);
      expect(log[4].details).toEqual({ recipientId: player.id, amount: 250 });

      const [seeded] = await sql<{ name: string }[]>`select name from territories where type = 'village' order by id limit 1`;
      const twice = await wanakt.post('/api/admin/create-territory', {
        name: ` ${seeded.name.toUpperCase()} `,
        latitude: 1,
        longitude: 1,
        type: 'main',
        basePrice: 5000,
      });
      expect(twice).toMatchObject({
        status: 409,
        body: { message: `${seeded.name} is already on the map: move its pin instead of adding it twice` },
      });
    });
  });
}
