import { takePage, type KeyedPage, type PageRequest } from '../../../schema/api/pages.ts';
import type { PublicUserDto } from '../../../schema/api/users.ts';
import type { Queryable } from '../../infra/db/database.ts';
import { notFound } from '../../errors.ts';
import type { SessionUser } from './sessions.ts';

interface UserRow {
  id: string;
  username: string;
  territory_count: number;
  drk_balance: string;
  sort_name: string;
}

/** Where GET /api/users sorts a player: its name without case, then its id. */
export type UserKey = [name: string, id: string];

/** Balances are private: the player sees its own, the Wanakt sees everyone's. */
function publicView(row: UserRow, viewer: SessionUser | null): PublicUserDto {
  const user: PublicUserDto = { id: row.id, username: row.username, territory_count: row.territory_count };
  if (viewer && (viewer.is_wanakt || viewer.id === row.id)) user.drk_balance = row.drk_balance;
  return user;
}

// Named columns only: the password hash and login counters never leave this query.
async function userRows(sql: Queryable, only: { id: string } | { after: UserKey | null; limit: number } | null): Promise<UserRow[]> {
  return sql<UserRow[]>`
    select u.id, u.username, u.drk_balance::text, lower(u.username) as sort_name,
           (select count(*)::int from territories t where t.owner_id = u.id) as territory_count
      from users u
     ${only && 'id' in only ? sql`where u.id = ${only.id}` : only?.after ? sql`where (lower(u.username), u.id) > (${only.after[0]}, ${only.after[1]})` : sql``}
     order by lower(u.username), u.id
     ${only && 'limit' in only ? sql`limit ${only.limit}` : sql``}`;
}

export async function readPublicUser(sql: Queryable, id: string, viewer: SessionUser | null): Promise<PublicUserDto> {
  const [row] = await userRows(sql, { id });
  if (!row) throw notFound('User not found');
  return publicView(row, viewer);
}

export async function listPublicUsers(sql: Queryable, viewer: SessionUser | null): Promise<PublicUserDto[]> {
  return (await userRows(sql, null)).map((row) => publicView(row, viewer));
}

export async function pagePublicUsers(
  sql: Queryable,
  viewer: SessionUser | null,
  page: PageRequest<UserKey>,
): Promise<KeyedPage<PublicUserDto, UserKey>> {
  const rows = await userRows(sql, { after: page.after, limit: page.limit + 1 });
  const { rows: kept, next } = takePage(rows, page.limit, (row): UserKey => [row.sort_name, row.id]);
  return { rows: kept.map((row) => publicView(row, viewer)), next };
}
