import { randomUUID } from 'node:crypto';
import { STARTING_BALANCE } from '../../schema/constants.ts';
import { inTransaction, type Sql } from '../db/database.ts';
import { mint } from '../economy/ledger.ts';

/**
 * Creates a player straight in the database, with its starting balance minted through the ledger.
 * For tests that need many players: registering over HTTP hashes a password each time.
 */
export async function createPlayer(sql: Sql, options: { balance?: number; username?: string } = {}): Promise<string> {
  const id = randomUUID();
  const balance = options.balance ?? STARTING_BALANCE;
  await inTransaction(sql, async (tx) => {
    await tx`insert into users (id, username, password_hash) values (${id}, ${options.username ?? `p-${id.slice(0, 12)}`}, 'no-login')`;
    if (balance > 0) await mint(tx, id, { amount: balance, reason: 'registration' });
  });
  return id;
}

export async function balanceOf(sql: Sql, userId: string): Promise<number> {
  const [row] = await sql<{ drk_balance: string }[]>`select drk_balance::text from users where id = ${userId}`;
  return Number(row.drk_balance);
}
