import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Sql } from '../infra/db/database.ts';
import { checkInvariants } from '../domain/economy/supply.ts';
import { postgresBackendIfReachable } from '../testing/databases.ts';
import { dealCrossingLand } from '../testing/crossing-land.ts';
import { sendWithClientRetries } from '../testing/client-retries.ts';
import { signedInPlayer } from '../testing/players.ts';
import { startTestServer, type TestServer } from '../testing/test-server.ts';
import type { TestAgent } from '../testing/agent.ts';

// The commands most likely to cross, all at once on real PostgreSQL: players buying each other's
// land (which notifies the seller and the lord above), relisting, paying each other rent (which
// notifies the payee) and chatting on each other's territories naming their owners (which locks the
// author's row and notifies the one named).
// Before the lock order of docs/write-path.md this closed cycles through the users rows, their
// foreign-key locks and the ledger_daily rollup row; PostgreSQL's own count must not move.
const pg = postgresBackendIfReachable();
const PLAYERS = 12;
const VILLAGES_EACH = 8;
const ROUNDS = 12;
const PRICE = 100;

async function deadlocks(sql: Sql): Promise<number> {
  // The wait is the rule under test, "the count must not move": PostgreSQL publishes a session's
  // statistics at most a second after its transaction ends, and sends no word that it has.
  await new Promise((resolve) => setTimeout(resolve, 1500));
  await sql`select pg_stat_clear_snapshot()`;
  const [row] = await sql<{ deadlocks: string }[]>`select deadlocks::text from pg_stat_database where datname = current_database()`;
  return Number(row.deadlocks);
}

describe.runIf(pg)('crossing commands on real PostgreSQL', () => {
  const now = new Date();
  let game: TestServer;
  let sql: Sql;
  let players: { id: string; agent: TestAgent }[];
  let names: Map<string, string>;

  beforeAll(async () => {
    game = await startTestServer(pg!, { clock: () => now });
    sql = game.database.sql;
    players = await Promise.all(Array.from({ length: PLAYERS }, () => signedInPlayer(game, { balance: 50_000, now })));
    const ids = players.map((player) => player.id);
    names = new Map(
      (await sql<{ id: string; username: string }[]>`select id, username from users where id = any(${ids}::text[])`).map((row) => [
        row.id,
        row.username,
      ]),
    );
    await dealCrossingLand(sql, ids, VILLAGES_EACH, PRICE);
    // Each player owes every other one rent for one of its villages, each a payment of its own.
    await sql`
      insert into rent_payments (period, payer_territory_id, payer_id, payee_id, payment_type, amount, due_date)
      select 'cross-' || payee.n, v.id, v.owner_id, payee.id, 'rent', 5, ${now}
        from (select id, owner_id, row_number() over (partition by owner_id order by id) as k from territories where owner_id = any(${ids}::text[]) and type = 'village') v
        join (select id, row_number() over (order by id) as n from unnest(${ids}::text[]) as u(id)) payee on payee.id <> v.owner_id
       where v.k = 1`;
  });
  afterAll(() => game?.stop());

  it('when every player buys, relists, pays rent and chats across the others at once, then PostgreSQL counts 0 deadlocks and nothing fails', async () => {
    const before = await deadlocks(sql);
    const statuses = new Map<number, number>();
    for (let round = 0; round < ROUNDS; round++) {
      const listed = await sql<{ id: number; owner_id: string; sale_price: string }[]>`
        select id, owner_id, sale_price::text from territories where owner_id in ${sql(players.map((p) => p.id))} and sale_price is not null order by id`;
      const owned = await sql<{ id: number; owner_id: string }[]>`
        select id, owner_id from territories where owner_id in ${sql(players.map((p) => p.id))} and type = 'village' order by id`;
      const dues = await sql<{ id: number; payer_id: string }[]>`
        select id, payer_id from rent_payments where paid_at is null and payer_id in ${sql(players.map((p) => p.id))} order by id`;
      const answers = await Promise.all(
        players.flatMap((player, i) => {
          const others = listed.filter((row) => row.owner_id !== player.id);
          const target = others[(i * 7 + round * 3) % Math.max(1, others.length)];
          const mine = owned.filter((row) => row.owner_id === player.id);
          const relist = mine[round % Math.max(1, mine.length)];
          const due = dues.find((row) => row.payer_id === player.id);
          const elsewhere = owned.find((row) => row.owner_id === players[(i + round + 1) % PLAYERS].id);
          // As the game's client sends each: a 503 (busy, not applied) is tried again with its key.
          const send = (method: string, path: string, body: unknown) =>
            sendWithClientRetries((headers) => player.agent.request(method, path, body, headers)).then(({ answer }) => answer);
          return [
            target && send('POST', `/api/territories/${target.id}/purchase`, { sale_price: Number(target.sale_price) }),
            relist && send('PATCH', `/api/territories/${relist.id}/listing`, { sale_price: PRICE + round }),
            due && send('POST', `/api/rent/pay/${due.id}`, {}),
            elsewhere &&
              send('POST', '/api/chat', {
                territory_id: elsewhere.id,
                message: `@${names.get(elsewhere.owner_id)} round ${round} from ${i}`,
              }),
          ].filter((request) => request !== undefined);
        }),
      );
      for (const answer of answers) statuses.set(answer.status, (statuses.get(answer.status) ?? 0) + 1);
    }
    const failures = [...statuses].filter(([status]) => status >= 500);
    expect(failures).toEqual([]);
    // Most of the work went through: the crossing is real, not refused up front.
    expect(statuses.get(200) ?? 0).toBeGreaterThan(ROUNDS * PLAYERS);
    const [{ notices }] = await sql<
      { notices: number }[]
    >`select count(*)::int as notices from notifications where user_id in ${sql(players.map((p) => p.id))}`;
    expect(notices).toBeGreaterThan(0);
    expect(await deadlocks(sql)).toBe(before);
    expect((await checkInvariants(sql)).problems).toEqual([]);
  });
});
