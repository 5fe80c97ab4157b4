import { z } from 'zod';
import { PageDto, pageFields } from './pages.ts';

/**
 * A player as GET /api/users answers it: public fields only. `drk_balance` (docs/rules.md §3: a number
 * carried as a string) is there only for the player itself and for the Wanakt.
 */
export const PublicUserDto = z
  .object({ id: z.string(), username: z.string(), territory_count: z.number().int(), drk_balance: z.string().optional() })
  .meta({ id: 'PublicUser' });
export type PublicUserDto = z.infer<typeof PublicUserDto>;

/** GET /api/users pages by name without case, then id; without limit or cursor it answers everyone. */
export const UsersPageQuery = z.object(
  pageFields(z.tuple([z.string().max(100), z.string().min(1).max(100)]), ['alice', 'b1d9c3a0-0000-4000-8000-000000000001']),
);
export const PublicUsersPage = PageDto(PublicUserDto, 'PublicUsersPage');
