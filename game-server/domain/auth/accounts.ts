import { randomUUID } from 'node:crypto';
import { STARTING_BALANCE } from '../../../schema/constants.ts';
import type { AccountDto } from '../../../schema/api/user.ts';
import { inTransaction, type Queryable, type Sql } from '../../infra/db/database.ts';
import { mint } from '../economy/ledger.ts';
import { notify } from '../notifications/notifications.ts';
import { startingGrant } from '../../../schema/rules/notifications.ts';
import { nameProblem, normaliseName, RESERVED_NAME_MESSAGE } from '../../../schema/rules/names.ts';
import { conflict, unauthenticated } from '../../errors.ts';
import type { LoginLimits } from '../../infra/limits/door-limits.ts';
import { admitLoginAttempt, rememberAddress } from './login-guard.ts';
import { isReservedName, nameSkeleton } from '../names/name-skeleton.ts';
import { hashPassword, UNUSABLE_HASH, verifyPassword } from './passwords.ts';
import { createSession, endSession } from './sessions.ts';
import { holdInForce, placeTradeHold, type HoldColumns } from '../holds/trade-holds.ts';

export interface Credentials {
  username: string;
  password: string;
}

export interface SignedIn {
  account: AccountDto;
  token: string;
}

export async function readAccount(sql: Queryable, userId: string, now: Date): Promise<AccountDto | null> {
  const [row] = await sql<(Omit<AccountDto, 'trade_hold'> & HoldColumns)[]>`
    select id, username, drk_balance::text as drk_balance, is_wanakt, trade_hold_reason, trade_hold_until from users where id = ${userId}`;
  if (!row) return null;
  const { trade_hold_reason, trade_hold_until, ...account } = row;
  return { ...account, trade_hold: holdInForce({ trade_hold_reason, trade_hold_until }, now) };
}

const TAKEN = 'That username is already taken';
const LOOKALIKE = "That username looks like an existing player's name: choose another";

/** A new name, normalised, or the 409 that says why it cannot be had. */
function chooseName(raw: string): { username: string; skeleton: string } {
  const username = normaliseName(raw);
  const problem = nameProblem(username);
  if (problem) throw conflict(problem);
  if (isReservedName(username)) throw conflict(RESERVED_NAME_MESSAGE);
  return { username, skeleton: nameSkeleton(username) };
}

async function nameClash(sql: Queryable, username: string, skeleton: string): Promise<string | null> {
  const [row] = await sql<{ same: boolean }[]>`
    select lower(username) = lower(${username}) as same from users
     where lower(username) = lower(${username}) or name_skeleton = ${skeleton}
     order by same desc limit 1`;
  if (!row) return null;
  return row.same ? TAKEN : LOOKALIKE;
}

/**
 * Creates the account, mints its starting balance (with a notice that says so) and opens its first session, all at once. The
 * name's skeleton is unique in the database, so two lookalikes registered at the same moment
 * cannot both get in.
 */
export async function register(sql: Sql, credentials: Credentials, now: Date, address: string): Promise<SignedIn> {
  const { username, skeleton } = chooseName(credentials.username);
  const clash = await nameClash(sql, username, skeleton);
  if (clash) throw conflict(clash);
  const passwordHash = await hashPassword(credentials.password);
  const id = randomUUID();
  try {
    return await inTransaction(sql, async (tx) => {
      await tx`
        insert into users (id, username, name_skeleton, password_hash, created_at) values (${id}, ${username}, ${skeleton}, ${passwordHash}, ${now})`;
      await mint(tx, id, { amount: STARTING_BALANCE, reason: 'registration' }, now);
      // The bell says where the first DRK came from. No event: no page of this new player is open to hear it live.
      await notify(tx, [startingGrant(id, STARTING_BALANCE)], now);
      // The address registered from is one the account uses, as a login's is (docs/rules.md §10 "Fair play").
      await rememberAddress(tx, id, address, now);
      const token = await createSession(tx, id, now);
      return { account: (await readAccount(tx, id, now))!, token };
    });
  } catch (error) {
    if ((error as { code?: string }).code === '23505') throw conflict((await nameClash(sql, username, skeleton)) ?? TAKEN);
    throw error;
  }
}

/**
 * Whether a login comes from a network (an IPv4 address, an IPv6 /64, as the fair-play links count
 * them) the account never logged in or registered from, when it has used others: the sign of a
 * stolen password that docs/rules.md §4 "Trade holds" answers.
 */
async function fromNewNetwork(tx: Queryable, userId: string, address: string): Promise<boolean> {
  const [seen] = await tx<{ used: boolean; known: boolean }[]>`
    select count(*) > 0 as used, coalesce(bool_or(network_of(address) = network_of(${address})), false) as known
      from login_addresses where user_id = ${userId}`;
  return seen.used && !seen.known;
}

/**
 * Checks the password and opens a fresh session, ending the one the browser presented. The attempt
 * is counted before the hash is checked (see admitLoginAttempt); the account's own name is looked
 * up as typed, so names registered before normalisation keep logging in.
 */
export async function login(
  sql: Sql,
  limits: LoginLimits,
  credentials: Credentials,
  from: { address: string; previousToken: string | undefined },
  now: Date,
): Promise<SignedIn> {
  const [user] = await sql<{ id: string; password_hash: string }[]>`
    select id, password_hash from users where lower(username) = lower(${credentials.username})`;
  const settle = await admitLoginAttempt(sql, limits, {
    name: normaliseName(credentials.username).toLowerCase(),
    address: from.address,
    userId: user?.id ?? null,
  });
  const valid = await verifyPassword(credentials.password, user?.password_hash ?? UNUSABLE_HASH);
  await settle(valid);
  if (!user || !valid) throw unauthenticated('Invalid username or password');
  return inTransaction(sql, async (tx) => {
    await endSession(tx, from.previousToken);
    if (await fromNewNetwork(tx, user.id, from.address)) await placeTradeHold(tx, user.id, 'new_network', now);
    await rememberAddress(tx, user.id, from.address, now);
    const token = await createSession(tx, user.id, now);
    return { account: (await readAccount(tx, user.id, now))!, token };
  });
}
