import { z } from 'zod';
import { IdField } from './ids.ts';

/** A territory a newcomer may take as its first. */
export const StarterChoiceDto = z
  .object({
    id: z.number().int(),
    name: z.string(),
    type: z.enum(['village', 'common']),
    monthly_revenue: z.number(),
    /** What it would pay a newcomer holding it alone each month (docs/rules.md §9), as the revenue center will show it. */
    monthly_earnings: z.number().int(),
    /** The territory above it, whose owner the newcomer will pay rent to, or null. */
    overlord: z.string().nullable(),
    latitude: z.string(),
    longitude: z.string(),
  })
  .meta({ id: 'StarterChoice' });
export type StarterChoiceDto = z.infer<typeof StarterChoiceDto>;

export const FirstStepsDto = z
  .object({
    /** The starter price the claim costs, from the starting grant. */
    price: z.number().int(),
    /** Why this player cannot claim, or null when it can. */
    refusal: z.string().nullable(),
    /** The territory this player claimed as its first, once it has. */
    claimed: z
      .object({
        id: z.number().int(),
        name: z.string(),
        monthly_revenue: z.number(),
        /** What it pays its holder each month now, the revenue center's figure for it. */
        monthly_earnings: z.number().int(),
      })
      .nullable(),
    choices: z.array(StarterChoiceDto),
  })
  .meta({ id: 'FirstSteps' });
export type FirstStepsDto = z.infer<typeof FirstStepsDto>;

export const StarterClaimBody = z.strictObject({ territoryId: IdField('Territory id') });
export type StarterClaimBody = z.infer<typeof StarterClaimBody>;
