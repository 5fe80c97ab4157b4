import { z } from 'zod';

/**
 * A player as GET /api/users answers it: public fields only. `drk_balance` (SPEC §3: a number
 * carried as a string) is there only for the player itself and for the Wanakt.
 */
export const PublicUserDto = z
  .object({ id: z.string(), username: z.string(), territory_count: z.number().int(), drk_balance: z.string().optional() })
  .meta({ id: 'PublicUser' });
export type PublicUserDto = z.infer<typeof PublicUserDto>;
