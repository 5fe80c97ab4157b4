import type { PublicUserDto } from '../../schema/api/users.ts';
import type { Queryable } from '../db/database.ts';
import { notFound } from '../errors.ts';
import type { SessionUser } from './sessions.ts';

interface UserRow {
  id: string;
  username: string;
  territory_count: number;
  drk_balance: string;
}

/** Balances are private: the player sees its own, the Wanakt sees everyone's. */
function publicView(row: UserRow, viewer: SessionUser | null): PublicUserDto {
  const user: PublicUserDto = { id: row.id, username: row.username, territory_count: row.territory_count };
  if (viewer && (viewer.is_wanakt || viewer.id === row.id)) user.drk_balance = row.drk_balance;
  return user;
}

// Named columns only: the password hash and login counters never leave this query.
async function userRows(sql: Queryable, id: string | null): Promise<UserRow[]> {
  return sql<UserRow[]>`
    select u.id, u.username, u.drk_balance::text,
           (select count(*)::int from territories t where t.owner_id = u.id) as territory_count
      from users u
     ${id === null ? sql`` : sql`where u.id = ${id}`}
     order by lower(u.username), u.id`;
}

export async function readPublicUser(sql: Queryable, id: string, viewer: SessionUser | null): Promise<PublicUserDto> {
  const [row] = await userRows(sql, id);
  if (!row) throw notFound('User not found');
  return publicView(row, viewer);
}

export async function listPublicUsers(sql: Queryable, viewer: SessionUser | null): Promise<PublicUserDto[]> {
  return (await userRows(sql, null)).map((row) => publicView(row, viewer));
}
