import type { Sql } from '../../infra/db/database.ts';
import { nameSkeleton } from './name-skeleton.ts';

// Start-up's own write, before the process serves anyone (scripts/boundaries.ts, NOT_COMMANDS): a
// statement per account, so a clash with another process starting at the same moment skips that
// one account instead of undoing the rest.

/**
 * Gives every account made before skeletons existed its skeleton, oldest first. An old name whose
 * skeleton an older account already holds keeps working but holds none (so it blocks nobody).
 */
export async function backfillNameSkeletons(sql: Sql): Promise<number> {
  const rows = await sql<{ id: string; username: string }[]>`
    select id, username from users where name_skeleton is null order by created_at, id`;
  let filled = 0;
  for (const row of rows) {
    const skeleton = nameSkeleton(row.username);
    const done = await sql`
      update users set name_skeleton = ${skeleton}
       where id = ${row.id} and name_skeleton is null
         and not exists (select 1 from users where name_skeleton = ${skeleton})`.catch((error: { code?: string }) => {
      if (error.code === '23505') return { count: 0 };
      throw error;
    });
    filled += done.count;
  }
  return filled;
}
