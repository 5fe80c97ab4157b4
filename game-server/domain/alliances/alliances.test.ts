import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { AllianceMapDto } from '../../../schema/api/alliances.ts';
import { ALLIANCE_FOUNDING_FEE } from '../../../schema/rules/alliances.ts';
import { allianceMap } from './alliance-reads.ts';
import { WANAKT_USER_ID } from '../../../schema/constants.ts';
import type { Sql } from '../../infra/db/database.ts';
import { checkInvariants } from '../economy/supply.ts';
import type { TestAgent } from '../../testing/agent.ts';
import { postgresBackendIfReachable } from '../../testing/databases.ts';
import { balanceOf, signedInPlayer } from '../../testing/players.ts';
import { startTestServer, type TestServer } from '../../testing/test-server.ts';
import { joinedWorld, waitFor } from '../../testing/test-clients.ts';

// docs/rules.md §4 "Alliances" over the API on real PostgreSQL (the embedded database runs one
// transaction at a time, so it cannot show a race). Every answer is checked against the OpenAPI
// document by the test agent.
const pg = postgresBackendIfReachable();

interface Member {
  id: string;
  name: string;
  agent: TestAgent;
}

describe.runIf(pg)('[§4 alliances] commands on real PostgreSQL', () => {
  let game: TestServer;
  let sql: Sql;
  let serial = 0;

  const player = async (balance = 10_000): Promise<Member> => {
    const name = `ally${process.pid % 1000}x${serial++}`;
    const { id, agent } = await signedInPlayer(game, { balance, username: name });
    return { id, name, agent };
  };
  const found = async (leader: Member, name: string, tag: string) => leader.agent.post('/api/alliances', { name, tag });
  /** An alliance of a leader and officers, each joined by invitation. */
  async function allianceOf(leader: Member, others: Member[], officers: Member[] = []) {
    const founded = await found(leader, `Band ${serial++}`, `B${serial++}`);
    expect(founded.status).toBe(201);
    const id: number = founded.body.alliance_id;
    for (const other of [...others, ...officers]) {
      expect((await leader.agent.post(`/api/alliances/${id}/invitations`, { username: other.name })).status).toBe(200);
      const [application] = await sql<{ id: number }[]>`
        select id from alliance_applications where alliance_id = ${id} and user_id = ${other.id} and status = 'open'`;
      expect((await other.agent.post(`/api/alliance-applications/${application.id}/accept`, {})).status).toBe(200);
    }
    for (const officer of officers)
      expect((await leader.agent.post(`/api/alliances/${id}/role`, { username: officer.name, role: 'officer' })).status).toBe(200);
    const [{ treasury_id }] = await sql<{ treasury_id: string }[]>`select treasury_id from alliances where id = ${id}`;
    return { id, treasury: treasury_id };
  }

  beforeAll(async () => {
    game = await startTestServer(pg!);
    sql = game.database.sql;
  }, 180_000);
  afterAll(() => game?.stop());
  afterEach(async () => expect((await checkInvariants(sql)).problems).toEqual([]));

  it("when a player founds an alliance, then the fee goes to the Wanakt's treasury and the founder leads it", async () => {
    const leader = await player();
    const wanaktBefore = await balanceOf(sql, WANAKT_USER_ID);
    const answer = await found(leader, 'Northern Crowns', 'nc');
    expect(answer.status).toBe(201);
    expect(answer.body.message).toBe(`You founded [NC] Northern Crowns for ${ALLIANCE_FOUNDING_FEE} DRK`);
    expect(await balanceOf(sql, leader.id)).toBe(10_000 - ALLIANCE_FOUNDING_FEE);
    expect((await balanceOf(sql, WANAKT_USER_ID)) - wanaktBefore).toBe(ALLIANCE_FOUNDING_FEE);
    const page = await leader.agent.get(`/api/alliances/${answer.body.alliance_id}`);
    expect(page.body.members).toEqual([expect.objectContaining({ username: leader.name, role: 'leader' })]);
    expect((await found(leader, 'Second Band', 'SB')).body.message).toBe('You already belong to an alliance: leave it first');
  });

  it("when a name or tag looks like an open alliance's, then founding is refused and nothing is paid", async () => {
    const first = await player();
    expect((await found(first, 'Iron Paladins', 'IRON')).status).toBe(201);
    const copier = await player();
    const attempts: [string, string, string][] = [
      ['lron PaIadins', 'ZZ', "That name looks like another alliance's: choose another"],
      ['Other Band', 'lRON', "That tag looks like another alliance's: choose another"],
      // Cyrillic І, О and Н: mixed scripts that draw the same.
      ['Other Band', 'IR\u041e\u041d'.replace('\u041d', 'N'), "That tag looks like another alliance's: choose another"],
      ['Other Band', 'IR\u200bON', 'Names may not contain control, invisible or direction-changing characters'],
      ['Other Band', '\u202eNORI', 'Names may not contain control, invisible or direction-changing characters'],
      ['Other Band', 'ADMIN', 'That name is reserved for the game: choose another'],
      ['Other Band', 'A-B', 'A tag is 2 to 5 letters or digits'],
      ['Ir0n Pala-dins', 'QQ', "That name looks like another alliance's: choose another"],
      // Three characters as sent, two once the accent joins its letter; three signs that fold to eighteen each.
      ['A\u0300!', 'QQ', "An alliance's name is 3 to 32 characters"],
      ['\ufdfa\ufdfa\ufdfa', 'QQ', "An alliance's name is 3 to 32 characters"],
    ];
    for (const [name, tag, message] of attempts) {
      const answer = await found(copier, name, tag);
      expect([answer.status, answer.body.message]).toEqual([409, message]);
    }
    expect(await balanceOf(sql, copier.id)).toBe(10_000);
  });

  it('when a player asks to join and an officer accepts, then it is a member; members leave; the last to leave closes it and receives the treasury', async () => {
    const [leader, asker] = [await player(), await player()];
    const { id, treasury } = await allianceOf(leader, []);
    expect((await asker.agent.post(`/api/alliances/${id}/requests`, {})).status).toBe(200);
    const mine = await asker.agent.get('/api/alliances/mine');
    expect(mine.body.applications).toEqual([expect.objectContaining({ kind: 'request', username: asker.name })]);
    // Only an officer answers a request.
    expect((await asker.agent.post(`/api/alliance-applications/${mine.body.applications[0].id}/accept`, {})).status).toBe(403);
    expect((await leader.agent.post(`/api/alliance-applications/${mine.body.applications[0].id}/accept`, {})).status).toBe(200);
    expect((await asker.agent.post(`/api/alliances/${id}/deposit`, { amount: 300 })).status).toBe(200);
    // The leader leaves only once alone or after handing over.
    expect((await leader.agent.post(`/api/alliances/${id}/leave`, {})).body.message).toBe(
      'Hand the leadership to another member before you leave',
    );
    expect((await leader.agent.post(`/api/alliances/${id}/hand-over`, { username: asker.name })).status).toBe(200);
    expect((await leader.agent.post(`/api/alliances/${id}/leave`, {})).status).toBe(200);
    const before = await balanceOf(sql, asker.id);
    const last = await asker.agent.post(`/api/alliances/${id}/leave`, {});
    expect(last.body.message).toMatch(/it has closed; its treasury's 300 DRK is yours$/);
    expect(await balanceOf(sql, asker.id)).toBe(before + 300);
    expect(await balanceOf(sql, treasury)).toBe(0);
    expect((await asker.agent.post(`/api/alliances/${id}/deposit`, { amount: 1 })).status).toBe(409);
  });

  it('when an invitation or a request is declined, then it ends unanswered for whoever says no, and no one else may', async () => {
    const [leader, invited, asker, stranger] = [await player(), await player(), await player(), await player()];
    const { id } = await allianceOf(leader, []);
    const openOne = async (userId: string) => {
      const [row] = await sql<{ id: number }[]>`
        select id from alliance_applications where alliance_id = ${id} and user_id = ${userId} and status = 'open'`;
      return row?.id;
    };
    expect((await leader.agent.post(`/api/alliances/${id}/invitations`, { username: invited.name })).status).toBe(200);
    const invitation = await openOne(invited.id);
    expect((await stranger.agent.post(`/api/alliance-applications/${invitation}/decline`, {})).status).toBe(403);
    const declined = await invited.agent.post(`/api/alliance-applications/${invitation}/decline`, {});
    expect(declined.status).toBe(200);
    expect(declined.body.message).toMatch(/^You declined the invitation to \[/);
    expect(await openOne(invited.id)).toBeUndefined();
    expect((await invited.agent.post(`/api/alliance-applications/${invitation}/accept`, {})).status).toBe(409);
    expect((await invited.agent.post(`/api/alliance-applications/${invitation}/decline`, {})).status).toBe(409);

    expect((await asker.agent.post(`/api/alliances/${id}/requests`, {})).status).toBe(200);
    const request = await openOne(asker.id);
    const refused = await leader.agent.post(`/api/alliance-applications/${request}/decline`, {});
    expect(refused.body.message).toBe(`The request of ${asker.name} is declined`);
    expect((await sql`select 1 from alliance_members where user_id = ${asker.id}`).length).toBe(0);
    // Declined, a player may ask again, and withdraw the new request itself.
    expect((await asker.agent.post(`/api/alliances/${id}/requests`, {})).status).toBe(200);
    const again = await asker.agent.post(`/api/alliance-applications/${await openOne(asker.id)}/decline`, {});
    expect(again.body.message).toMatch(/^You withdrew your request to join/);
    expect((await stranger.agent.post('/api/alliance-applications/999999/decline', {})).status).toBe(404);
  });

  it("when a member deposits, then the other members' clients are told at once, and a player outside is not", async () => {
    const [leader, member, outsider] = [await player(), await player(), await player()];
    const { id } = await allianceOf(leader, [member]);
    const [leaderWorld, outsiderWorld] = await Promise.all(
      [leader, outsider].map((each) =>
        joinedWorld(game.server.url, { cookie: each.agent.cookieHeader, 'x-forwarded-for': each.agent.address }),
      ),
    );
    try {
      expect((await member.agent.post(`/api/alliances/${id}/deposit`, { amount: 10 })).status).toBe(200);
      await waitFor(
        () => leaderWorld.messages.some((message) => message.type === 'alliance' && message.payload.allianceId === id),
        "the leader's client told of the deposit",
      );
      // One room, events in order: had the outsider been told, it would have been by now.
      expect(outsiderWorld.messages.filter((message) => message.type === 'alliance')).toEqual([]);
    } finally {
      await Promise.all([leaderWorld, outsiderWorld].map((world) => world.room.leave()));
    }
  });

  it('when officers remove members, then the member is told; an officer cannot remove another officer', async () => {
    const [leader, officer, other, member] = [await player(), await player(), await player(), await player()];
    const { id } = await allianceOf(leader, [member], [officer, other]);
    expect((await officer.agent.post(`/api/alliances/${id}/remove`, { username: other.name })).body.message).toBe(
      'Only the leader removes officers',
    );
    expect((await officer.agent.post(`/api/alliances/${id}/remove`, { username: member.name })).status).toBe(200);
    const [notice] = await sql<
      { kind: string; text: string }[]
    >`select kind, text from notifications where user_id = ${member.id} and kind = 'alliance_removed'`;
    expect(notice.text).toMatch(new RegExp(`^${officer.name} removed you from \\[`));
  });

  it('when a player chose mail for its alliance, then an invitation is also mailed; a player who did not is only told', async () => {
    const [leader, chose, other] = [await player(), await player(), await player()];
    await sql`update users set email = ${`${chose.name}@example.com`}, email_verified_at = now(), mail_alliance = true where id = ${chose.id}`;
    await sql`update users set email = ${`${other.name}@example.com`}, email_verified_at = now() where id = ${other.id}`;
    const { id } = await allianceOf(leader, []);
    for (const invited of [chose, other])
      expect((await leader.agent.post(`/api/alliances/${id}/invitations`, { username: invited.name })).status).toBe(200);
    const mailed = await sql<{ user_id: string; stop_kind: string }[]>`
      select user_id, stop_kind from mail_messages where user_id in ${sql([chose.id, other.id])}`;
    expect(mailed).toEqual([{ user_id: chose.id, stop_kind: 'alliance' }]);
    const told = await sql<{ user_id: string }[]>`
      select user_id from notifications where kind = 'alliance_invited' and user_id in ${sql([chose.id, other.id])}`;
    expect(told).toHaveLength(2);
  });

  it('when a payout passes the daily limit, then nothing is sent until a second officer approves it', async () => {
    const [leader, officer, member] = [await player(), await player(), await player()];
    const { id, treasury } = await allianceOf(leader, [member], [officer]);
    expect((await member.agent.post(`/api/alliances/${id}/deposit`, { amount: 1_000 })).status).toBe(200);
    expect((await leader.agent.request('PATCH', `/api/alliances/${id}/daily-limit`, { daily_limit: 100 })).status).toBe(200);
    const memberBefore = await balanceOf(sql, member.id);
    const within = await officer.agent.post(`/api/alliances/${id}/payouts`, { username: member.name, amount: 60 });
    expect([within.status, within.body.payout.status]).toEqual([201, 'sent']);
    const beyond = await officer.agent.post(`/api/alliances/${id}/payouts`, { username: member.name, amount: 50 });
    expect([beyond.status, beyond.body.payout.status]).toEqual([201, 'pending']);
    expect(await balanceOf(sql, member.id)).toBe(memberBefore + 60);
    // Its asker cannot approve it, nor can a plain member.
    expect((await officer.agent.post(`/api/alliance-payouts/${beyond.body.payout.id}/approve`, {})).status).toBe(403);
    expect((await member.agent.post(`/api/alliance-payouts/${beyond.body.payout.id}/approve`, {})).status).toBe(403);
    expect(await balanceOf(sql, member.id)).toBe(memberBefore + 60);
    const approved = await leader.agent.post(`/api/alliance-payouts/${beyond.body.payout.id}/approve`, {});
    expect([approved.status, approved.body.payout.status, approved.body.payout.approved_by]).toEqual([200, 'sent', leader.name]);
    expect(await balanceOf(sql, member.id)).toBe(memberBefore + 110);
    expect(await balanceOf(sql, treasury)).toBe(890);
    const kinds = await sql<{ kind: string }[]>`select kind from notifications where user_id = ${member.id} and kind = 'alliance_payout'`;
    expect(kinds).toHaveLength(2);
    const statement = await member.agent.get(`/api/alliances/${id}/statement`);
    expect(
      statement.body.lines.map((line: { reason: string; amount: number; counterparty: string }) => [
        line.reason,
        line.amount,
        line.counterparty,
      ]),
    ).toEqual([
      ['alliance_payout', -50, member.name],
      ['alliance_payout', -60, member.name],
      ['alliance_deposit', 1_000, member.name],
    ]);
  });

  it('when two officers pay out the last DRK at once, then one is sent and the other refused, never below zero', async () => {
    const [leader, officer, member] = [await player(), await player(), await player()];
    const { id, treasury } = await allianceOf(leader, [member], [officer]);
    expect((await leader.agent.request('PATCH', `/api/alliances/${id}/daily-limit`, { daily_limit: 1_000_000 })).status).toBe(200);
    for (let round = 0; round < 10; round++) {
      expect((await member.agent.post(`/api/alliances/${id}/deposit`, { amount: 70 })).status).toBe(200);
      const answers = await Promise.all(
        [leader, officer].map((payer) => payer.agent.post(`/api/alliances/${id}/payouts`, { username: member.name, amount: 70 })),
      );
      expect(answers.map((answer) => answer.status).sort()).toEqual([201, 409]);
      expect(answers.find((answer) => answer.status === 409)!.body.message).toMatch(/holds only 0 DRK: it cannot pay 70 DRK$/);
      expect(await balanceOf(sql, treasury)).toBe(0);
    }
  });

  it('when two officers approve the same pending payout at once, then it is sent once', async () => {
    const [leader, officer, second, member] = [await player(), await player(), await player(), await player()];
    const { id, treasury } = await allianceOf(leader, [member], [officer, second]);
    expect((await member.agent.post(`/api/alliances/${id}/deposit`, { amount: 500 })).status).toBe(200);
    const pending = await officer.agent.post(`/api/alliances/${id}/payouts`, { username: member.name, amount: 400 });
    const answers = await Promise.all(
      [leader, second].map((approver) => approver.agent.post(`/api/alliance-payouts/${pending.body.payout.id}/approve`, {})),
    );
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409]);
    expect(await balanceOf(sql, treasury)).toBe(100);
  });

  it("when the Wanakt mints for an alliance's treasury or a player gives it land, then it is refused: DRK is never minted for an alliance", async () => {
    const leader = await player();
    const { treasury } = await allianceOf(leader, []);
    const wanakt = await game.wanakt();
    const mint = await wanakt.post('/api/currency/mint', { amount: 100, recipientId: treasury });
    expect([mint.status, mint.body.message]).toEqual([404, 'User not found']);
    const [land] = await sql<{ id: number }[]>`
      select id from territories where owner_id is null and type not in ('wanakt', 'wonder') and sale_price <= 9000 order by id limit 1`;
    expect((await leader.agent.post(`/api/territories/${land.id}/purchase`, {})).status).toBe(200);
    const [{ username }] = await sql<{ username: string }[]>`select username from users where id = ${treasury}`;
    expect((await leader.agent.post(`/api/territories/${land.id}/gift`, { to: username })).status).toBe(404);
    expect(await balanceOf(sql, treasury)).toBe(0);
  });

  it("when alliances are ranked, then wealth counts the members' balances and the treasury, and land the members' territories", async () => {
    const [rich, poor, member] = [await player(50_000), await player(1_000), await player(1_000)];
    const richer = await allianceOf(rich, [member]);
    const poorer = await allianceOf(poor, []);
    expect((await member.agent.post(`/api/alliances/${richer.id}/deposit`, { amount: 400 })).status).toBe(200);
    const [land] = await sql<{ id: number }[]>`
      select id from territories where owner_id is null and type not in ('wanakt', 'wonder') and sale_price <= 9000 order by id desc limit 1`;
    expect((await poor.agent.post(`/api/territories/${land.id}/purchase`, {})).status).toBe(200);
    const standing = async (by: string) =>
      ((await game.agent().get(`/api/alliances?by=${by}`)).body.alliances as { id: number; wealth: number; land: number }[]).filter(
        (entry) => [richer.id, poorer.id].includes(entry.id),
      );
    const byWealth = await standing('wealth');
    expect(byWealth.map((entry) => entry.id)).toEqual([richer.id, poorer.id]);
    expect(byWealth[0].wealth).toBe((await balanceOf(sql, rich.id)) + (await balanceOf(sql, member.id)) + 400);
    expect((await standing('land')).map((entry) => [entry.id, entry.land])).toEqual([
      [poorer.id, 1],
      [richer.id, 0],
    ]);
    expect((await game.agent().get('/api/alliances?by=height')).status).toBe(400);
  });

  it("when the map colours alliances, then the one with the most land comes first with its members, and a player's own is listed past the limit", async () => {
    const [landed, idle, member] = [await player(50_000), await player(1_000), await player(1_000)];
    const withLand = await allianceOf(landed, [member]);
    const without = await allianceOf(idle, []);
    const [land] = await sql<{ id: number }[]>`
      select id from territories where owner_id is null and type not in ('wanakt', 'wonder') and sale_price <= 9000 order by id desc limit 1`;
    expect((await landed.agent.post(`/api/territories/${land.id}/purchase`, {})).status).toBe(200);
    const listed = (await game.agent().get<AllianceMapDto>('/api/alliances/map')).body.alliances;
    expect(listed.find((entry) => entry.id === withLand.id)).toMatchObject({ land: 1, members: [landed.id, member.id].sort() });
    expect(listed.map((entry) => entry.land)).toEqual(listed.map((entry) => entry.land).sort((a, b) => b - a));
    const asIdle = (await idle.agent.get<AllianceMapDto>('/api/alliances/map')).body.alliances;
    expect(asIdle.find((entry) => entry.id === without.id)).toEqual({
      id: without.id,
      name: expect.any(String),
      tag: expect.any(String),
      land: 0,
      members: [idle.id],
    });
    // Past the limit, only the viewer's own is added.
    const [top] = (await allianceMap(sql, 1, null)).alliances;
    expect(top.id).toBe(listed[0].id);
    expect((await allianceMap(sql, 1, idle.id)).alliances.map((entry) => entry.id)).toEqual([top.id, without.id]);
  });

  it("when random alliance commands run in bursts, then the ledger's invariants hold with the alliances' balances counted", async () => {
    const players = await Promise.all(Array.from({ length: 6 }, () => player(2_000)));
    const { id } = await allianceOf(players[0], players.slice(3), players.slice(1, 3));
    let seed = 58;
    const random = (n: number) => {
      seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
      return seed % n;
    };
    const statuses = new Set<number>();
    for (let burst = 0; burst < 12; burst++) {
      const pending = await sql<{ id: number }[]>`select id from alliance_payouts where alliance_id = ${id} and status = 'pending'`;
      const calls = Array.from({ length: 6 }, () => {
        const actor = players[random(players.length)];
        const other = players[random(players.length)];
        const amount = 1 + random(300);
        switch (random(6)) {
          case 0:
            return actor.agent.post(`/api/alliances/${id}/deposit`, { amount });
          case 1:
          case 2:
            return actor.agent.post(`/api/alliances/${id}/payouts`, { username: other.name, amount });
          case 3:
            return pending.length > 0
              ? actor.agent.post(`/api/alliance-payouts/${pending[random(pending.length)].id}/approve`, {})
              : actor.agent.get('/api/alliances/mine');
          case 4:
            return actor.agent.request('PATCH', `/api/alliances/${id}/daily-limit`, { daily_limit: random(500) });
          default:
            return actor.agent.post(`/api/alliances/${id}/invitations`, { username: other.name });
        }
      });
      for (const answer of await Promise.all(calls)) {
        expect(answer.status).toBeLessThan(500);
        statuses.add(answer.status);
      }
      const report = await checkInvariants(sql);
      expect(report.problems).toEqual([]);
      const [{ balance, replayed }] = await sql<{ balance: string; replayed: string }[]>`
        select u.drk_balance::text as balance,
               ((select coalesce(sum(amount), 0) from ledger where to_user_id = u.id) - (select coalesce(sum(amount), 0) from ledger where from_user_id = u.id))::text as replayed
          from alliances a join users u on u.id = a.treasury_id where a.id = ${id}`;
      expect(balance).toBe(replayed);
    }
    expect(statuses.has(200) || statuses.has(201)).toBe(true);
  });
});
