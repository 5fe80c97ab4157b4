import { API_KEY_PREFIX, type ApiKeyScope } from '../../../schema/api/api-keys.ts';
import type { Sql } from '../../infra/db/database.ts';
import { hashKey } from './api-keys.ts';
import type { SessionUser } from './sessions.ts';

// A key's use, apart from the key commands of api-keys.ts: a key is resolved on every request it
// authenticates, reads included, which run no command and hold no transaction, so marking it used
// is authentication's own write (scripts/boundaries.ts, NOT_COMMANDS), as a login's is.

/** Writing last_used_at on every call would turn each read into a write; a minute is precise enough. */
export const LAST_USED_PRECISION_MS = 60_000;

export interface KeyHolder {
  keyId: number;
  scopes: ApiKeyScope[];
  /** The key's owner, never with the Wanakt's powers: a key acts as a player. */
  user: SessionUser;
}

/** The live key this bearer token names, or null; marks it used at most once a minute. */
export async function resolveApiKey(sql: Sql, key: string, now: Date): Promise<KeyHolder | null> {
  if (!key.startsWith(API_KEY_PREFIX) || key.length > 100) return null;
  const [row] = await sql<{ id: number; scopes: ApiKeyScope[]; last_used_at: Date | null; user_id: string; username: string }[]>`
    select k.id, k.scopes, k.last_used_at, u.id as user_id, u.username
      from api_keys k join users u on u.id = k.user_id
     where k.key_hash = ${hashKey(key)} and k.revoked_at is null`;
  if (!row) return null;
  if (!row.last_used_at || now.getTime() - row.last_used_at.getTime() >= LAST_USED_PRECISION_MS) {
    await sql`
      update api_keys set last_used_at = ${now}
       where id = ${row.id} and (last_used_at is null or last_used_at <= ${new Date(now.getTime() - LAST_USED_PRECISION_MS)})`;
  }
  return { keyId: row.id, scopes: row.scopes, user: { id: row.user_id, username: row.username, is_wanakt: false } };
}
