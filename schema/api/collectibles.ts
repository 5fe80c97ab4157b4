import { z } from 'zod';
import type { CollectibleType, Rarity } from '../constants.ts';
import { UserIdField } from './ids.ts';

/** SPEC §3 "Collectible": an owned one is shown as 'Applied' or 'In Collection'. */
export type CollectibleLabel = 'Available' | 'Applied' | 'In Collection';

export interface CollectibleDto {
  id: number;
  name: string;
  description: string;
  type: CollectibleType;
  rarity: Rarity;
  serial_number: number;
  price: number;
  owner_id: string | null;
  is_active: boolean;
  label: CollectibleLabel;
  acquired_at: string | null;
}

/** The answer of a purchase, an apply and an unapply. */
export interface CollectibleActionDto {
  message: string;
  collectible: CollectibleDto;
}

/** POST /api/collectibles/{id}/purchase, /apply and /unapply: `userId` must be the session's user. */
export const CollectibleActionBody = z.object({ userId: UserIdField.optional() });
