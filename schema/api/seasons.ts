import { z } from 'zod';
import { SEASON_TASK_KEYS } from '../rules/seasons.ts';

/** How many places the season's standings list; every payout of the last season is listed. */
export const STANDINGS_SIZE = 50;
/** How many of the caller's actions that did not count the season page lists, newest first. */
export const REFUSALS_SHOWN = 20;

export const SeasonTaskDto = z
  .object({
    key: z.enum(SEASON_TASK_KEYS),
    name: z.string(),
    rule: z.string(),
    target: z.number().int().positive(),
    weight: z.number().int().positive(),
    /** The caller's progress toward the target; null for a visitor. */
    progress: z.number().int().nonnegative().nullable(),
    completed: z.boolean(),
  })
  .meta({ id: 'SeasonTask' });

export const SeasonStandingDto = z
  .object({ rank: z.number().int(), username: z.string(), weight: z.number().int(), tasks: z.number().int() })
  .meta({ id: 'SeasonStanding' });

/** An action of the caller's that did not count toward a task, and why. */
export const SeasonRefusalDto = z.object({ task: z.enum(SEASON_TASK_KEYS), at: z.string(), why: z.string() }).meta({ id: 'SeasonRefusal' });

export const SeasonDto = z
  .object({
    number: z.number().int().positive(),
    status: z.enum(['upcoming', 'running']),
    starts_at: z.string(),
    ends_at: z.string(),
    announced_at: z.string(),
    /** DRK of the Wanakt's treasury shared at the end, fixed when the season was announced. */
    pool: z.number().int().positive(),
    tasks: z.array(SeasonTaskDto),
    /** The weight of every task completed so far, all players together. */
    total_weight: z.number().int().nonnegative(),
    standings: z.array(SeasonStandingDto),
    /** The caller's weight, place and the actions that did not count; null for a visitor. */
    you: z
      .object({ weight: z.number().int().nonnegative(), rank: z.number().int().nullable(), not_counted: z.array(SeasonRefusalDto) })
      .nullable(),
  })
  .meta({ id: 'Season' });
export type SeasonDto = z.infer<typeof SeasonDto>;

export const SeasonPayoutDto = z
  .object({ username: z.string(), weight: z.number().int(), amount: z.number().int() })
  .meta({ id: 'SeasonPayout' });

export const PaidSeasonDto = z
  .object({
    number: z.number().int().positive(),
    starts_at: z.string(),
    ends_at: z.string(),
    pool: z.number().int().positive(),
    paid_at: z.string(),
    /** The pool when anyone had weight, 0 when nobody did (the pool then stays in the treasury). */
    paid_total: z.number().int().nonnegative(),
    payouts: z.array(SeasonPayoutDto),
  })
  .meta({ id: 'PaidSeason' });
export type PaidSeasonDto = z.infer<typeof PaidSeasonDto>;

/** GET /api/seasons/current: the running season (or, between seasons, the announced next one) and the last one paid. */
export const CurrentSeasonDto = z.object({ season: SeasonDto.nullable(), last: PaidSeasonDto.nullable() }).meta({ id: 'CurrentSeason' });
export type CurrentSeasonDto = z.infer<typeof CurrentSeasonDto>;
