import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AllianceChatMessageDto } from '../../../schema/api/chat.ts';
import type { Sql } from '../../infra/db/database.ts';
import type { TestAgent } from '../../testing/agent.ts';
import { testBackends } from '../../testing/databases.ts';
import { signedInPlayer } from '../../testing/players.ts';
import { joinedWorld, waitFor, type WorldJoin } from '../../testing/test-clients.ts';
import { startTestServer, type TestServer } from '../../testing/test-server.ts';

// docs/rules.md §4 "Alliances", "Chat" over the API and the world room: only members read and post,
// under territory chat's limits, mutes and mentions, and only members' clients hear it live. Every
// answer is checked against the OpenAPI document by the test agent.
for (const backend of testBackends()) {
  describe(`[§4 alliances] the alliance chat on ${backend.name}`, () => {
    let game: TestServer;
    let sql: Sql;
    let serial = 0;

    interface Member {
      id: string;
      name: string;
      agent: TestAgent;
    }
    const player = async (): Promise<Member> => {
      const name = `talk${process.pid % 1000}x${serial++}`;
      const { id, agent } = await signedInPlayer(game, { balance: 1_000, username: name });
      return { id, name, agent };
    };
    /** An alliance its leader founded, the others joined by invitation. */
    async function allianceOf(leader: Member, others: Member[]) {
      const founded = await leader.agent.post('/api/alliances', { name: `Talkers ${serial++}`, tag: `T${serial++}` });
      expect(founded.status).toBe(201);
      const id: number = founded.body.alliance_id;
      for (const other of others) {
        expect((await leader.agent.post(`/api/alliances/${id}/invitations`, { username: other.name })).status).toBe(200);
        const [application] = await sql<{ id: number }[]>`
          select id from alliance_applications where alliance_id = ${id} and user_id = ${other.id} and status = 'open'`;
        expect((await other.agent.post(`/api/alliance-applications/${application.id}/accept`, {})).status).toBe(200);
      }
      const [{ name, tag }] = await sql<{ name: string; tag: string }[]>`select name, tag from alliances where id = ${id}`;
      return { id, label: `[${tag}] ${name}` };
    }
    const say = (member: Member, allianceId: number, message: string, headers?: Record<string, string>) =>
      member.agent.post<AllianceChatMessageDto>(`/api/alliances/${allianceId}/chat`, { message }, headers);
    const world = (member: Member) =>
      joinedWorld(game.server.url, { cookie: member.agent.cookieHeader, 'x-forwarded-for': member.agent.address });
    const heard = (join: WorldJoin, type: string) =>
      join.messages.filter((message) => message.type === type).map((message) => message.payload);

    beforeAll(async () => {
      game = await startTestServer(backend);
      sql = game.database.sql;
    }, 180_000);
    afterAll(() => game?.stop());

    it('when a member posts, then every member reads it, oldest first and by page, and a player outside can neither read nor post', async () => {
      const [leader, member, outsider] = [await player(), await player(), await player()];
      const { id, label } = await allianceOf(leader, [member]);
      expect((await leader.agent.get(`/api/alliances/${id}/chat`)).body).toEqual([]);

      const first = await say(leader, id, '  Welcome aboard  ');
      expect(first.status).toBe(201);
      expect(first.body).toMatchObject({ alliance_id: id, user_id: leader.id, username: leader.name, message: 'Welcome aboard' });
      const second = await say(member, id, 'Glad to be here');
      const read = await member.agent.get<AllianceChatMessageDto[]>(`/api/alliances/${id}/chat`);
      expect(read.body.map((message) => [message.username, message.message])).toEqual([
        [leader.name, 'Welcome aboard'],
        [member.name, 'Glad to be here'],
      ]);
      const paged = await leader.agent.get(`/api/alliances/${id}/chat?limit=1`);
      expect(paged.body.items.map((message: AllianceChatMessageDto) => message.id)).toEqual([second.body.id]);
      const rest = await leader.agent.get(`/api/alliances/${id}/chat?cursor=${paged.body.next_cursor}`);
      expect(rest.body).toMatchObject({ items: [{ id: first.body.id }], next_cursor: null });

      expect(await outsider.agent.get(`/api/alliances/${id}/chat`)).toMatchObject({
        status: 403,
        body: { message: `Only its members read the chat of ${label}` },
      });
      expect(await say(outsider, id, 'let me in')).toMatchObject({
        status: 403,
        body: { message: `Only its members can chat in ${label}` },
      });
      expect((await game.agent().get(`/api/alliances/${id}/chat`)).status).toBe(401);
      expect((await say(leader, 999_999, 'anyone?')).status).toBe(404);
      const [{ n }] = await sql<{ n: number }[]>`select count(*)::int as n from chat_messages where alliance_id = ${id}`;
      expect(n).toBe(2);
      // It is no territory's chat.
      expect((await sql`select 1 from chat_messages where alliance_id = ${id} and territory_id is not null`).length).toBe(0);
    });

    it('when a member leaves or is removed, then from that moment it neither reads, posts nor hears the chat', async () => {
      const [leader, leaving, removed] = [await player(), await player(), await player()];
      const { id } = await allianceOf(leader, [leaving, removed]);
      expect((await say(leaving, id, 'before I go')).status).toBe(201);
      expect((await leaving.agent.post(`/api/alliances/${id}/leave`, {})).status).toBe(200);
      expect((await removed.agent.get(`/api/alliances/${id}/chat`)).status).toBe(200);
      expect((await leader.agent.post(`/api/alliances/${id}/remove`, { username: removed.name })).status).toBe(200);
      for (const gone of [leaving, removed]) {
        expect((await gone.agent.get(`/api/alliances/${id}/chat`)).status).toBe(403);
        expect((await say(gone, id, 'still here?')).status).toBe(403);
      }

      const [leaderWorld, removedWorld] = await Promise.all([world(leader), world(removed)]);
      try {
        const posted = await say(leader, id, 'only the two of us now');
        await waitFor(() => heard(leaderWorld, 'allianceChat').some((message) => message.id === posted.body.id), "the leader's own client");
        // Events reach a room in outbox order: once the removed player hears the chat of a territory
        // it watches, posted after, the alliance's message would have reached it first.
        const [territory] = await sql<{ id: number }[]>`select id from territories order by id limit 1`;
        removedWorld.room.send('chat.watch', { territoryId: territory.id });
        const later = await waitFor(async () => {
          const answer = await removed.agent.post('/api/chat', { territory_id: territory.id, message: 'anyone on Earth?' });
          return heard(removedWorld, 'chat').some((message) => message.id === answer.body.id) && answer;
        }, "a later territory message on the removed player's client");
        expect(later.status).toBe(201);
        expect(heard(removedWorld, 'allianceChat')).toEqual([]);
      } finally {
        await Promise.all([leaderWorld, removedWorld].map((join) => join.room.leave()));
      }
    });

    it("when a member posts, then every member's client hears it live and a player outside never does", async () => {
      const [leader, member, outsider] = [await player(), await player(), await player()];
      const { id } = await allianceOf(leader, [member]);
      const [leaderWorld, memberWorld, outsiderWorld] = await Promise.all([world(leader), world(member), world(outsider)]);
      try {
        const posted = await say(member, id, 'Rally at dawn');
        for (const join of [leaderWorld, memberWorld]) {
          const [message] = await waitFor(() => heard(join, 'allianceChat').length > 0 && heard(join, 'allianceChat'), 'the message live');
          expect(message).toEqual(posted.body);
        }
        // The outsider hears its own later notice: anything the room meant for it would have come first.
        expect((await leader.agent.post(`/api/alliances/${id}/invitations`, { username: outsider.name })).status).toBe(200);
        await waitFor(() => heard(outsiderWorld, 'notification').length > 0, "the outsider's invitation");
        expect(heard(outsiderWorld, 'allianceChat')).toEqual([]);
      } finally {
        await Promise.all([leaderWorld, memberWorld, outsiderWorld].map((join) => join.room.leave()));
      }
    });

    it("when a member is mentioned, then it is told with the message quoted and a link to the alliance's page; a player outside is not", async () => {
      const [leader, member, outsider] = [await player(), await player(), await player()];
      const { id, label } = await allianceOf(leader, [member]);
      const text = `@${member.name.toUpperCase()} and @${outsider.name}: meet at the ${'gate '.repeat(20)}`;
      expect((await say(leader, id, text)).status).toBe(201);
      const notices = await sql<{ user_id: string; kind: string; text: string; link: string }[]>`
        select user_id, kind, text, link from notifications where kind = 'chat_mention' and user_id in ${sql([member.id, outsider.id])}`;
      expect(notices).toEqual([
        {
          user_id: member.id,
          kind: 'chat_mention',
          text: `${leader.name} mentioned you in the chat of ${label}: "${text.slice(0, 79)}…"`,
          link: `/alliances/${id}`,
        },
      ]);
    });

    it("when a member writes too much, too often or while muted, then territory chat's rules refuse it, counting both chats as one", async () => {
      const [leader, talker] = [await player(), await player()];
      const { id } = await allianceOf(leader, [talker]);
      expect(await say(talker, id, 'z'.repeat(501))).toMatchObject({
        status: 400,
        body: { message: 'Message must be 500 characters or less' },
      });
      expect(await say(talker, id, '   ')).toMatchObject({ status: 400, body: { message: 'Message cannot be empty' } });
      const [territory] = await sql<{ id: number }[]>`select id from territories order by id limit 1`;
      for (let index = 0; index < 3; index++)
        expect((await talker.agent.post('/api/chat', { territory_id: territory.id, message: `out there ${index}` })).status).toBe(201);
      expect((await say(talker, id, 'in here 1')).status).toBe(201);
      expect((await say(talker, id, 'in here 2')).status).toBe(201);
      const flooded = await say(talker, id, 'one more');
      expect(flooded.status).toBe(429);
      expect(flooded.body.message).toMatch(/^Slow down: at most 5 messages every 10 seconds/);

      const wanakt = await game.wanakt();
      expect((await wanakt.post('/api/admin/mutes', { userId: leader.id, minutes: 60, reason: 'Shouting' })).status).toBe(201);
      expect(await say(leader, id, 'hello?')).toMatchObject({
        status: 403,
        body: { message: expect.stringMatching(/^You are muted until .*: Shouting$/) },
      });
      const [{ n }] = await sql<{ n: number }[]>`select count(*)::int as n from chat_messages where alliance_id = ${id}`;
      expect(n).toBe(2);
    });

    it('when a post is sent again with its Idempotency-Key, then it is answered the first outcome and said once', async () => {
      const leader = await player();
      const { id } = await allianceOf(leader, []);
      const key = { 'Idempotency-Key': `alliance-chat-${serial++}` };
      const first = await say(leader, id, 'Once only', key);
      const again = await say(leader, id, 'Once only', key);
      expect(first.status).toBe(201);
      expect([again.status, again.body, again.headers.get('idempotent-replayed')]).toEqual([201, first.body, 'true']);
      expect((await say(leader, id, 'Something else', key)).status).toBe(422);
      expect((await leader.agent.get(`/api/alliances/${id}/chat`)).body).toHaveLength(1);
    });
  });
}
