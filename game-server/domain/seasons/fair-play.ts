import type { Queryable } from '../../infra/db/database.ts';

// docs/rules.md §10 "Fair play": a season's tasks count real play only. Whether two accounts are
// one person's is the linking service's answer (domain/fair-play/links.ts); these are the season's
// own reasons an action does not count.

export const NOT_VERIFIED =
  'Your account had no verified e-mail address that day: add and verify one on the account page, and your days of play count from then.';
export const PAID_LATE = 'This rent was paid after its due date.';
export const LAND_GIVEN = 'Land given to you or assigned by the Wanakt completes no task: only land you bought counts toward regions.';
export const LAND_COUNTED =
  'This territory already counted toward regions for another player this season: a territory counts for its first holder only.';

/** Whether the account has a verified e-mail address (migration 0035's column). */
export async function hasVerifiedEmail(tx: Queryable, userId: string): Promise<boolean> {
  const [row] = await tx<{ verified: boolean }[]>`select email_verified_at is not null as verified from users where id = ${userId}`;
  return row?.verified ?? false;
}
