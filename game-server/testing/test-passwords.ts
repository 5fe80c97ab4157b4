import { hashPassword, type ScryptCost } from '../domain/auth/passwords.ts';
import type { Sql } from '../infra/db/database.ts';
import { DEMO_USER_ID, WANAKT_USER_ID } from '../../schema/constants.ts';

// Known passwords for the seeded accounts in test databases only.
export const TEST_WANAKT_PASSWORD = 'wanakt-test-password';
export const TEST_DEMO_PASSWORD = 'sample-test-password';

/** A thousandth of the game's scrypt work: for hashes that only tests ever check. */
export const TEST_PASSWORD_COST: ScryptCost = { N: 2 ** 10, r: 8, p: 1 };

/**
 * Rehashes the seeded accounts' passwords at TEST_PASSWORD_COST in a test template. A password is
 * checked at the cost its hash was made with (domain/auth/passwords.ts), so every test login as the
 * Wanakt or the demo player, and every test server's start-up check of the configured passwords,
 * then takes a millisecond instead of a third of a second of the 2 cores: about a hundred servers
 * start and a few hundred logins run in one `npm test`.
 */
export async function cheapenSeededPasswords(sql: Sql): Promise<void> {
  for (const [id, password] of [
    [WANAKT_USER_ID, TEST_WANAKT_PASSWORD],
    [DEMO_USER_ID, TEST_DEMO_PASSWORD],
  ] as const) {
    await sql`update users set password_hash = ${await hashPassword(password, TEST_PASSWORD_COST)} where id = ${id}`;
  }
}
