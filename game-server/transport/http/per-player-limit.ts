import type { RequestHandler } from 'express';
import { RateLimiterMemory } from 'rate-limiter-flexible';
import { byAddress } from './rate-limit.ts';
import { currentUser } from './session.ts';

/**
 * At most `points` requests per `seconds` from one player (or, before log-in, one address) on the
 * routes it guards; over that, a 429 with the JSON message every error carries.
 */
export function perPlayerLimit(points: number, seconds: number): RequestHandler {
  const limiter = new RateLimiterMemory({ points, duration: seconds });
  return async (req, res, next) => {
    try {
      await limiter.consume(currentUser(res)?.id ?? byAddress(req));
      next();
    } catch {
      res.status(429).json({ message: 'Too many requests, please slow down' });
    }
  };
}
