import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WANAKT_USER_ID } from '../../../../schema/constants.ts';
import type { Sql } from '../../../infra/db/database.ts';
import { checkInvariants } from '../../../domain/economy/supply.ts';
import { postgresBackendIfReachable } from '../../../testing/databases.ts';
import { balanceOf, signedInPlayer } from '../../../testing/players.ts';
import { startTestServer, type TestServer } from '../../../testing/test-server.ts';

const pg = postgresBackendIfReachable();

describe.runIf(pg)('[design money] buyers at once on real PostgreSQL', () => {
  const now = new Date('2026-05-04T10:00:00Z');
  let game: TestServer;
  let sql: Sql;
  const idOf = async (name: string) => (await sql<{ id: number }[]>`select id from territories where name = ${name}`)[0].id;

  beforeAll(async () => {
    game = await startTestServer(pg!, { clock: () => now });
    sql = game.database.sql;
  });
  afterAll(() => game.stop());

  it('when 50 players buy one territory at once, then exactly one owns it, 49 get 409 and keep every DRK', async () => {
    const players = await Promise.all(Array.from({ length: 50 }, () => signedInPlayer(game, { balance: 20_000, now })));
    const london = await idOf('London');
    const treasury = await balanceOf(sql, WANAKT_USER_ID);
    const answers = await Promise.all(players.map((p) => p.agent.post(`/api/territories/${london}/purchase`, { userId: p.id })));
    const winners = answers.flatMap((answer, index) => (answer.status === 200 ? [players[index]] : []));
    expect(winners).toHaveLength(1);
    const refusals = answers.filter((answer) => answer.status === 409);
    expect(refusals).toHaveLength(49);
    for (const refusal of refusals) expect(refusal.body.message).toBe('London is not for sale');
    const [owner] = await sql<{ owner_id: string }[]>`select owner_id from territories where id = ${london}`;
    expect(owner.owner_id).toBe(winners[0].id);
    const balances = await Promise.all(players.map((p) => balanceOf(sql, p.id)));
    expect(balances.filter((balance) => balance === 20_000)).toHaveLength(49);
    expect(await balanceOf(sql, winners[0].id)).toBe(5_000);
    expect(await balanceOf(sql, WANAKT_USER_ID)).toBe(treasury + 15_000);
    const [{ n }] = await sql<{ n: number }[]>`select count(*)::int as n from ownership_changes where territory_id = ${london}`;
    expect(n).toBe(1);
    expect((await checkInvariants(sql)).problems).toEqual([]);
  });

  it('when a player buys two territories at once with money for one, then it gets exactly one and never goes below zero', async () => {
    const buyer = await signedInPlayer(game, { balance: 16_000, now });
    const [tokyo, paris] = [await idOf('Tokyo'), await idOf('Paris')];
    const answers = await Promise.all(
      [tokyo, paris].map((id) => buyer.agent.post(`/api/territories/${id}/purchase`, { userId: buyer.id })),
    );
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409]);
    expect(answers.find((answer) => answer.status === 409)!.body.message).toMatch(/^You need 1[45],000 DRK but only have [12],000 DRK$/);
    const owned = await sql<{ id: number }[]>`select id from territories where owner_id = ${buyer.id}`;
    expect(owned).toHaveLength(1);
    expect(await balanceOf(sql, buyer.id)).toBe(16_000 - (owned[0].id === tokyo ? 15_000 : 14_000));
    expect((await checkInvariants(sql)).problems).toEqual([]);
  });

  it('when many buy listed territories while their sellers upgrade them, then each sells exactly once and the ledger adds up', async () => {
    const sellers = await Promise.all(Array.from({ length: 10 }, () => signedInPlayer(game, { balance: 10_000, now })));
    const buyers = await Promise.all(Array.from({ length: 30 }, () => signedInPlayer(game, { balance: 3_000, now })));
    const villages = await sql<
      { id: number }[]
    >`select id from territories where type = 'village' and owner_id is null order by id limit 10`;
    await Promise.all(sellers.map((seller, i) => seller.agent.post(`/api/territories/${villages[i].id}/purchase`, {})));
    await Promise.all(
      sellers.map((seller, i) => seller.agent.request('PATCH', `/api/territories/${villages[i].id}/listing`, { sale_price: 2_000 })),
    );
    const answers = await Promise.all([
      ...buyers.map((buyer, i) => buyer.agent.post(`/api/territories/${villages[i % 10].id}/purchase`, {})),
      ...sellers.map((seller, i) => seller.agent.post(`/api/territories/${villages[i].id}/upgrade`, { upgrade_tier: 'premium' })),
    ]);
    expect(answers.every((answer) => answer.status === 200 || answer.status === 409 || answer.status === 403)).toBe(true);
    const changes = await sql<
      { n: number }[]
    >`select count(*)::int as n from ownership_changes where territory_id in ${sql(villages.map((v) => v.id))} and from_owner_id is not null`;
    expect(changes[0].n).toBe(10);
    expect((await checkInvariants(sql)).problems).toEqual([]);
  });
});
