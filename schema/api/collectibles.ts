import { z } from 'zod';
import { COLLECTIBLE_TYPES, RARITIES } from '../constants.ts';
import { UserIdField } from './ids.ts';

/** docs/rules.md §3 "Collectible": an owned one is shown as 'Applied' or 'In Collection'. */
export const COLLECTIBLE_LABELS = ['Available', 'Applied', 'In Collection'] as const;

export const CollectibleDto = z
  .object({
    id: z.number().int(),
    name: z.string(),
    description: z.string(),
    type: z.enum(COLLECTIBLE_TYPES),
    rarity: z.enum(RARITIES),
    serial_number: z.number().int(),
    price: z.number(),
    owner_id: z.string().nullable(),
    is_active: z.boolean(),
    label: z.enum(COLLECTIBLE_LABELS),
    acquired_at: z.string().nullable(),
  })
  .meta({ id: 'Collectible' });
export type CollectibleDto = z.infer<typeof CollectibleDto>;

/** The answer of a purchase, an apply and an unapply. */
export const CollectibleActionDto = z.object({ message: z.string(), collectible: CollectibleDto }).meta({ id: 'CollectibleAction' });
export type CollectibleActionDto = z.infer<typeof CollectibleActionDto>;

/** POST /api/collectibles/{id}/purchase, /apply and /unapply: `userId` must be the session's user. */
export const CollectibleActionBody = z.object({ userId: UserIdField.optional() });
