import { RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';
import { tooManyRequests } from '../../errors.ts';

export const secondsUntil = (refused: RateLimiterRes) => Math.max(1, Math.ceil(refused.msBeforeNext / 1000));

/**
 * Takes one point from `key`'s counter, or refuses with a 429 that says when to come back. The
 * store counts atomically, so however many requests race, no more than the limit get through.
 */
export async function take(counter: RateLimiterAbstract, key: string, refusal: string): Promise<void> {
  try {
    await counter.consume(key);
  } catch (error) {
    if (!(error instanceof RateLimiterRes)) throw error;
    const wait = secondsUntil(error);
    throw tooManyRequests(`${refusal} Try again in ${wait} seconds.`, wait);
  }
}
