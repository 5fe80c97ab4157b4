import { Redis } from 'ioredis';
import { waitUntilUp, type WaitOptions } from './wait-until-up.ts';

/** Start-up gave up on Redis: its message is one line, meant for the operator, not a stack. */
export class RedisUnavailableError extends Error {}

// Errors that mean "not there yet" (the server is starting or restarting, the network or DNS is not
// up, it is still loading its data): worth waiting for. A wrong password will not fix itself.
const TRANSIENT = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH', 'EPIPE']);

/**
 * Tries Redis until it answers PING or `seconds` have passed, saying one line per try, as start-up
 * waits for PostgreSQL: Colyseus's matchmaking cannot start without it, and a process restarted
 * while Redis is away should come up with it rather than exit. Other failures end at once.
 */
export async function waitForRedis(url: string, options: WaitOptions): Promise<void> {
  const parsed = new URL(url);
  await waitUntilUp(
    {
      name: `Redis at ${parsed.hostname}:${parsed.port || 6379}`,
      urlSetting: 'REDIS_URL',
      waitSetting: 'REDIS_WAIT_SECONDS',
      probe: async () => {
        const probe = new Redis(url, {
          lazyConnect: true,
          maxRetriesPerRequest: 0,
          retryStrategy: () => null,
          enableOfflineQueue: false,
          connectTimeout: 2000,
        });
        // A failed connection also emits `error`; the awaited calls are where it is handled.
        probe.on('error', () => {});
        try {
          await probe.connect();
          await probe.ping();
        } finally {
          probe.disconnect();
        }
      },
      transient: (error) => {
        const { code, message } = error as Error & { code?: string };
        return TRANSIENT.has(code ?? '') || /^LOADING|Connection is closed/.test(message);
      },
      unavailable: (message) => new RedisUnavailableError(message),
    },
    options,
  );
}
