import { createHash, randomBytes } from 'node:crypto';
import type { ActingUser } from '../../schema/commands/policy.ts';
import type { Queryable } from '../db/database.ts';

export const SESSION_COOKIE = 'wanakt_session';
export const SESSION_TTL_MS = 30 * 24 * 60 * 60 * 1000;

/** The user a session belongs to: the actor of every command sent with it. */
export type SessionUser = ActingUser;

function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

export async function createSession(tx: Queryable, userId: string, now: Date): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  const expires = new Date(now.getTime() + SESSION_TTL_MS);
  await tx`insert into sessions (token_hash, user_id, expires_at) values (${hashToken(token)}, ${userId}, ${expires})`;
  return token;
}

export async function resolveSession(sql: Queryable, token: string | undefined, now: Date): Promise<SessionUser | null> {
  if (!token || token.length > 100) return null;
  const [user] = await sql<SessionUser[]>`
    select u.id, u.username, u.is_wanakt
      from sessions s join users u on u.id = s.user_id
     where s.token_hash = ${hashToken(token)} and s.expires_at > ${now}`;
  return user ?? null;
}

export async function endSession(sql: Queryable, token: string | undefined): Promise<void> {
  if (!token) return;
  await sql`delete from sessions where token_hash = ${hashToken(token)}`;
}
