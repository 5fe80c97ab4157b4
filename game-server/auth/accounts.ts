import { randomUUID } from 'node:crypto';
import { STARTING_BALANCE } from '../../schema/constants.ts';
import type { AccountDto } from '../../schema/api/user.ts';
import { inTransaction, type Queryable, type Sql } from '../db/database.ts';
import { mint } from '../economy/ledger.ts';
import { conflict, tooManyRequests, unauthenticated } from '../errors.ts';
import { hashPassword, UNUSABLE_HASH, verifyPassword } from './passwords.ts';
import { createSession, endSession } from './sessions.ts';

// After this many wrong passwords in a row, each further try waits twice as long as the last.
const FREE_FAILURES = 5;
const MAX_BLOCK_SECONDS = 15 * 60;

export interface Credentials {
  username: string;
  password: string;
}

export interface SignedIn {
  account: AccountDto;
  token: string;
}

export async function readAccount(sql: Queryable, userId: string): Promise<AccountDto | null> {
  const [row] = await sql<AccountDto[]>`
    select id, username, drk_balance::text as drk_balance, is_wanakt from users where id = ${userId}`;
  return row ?? null;
}

async function usernameTaken(sql: Queryable, username: string): Promise<boolean> {
  const rows = await sql`select 1 from users where lower(username) = lower(${username})`;
  return rows.length > 0;
}

const TAKEN = 'That username is already taken';

/** Creates the account, mints its starting balance and opens its first session, all at once. */
export async function register(sql: Sql, credentials: Credentials, now: Date): Promise<SignedIn> {
  if (await usernameTaken(sql, credentials.username)) throw conflict(TAKEN);
  const passwordHash = await hashPassword(credentials.password);
  const id = randomUUID();
  try {
    return await inTransaction(sql, async (tx) => {
      await tx`insert into users (id, username, password_hash) values (${id}, ${credentials.username}, ${passwordHash})`;
      await mint(tx, id, { amount: STARTING_BALANCE, reason: 'registration' });
      const token = await createSession(tx, id, now);
      return { account: (await readAccount(tx, id))!, token };
    });
  } catch (error) {
    if ((error as { code?: string }).code === '23505') throw conflict(TAKEN);
    throw error;
  }
}

function blockSeconds(failures: number): number {
  return failures < FREE_FAILURES ? 0 : Math.min(MAX_BLOCK_SECONDS, 2 ** (failures - FREE_FAILURES));
}

/** Checks the password and opens a fresh session, ending the one the browser presented. */
export async function login(sql: Sql, credentials: Credentials, previousToken: string | undefined, now: Date): Promise<SignedIn> {
  const [user] = await sql<{ id: string; password_hash: string; failed_logins: number; login_blocked_until: Date | null }[]>`
    select id, password_hash, failed_logins, login_blocked_until from users where lower(username) = lower(${credentials.username})`;
  if (user?.login_blocked_until && user.login_blocked_until > now) {
    const wait = Math.ceil((user.login_blocked_until.getTime() - now.getTime()) / 1000);
    throw tooManyRequests(`Too many failed logins for this account. Try again in ${wait} seconds.`);
  }
  const valid = await verifyPassword(credentials.password, user?.password_hash ?? UNUSABLE_HASH);
  if (!user || !valid) {
    if (user) {
      const failures = user.failed_logins + 1;
      const blockedUntil = new Date(now.getTime() + blockSeconds(failures) * 1000);
      await sql`update users set failed_logins = ${failures}, login_blocked_until = ${blockedUntil} where id = ${user.id}`;
    }
    throw unauthenticated('Invalid username or password');
  }
  return inTransaction(sql, async (tx) => {
    await tx`update users set failed_logins = 0, login_blocked_until = null where id = ${user.id}`;
    await endSession(tx, previousToken);
    const token = await createSession(tx, user.id, now);
    return { account: (await readAccount(tx, user.id))!, token };
  });
}
