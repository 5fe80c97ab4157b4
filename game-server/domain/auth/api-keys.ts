import { createHash, randomBytes } from 'node:crypto';
import {
  API_KEY_PREFIX,
  API_KEY_SHOWN_CHARACTERS,
  MAX_API_KEYS_PER_USER,
  type ApiKeyDto,
  type ApiKeyScope,
  type CreateApiKeyBody,
  type CreatedApiKeyDto,
} from '../../../schema/api/api-keys.ts';
import type { Queryable } from '../../infra/db/database.ts';
import { conflict, notFound } from '../../errors.ts';
import type { Work } from '../service-deps.ts';

/**
 * A key is 32 random bytes, so nobody can guess one or try a dictionary against a leaked hash:
 * a fast SHA-256 protects it as well as a slow password hash would, and lets every request find
 * its key with one indexed lookup.
 */
export function hashKey(key: string): string {
  return createHash('sha256').update(key).digest('hex');
}

interface ApiKeyRow {
  id: number;
  name: string;
  scopes: ApiKeyScope[];
  prefix: string;
  created_at: Date;
  last_used_at: Date | null;
  revoked_at: Date | null;
}

const toDto = (row: ApiKeyRow): ApiKeyDto => ({
  id: row.id,
  name: row.name,
  scopes: row.scopes,
  prefix: row.prefix,
  created_at: row.created_at.toISOString(),
  last_used_at: row.last_used_at?.toISOString() ?? null,
  revoked_at: row.revoked_at?.toISOString() ?? null,
});

/** Makes a key for its owner in the command's transaction; the key itself is shown this once and kept only as a hash. */
export async function createApiKey({ tx, now }: Work, userId: string, body: CreateApiKeyBody): Promise<CreatedApiKeyDto> {
  const key = `${API_KEY_PREFIX}${randomBytes(32).toString('base64url')}`;
  const prefix = key.slice(0, API_KEY_SHOWN_CHARACTERS);
  // The owner's row is locked so two creations at once cannot both pass the count.
  await tx`select 1 from users where id = ${userId} for no key update`;
  const [{ live }] = await tx<{ live: number }[]>`
    select count(*)::int as live from api_keys where user_id = ${userId} and revoked_at is null`;
  if (live >= MAX_API_KEYS_PER_USER) throw conflict(`You can hold at most ${MAX_API_KEYS_PER_USER} keys: revoke one first`);
  const [row] = await tx<ApiKeyRow[]>`
    insert into api_keys (user_id, name, scopes, key_hash, prefix, created_at)
    values (${userId}, ${body.name}, ${body.scopes}, ${hashKey(key)}, ${prefix}, ${now})
    returning id, name, scopes, prefix, created_at, last_used_at, revoked_at`;
  return { ...toDto(row!), key };
}

/** The owner's keys, newest first, revoked ones included so the owner sees what was stopped. */
export async function listApiKeys(sql: Queryable, userId: string): Promise<ApiKeyDto[]> {
  const rows = await sql<ApiKeyRow[]>`
    select id, name, scopes, prefix, created_at, last_used_at, revoked_at
      from api_keys where user_id = ${userId} order by id desc`;
  return rows.map(toDto);
}

/** Stops a key of its owner in the command's transaction; revoking a revoked key keeps its first time. */
export async function revokeApiKey({ tx, now }: Work, userId: string, keyId: number): Promise<ApiKeyDto> {
  const [row] = await tx<ApiKeyRow[]>`
    update api_keys set revoked_at = coalesce(revoked_at, ${now})
     where id = ${keyId} and user_id = ${userId}
    returning id, name, scopes, prefix, created_at, last_used_at, revoked_at`;
  // Someone else's key answers exactly as a missing one, so ids reveal nothing.
  if (!row) throw notFound('API key not found');
  return toDto(row);
}
