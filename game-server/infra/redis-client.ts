import { Redis, type RedisOptions } from 'ioredis';
import type { Logger } from './logger.ts';

// While Redis is away, reconnect every half second at most: joins work again within a second of its
// return instead of after ioredis's back-off of up to 2 s per try, and a command waits for at most one
// reconnection before it fails instead of the default 20.
const FAST_RECONNECT: RedisOptions = {
  maxRetriesPerRequest: 1,
  retryStrategy: (times) => Math.min(times * 100, 500),
};

/**
 * A Redis connection of the game's own, for Colyseus's presence and driver and for the rate-limit
 * counters: its error events are logged once per outage (not left unhandled, which ioredis prints
 * for every reconnection attempt), and its return is logged too. A connection that was closed under
 * it (Redis restarted, the client killed) is never used stale: ioredis opens a new one at once,
 * subscribes it again, and what was sent meanwhile waits in the offline queue for it (or, with
 * `enableOfflineQueue: false`, fails at once for the caller's fallback).
 */
export function openRedis(url: string, log: Logger | undefined, role: string, options: RedisOptions = {}): Redis {
  // Named by role and process in CLIENT LIST, so an operator (or a test) can tell the game's
  // connections apart and end only the ones meant; the presence's subscriber copy keeps the name.
  const connectionName = `wanakt:${role.replace(/\W+/g, '-')}:${process.pid}`;
  const redis = new Redis(url, { ...FAST_RECONNECT, connectionName, ...options });
  let away = false;
  redis.on('error', (error: Error) => {
    if (away) return;
    away = true;
    log?.warn(`Redis (${role}) is unreachable: ${error.message}; retrying every 0.5 s`);
  });
  redis.on('ready', () => {
    if (!away) return;
    away = false;
    log?.info(`Redis (${role}) is back`);
  });
  return redis;
}
