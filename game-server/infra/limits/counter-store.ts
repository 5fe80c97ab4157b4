import { RateLimiterMemory, RateLimiterPostgres, RateLimiterRedis, type RateLimiterAbstract } from 'rate-limiter-flexible';
import type { Sql } from '../db/database.ts';
import type { Logger } from '../logger.ts';
import { openRedis } from '../redis-client.ts';

export interface CounterRule {
  /** Names the counter; keys of different rules never meet. */
  name: string;
  points: number;
  /** The window, in seconds, over which `points` are counted. */
  seconds: number;
  /** Once the points are used up, how long the key stays refused (default: the rest of the window). */
  blockSeconds?: number;
}

export interface CounterStore {
  counter(rule: CounterRule): RateLimiterAbstract;
  /** Deletes counters that ran out long ago (the PostgreSQL store; Redis expires its own keys). */
  sweep(nowMs: number): Promise<number>;
  close(): Promise<void>;
}

/**
 * rate-limiter-flexible's PostgreSQL store speaks node-postgres (`query({ text, values })` →
 * `{ rows, rowCount }`); this is that call on top of postgres.js, so the counters live in the
 * game's own database and connection pool.
 */
function nodePostgresShape(sql: Sql) {
  return {
    query: async ({ text, values }: { text: string; values?: unknown[] }) => {
      const rows = await sql.unsafe(text, (values ?? []) as never[]);
      return { rows, rowCount: rows.count };
    },
  };
}

/**
 * Where every rate-limit counter lives: Redis when the processes share one (REDIS_URL), otherwise
 * the game's PostgreSQL (embedded or real), so every process counts in the same place either way.
 * Both stores count with one atomic statement (a Lua script, an upsert), which is what keeps 200
 * parallel requests from all seeing a counter below its limit.
 */
export function createCounterStore(options: { sql: Sql; redisUrl?: string; log?: Logger }): CounterStore {
  if (options.redisUrl) {
    // No offline queue: while Redis is away a count fails at once and the process counts in its own
    // memory instead (the insurance limiter), so a chat or a login answers within its usual time.
    const redis = openRedis(options.redisUrl, options.log, 'rate limits', { enableOfflineQueue: false, commandTimeout: 500 });
    return {
      counter: (rule) => {
        const limits = { points: rule.points, duration: rule.seconds, blockDuration: rule.blockSeconds ?? 0 };
        return new RateLimiterRedis({
          storeClient: redis,
          keyPrefix: `wanakt-rl:${rule.name}`,
          ...limits,
          insuranceLimiter: new RateLimiterMemory({ keyPrefix: `wanakt-rl-local:${rule.name}`, ...limits }),
        });
      },
      sweep: async () => 0,
      close: async () => {
        await redis.quit().catch(() => redis.disconnect());
      },
    };
  }
  const client = nodePostgresShape(options.sql);
  return {
    // A count the database cannot take (a cut connection, a lock past its time-out under a burst of
    // joins) falls back to the process's own memory, as with Redis away: a 500 would refuse a visitor
    // for the store's failure, not for the limit.
    counter: (rule) => {
      const limits = { points: rule.points, duration: rule.seconds, blockDuration: rule.blockSeconds ?? 0 };
      return new RateLimiterPostgres({
        storeClient: client,
        storeType: 'pool',
        tableName: 'rate_limits',
        tableCreated: true,
        clearExpiredByTimeout: false,
        keyPrefix: rule.name,
        ...limits,
        insuranceLimiter: new RateLimiterMemory({ keyPrefix: `local:${rule.name}`, ...limits }),
      });
    },
    sweep: async (nowMs) => (await options.sql`delete from rate_limits where expire < ${nowMs}`).count,
    close: async () => {},
  };
}
