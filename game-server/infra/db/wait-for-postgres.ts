import postgres from 'postgres';
import { waitUntilUp, type WaitOptions } from '../wait-until-up.ts';

/** Start-up gave up on the database: its message is one line, meant for the operator, not a stack. */
export class DatabaseUnavailableError extends Error {}

// Errors that mean "not there yet" (the server is starting, the network or DNS is not up): worth
// waiting for. A wrong password or a missing database will not fix itself, so those end at once.
const TRANSIENT = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EHOSTUNREACH',
  'CONNECT_TIMEOUT',
  '57P03',
]);

/**
 * Tries a PostgreSQL server until it answers or `seconds` have passed, saying one line per try.
 * Other failures (authentication, a database that does not exist) end at once, in one line.
 */
export async function waitForPostgres(url: string, options: WaitOptions): Promise<void> {
  const parsed = new URL(url);
  await waitUntilUp(
    {
      name: `PostgreSQL at ${parsed.hostname}:${parsed.port || 5432}`,
      urlSetting: 'DATABASE_URL',
      waitSetting: 'DATABASE_WAIT_SECONDS',
      probe: async () => {
        const probe = postgres(url, { max: 1, connect_timeout: 5, onnotice: () => {} });
        try {
          await probe`select 1`;
        } finally {
          await probe.end({ timeout: 1 }).catch(() => {});
        }
      },
      transient: (error) => TRANSIENT.has(String((error as { code?: string }).code ?? '')),
      unavailable: (message) => new DatabaseUnavailableError(message),
    },
    options,
  );
}
