import type { Queryable, Tx } from '../../infra/db/database.ts';
import type { LoginLimits } from '../../infra/limits/door-limits.ts';
import { take } from '../../infra/limits/take.ts';

export interface LoginAttempt {
  /** The name as typed, folded as names are compared. */
  name: string;
  address: string;
  /** The account the name belongs to, or null for a name nobody has (counted all the same). */
  userId: string | null;
}

/** What to do with the counters once the password has been checked. */
export type SettleAttempt = (passwordWasRight: boolean) => Promise<void>;

/**
 * Records that the account logged in from this address, in the transaction that opens its session
 * (registration's or login's): the per-account counter skips it from then on.
 */
export async function rememberAddress(tx: Tx, userId: string, address: string, now: Date): Promise<void> {
  await tx`
    insert into login_addresses (user_id, address, last_login_at) values (${userId}, ${address}, ${now})
    on conflict (user_id, address) do update set last_login_at = excluded.last_login_at`;
}

async function knownAddress(sql: Queryable, userId: string, address: string): Promise<boolean> {
  const rows = await sql`select 1 from login_addresses where user_id = ${userId} and address = ${address}`;
  return rows.length > 0;
}

/**
 * Counts a login attempt as a failure before its password is checked, so a burst of parallel
 * guesses is cut at the limit by the counters' atomic increments rather than after all of them
 * were evaluated; a right password then gives the points back. Three counters, as OWASP describes:
 * per name and address (consecutive failures), per address (slow guessing across names), and per
 * account (guessing from many addresses). The per-account one skips addresses that logged in to
 * the account before: an attacker elsewhere can exhaust it, but not lock the owner out of a place
 * the owner used. An owner on a new address is still only held by the first two counters, which
 * a stranger elsewhere cannot touch; it waits only while its account is under a spread-out attack.
 */
export async function admitLoginAttempt(sql: Queryable, limits: LoginLimits, attempt: LoginAttempt): Promise<SettleAttempt> {
  const nameKey = `${attempt.name}|${attempt.address}`;
  await take(limits.perNameAndAddress, nameKey, 'Too many failed logins for this account from your address.');
  await take(limits.perAddress, attempt.address, 'Too many failed logins from your address.');
  const countsForAccount = attempt.userId !== null && !(await knownAddress(sql, attempt.userId, attempt.address));
  if (countsForAccount) {
    await take(limits.perAccount, attempt.userId!, 'Too many failed logins for this account from addresses it does not know.');
  }
  return async (passwordWasRight) => {
    if (!passwordWasRight || attempt.userId === null) return;
    await Promise.all([
      limits.perNameAndAddress.delete(nameKey),
      limits.perAddress.reward(attempt.address, 1),
      countsForAccount ? limits.perAccount.reward(attempt.userId, 1) : undefined,
    ]);
  };
}
