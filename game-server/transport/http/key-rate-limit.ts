import { Redis } from 'ioredis';
import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';
import { API_KEY_RATE_LIMIT } from '../../../schema/api/api-keys.ts';

export interface KeyBudget {
  /** False when this request is over the budget. */
  allowed: boolean;
  limit: number;
  remaining: number;
  /** Seconds until the window resets. */
  resetSeconds: number;
}

/** Each API key's own request budget: per process, or shared by every process through Redis. */
export interface KeyRateLimiter {
  /** Spends one request of the key's budget and says whether there was one left. */
  consume(keyId: number): Promise<KeyBudget>;
  close(): Promise<void>;
}

const options = { points: API_KEY_RATE_LIMIT.requests, duration: API_KEY_RATE_LIMIT.seconds, keyPrefix: 'wanakt:api-key' };

export function createKeyRateLimiter(
  redisUrl?: string,
  budget: { points: number; duration: number; keyPrefix: string } = options,
): KeyRateLimiter {
  const memory = new RateLimiterMemory(budget);
  let redis: Redis | undefined;
  let limiter: RateLimiterAbstract = memory;
  if (redisUrl) {
    redis = new Redis(redisUrl, { enableOfflineQueue: false, lazyConnect: false });
    // While Redis is away each process keeps counting on its own, rather than letting keys run free.
    redis.on('error', () => undefined);
    limiter = new RateLimiterRedis({ ...budget, storeClient: redis, insuranceLimiter: memory });
  }
  const figures = (result: RateLimiterRes, allowed: boolean): KeyBudget => ({
    allowed,
    limit: budget.points,
    remaining: result.remainingPoints,
    resetSeconds: Math.max(1, Math.ceil(result.msBeforeNext / 1000)),
  });
  return {
    async consume(keyId) {
      try {
        return figures(await limiter.consume(String(keyId)), true);
      } catch (rejection) {
        if (!(rejection instanceof RateLimiterRes)) throw rejection;
        return figures(rejection, false);
      }
    },
    close: async () => {
      redis?.disconnect();
    },
  };
}
