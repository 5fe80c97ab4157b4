import type { Request, Response } from 'express';
import type { RateLimiterAbstract } from 'rate-limiter-flexible';
import type { ReadLimit } from '../../../../schema/reads/registry.ts';
import { DOOR_LIMITS, WORLD_READS_PER_MINUTE, type DoorLimits } from '../../../infra/limits/door-limits.ts';
import { limitText } from '../openapi/operation.ts';
import { byAddress, byPlayerOrAddress } from '../rate-limit.ts';

/**
 * A read's own limit, named by its declaration (schema/reads/registry.ts). One with a `counted`
 * rule is counted on every request before the read; one without is counted by the read's binding,
 * which alone knows when (the world's lists, counted in the process's memory).
 */
export interface LimitOfRead {
  counted?: {
    counter: (doors: DoorLimits) => RateLimiterAbstract;
    keyOf: (req: Request, res: Response) => string;
    refusal: string;
  };
  /** How the OpenAPI document states it. */
  documented: string;
}

export const READ_LIMITS: Record<ReadLimit, LimitOfRead> = {
  marketplace: {
    counted: { counter: (doors) => doors.marketplace, keyOf: byAddress, refusal: 'Too many marketplace searches from your address.' },
    documented: limitText(DOOR_LIMITS.marketplace, 'client address'),
  },
  // The public economy needs no session, so it is counted per address.
  economy: {
    counted: { counter: (doors) => doors.economy, keyOf: byAddress, refusal: 'Too many economy requests.' },
    documented: limitText(DOOR_LIMITS.economy, 'client address'),
  },
  statement: {
    counted: { counter: (doors) => doors.statement, keyOf: byPlayerOrAddress, refusal: 'Too many statement requests.' },
    documented: limitText(DOOR_LIMITS.statement, 'player'),
  },
  // Anyone may read a profile, so each reader has a budget.
  profile: {
    counted: { counter: (doors) => doors.profile, keyOf: byPlayerOrAddress, refusal: 'Too many profile requests.' },
    documented: limitText(DOOR_LIMITS.profile, 'player, or address before log-in'),
  },
  // An alliance's page, the standings and the tags beside names: anyone may read them.
  alliance: {
    counted: { counter: (doors) => doors.alliance, keyOf: byPlayerOrAddress, refusal: 'Too many alliance requests.' },
    documented: limitText(DOOR_LIMITS.alliance, 'player, or address before log-in'),
  },
  // The world's lists: counted by routes/world-reads.ts in the process's memory, as a shared counter would cost more than the read.
  world: { documented: `${WORLD_READS_PER_MINUTE} per 60 s per client address and server process (WORLD_READS_PER_MINUTE)` },
  'world-changes': { documented: `with since, also ${limitText(DOOR_LIMITS.worldChanges, 'client address')}` },
};
