import postgres from 'postgres';

/** Start-up gave up on the database: its message is one line, meant for the operator, not a stack. */
export class DatabaseUnavailableError extends Error {}

// Errors that mean "not there yet" (the server is starting, the network or DNS is not up): worth
// waiting for. A wrong password or a missing database will not fix itself, so those end at once.
const TRANSIENT = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH', 'CONNECT_TIMEOUT', '57P03']);

export interface WaitOptions {
  seconds: number;
  say(line: string): void;
  /** The composition root's clock: how long has been waited. */
  clock: () => Date;
  /** Pause between tries; tests pass a short one. */
  pauseMs?: number;
}

/**
 * Tries a PostgreSQL server until it answers or `seconds` have passed, saying one line per try.
 * Other failures (authentication, a database that does not exist) end at once, in one line.
 */
export async function waitForPostgres(url: string, options: WaitOptions): Promise<void> {
  const parsed = new URL(url);
  const where = `${parsed.hostname}:${parsed.port || 5432}`;
  const deadline = options.clock().getTime() + options.seconds * 1000;
  for (;;) {
    const probe = postgres(url, { max: 1, connect_timeout: 5, onnotice: () => {} });
    try {
      await probe`select 1`;
      return;
    } catch (error) {
      const code = String((error as { code?: string }).code ?? '');
      const reason = (error as Error).message.split('\n')[0];
      if (!TRANSIENT.has(code)) throw new DatabaseUnavailableError(`Cannot use PostgreSQL at ${where}: ${reason}`);
      if (options.clock().getTime() >= deadline) {
        throw new DatabaseUnavailableError(
          `PostgreSQL at ${where} did not answer within ${options.seconds} s (${reason}). Start it, or check DATABASE_URL; DATABASE_WAIT_SECONDS sets how long to wait.`,
        );
      }
      options.say(`Waiting for PostgreSQL at ${where} …`);
      await new Promise((resolve) => setTimeout(resolve, options.pauseMs ?? 1000));
    } finally {
      await probe.end({ timeout: 1 }).catch(() => {});
    }
  }
}
