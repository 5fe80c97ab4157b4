import { createHash, randomBytes } from 'node:crypto';
import type { ActingUser } from '../../../schema/commands/policy.ts';
import type { Queryable, Tx } from '../../infra/db/database.ts';
import { emit } from '../../infra/events/outbox.ts';

export const SESSION_COOKIE = 'wanakt_session';
export const SESSION_TTL_MS = 30 * 24 * 60 * 60 * 1000;

/** The user a session belongs to: the actor of every command sent with it. */
export type SessionUser = ActingUser;

/** A session's name outside its cookie: what the database stores, and what a room closes sockets by. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

export async function createSession(tx: Queryable, userId: string, now: Date): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  const expires = new Date(now.getTime() + SESSION_TTL_MS);
  await tx`insert into sessions (token_hash, user_id, expires_at, created_at) values (${hashToken(token)}, ${userId}, ${expires}, ${now})`;
  return token;
}

/** A live session: its user, its hash (see hashToken) and when it runs out. */
export interface SessionEntry {
  user: SessionUser;
  hash: string;
  expiresAt: Date;
}

export async function resolveSessionEntry(sql: Queryable, token: string | undefined, now: Date): Promise<SessionEntry | null> {
  if (!token || token.length > 100) return null;
  const hash = hashToken(token);
  const [row] = await sql<(SessionUser & { expires_at: Date })[]>`
    select u.id, u.username, u.is_wanakt, s.expires_at
      from sessions s join users u on u.id = s.user_id
     where s.token_hash = ${hash} and s.expires_at > ${now}`;
  if (!row) return null;
  const { expires_at: expiresAt, ...user } = row;
  return { user, hash, expiresAt };
}

export async function resolveSession(sql: Queryable, token: string | undefined, now: Date): Promise<SessionUser | null> {
  return (await resolveSessionEntry(sql, token, now))?.user ?? null;
}

/** Whether the session this hash names is still live: a room asks before each write a socket makes. */
export async function sessionIsLive(sql: Queryable, hash: string, now: Date): Promise<boolean> {
  const rows = await sql`select 1 from sessions where token_hash = ${hash} and expires_at > ${now}`;
  return rows.length > 0;
}

/**
 * Ends the session and tells every process, through the outbox, so each world room closes the
 * sockets that session opened (see rooms/world-room.ts): REST answers 401 from the commit on, and
 * the sockets follow within the relay's delivery.
 */
export async function endSession(tx: Tx, token: string | undefined): Promise<void> {
  if (!token) return;
  const ended = await tx`delete from sessions where token_hash = ${hashToken(token)} returning token_hash`;
  if (ended.length > 0) await emit(tx, { type: 'sessions.ended', sessions: [hashToken(token)] });
}
