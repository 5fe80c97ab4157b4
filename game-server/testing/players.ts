import { randomUUID } from 'node:crypto';
import { STARTING_BALANCE } from '../../schema/constants.ts';
import { inTransaction, type Sql } from '../infra/db/database.ts';
import { mint } from '../domain/economy/ledger.ts';
import { createSession, SESSION_COOKIE } from '../domain/auth/sessions.ts';
import type { TestAgent } from './agent.ts';
import type { TestServer } from './test-server.ts';

/**
 * Creates a player straight in the database, with its starting balance minted through the ledger.
 * For tests that need many players: registering over HTTP hashes a password each time.
 */
export async function createPlayer(sql: Sql, options: { balance?: number; username?: string; now?: Date } = {}): Promise<string> {
  const id = randomUUID();
  const balance = options.balance ?? STARTING_BALANCE;
  const now = options.now ?? new Date();
  await inTransaction(sql, async (tx) => {
    await tx`
      insert into users (id, username, password_hash, created_at)
      values (${id}, ${options.username ?? `p-${id.slice(0, 12)}`}, 'no-login', ${now})`;
    if (balance > 0) await mint(tx, id, { amount: balance, reason: 'registration' }, now);
  });
  return id;
}

export async function balanceOf(sql: Sql, userId: string): Promise<number> {
  const [row] = await sql<{ drk_balance: string }[]>`select drk_balance::text from users where id = ${userId}`;
  return Number(row.drk_balance);
}

/**
 * A player created straight in the database with a session of its own, and an agent carrying its
 * cookie: a logged-in player without the cost of hashing a password.
 */
export async function signedInPlayer(
  game: TestServer,
  options: { balance?: number; username?: string; now?: Date } = {},
): Promise<{ id: string; agent: TestAgent }> {
  const sql = game.database.sql;
  const id = await createPlayer(sql, options);
  const agent = game.agent();
  agent.setCookie(SESSION_COOKIE, await createSession(sql, id, options.now ?? new Date()));
  return { id, agent };
}
