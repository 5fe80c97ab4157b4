import { ServerError, type AuthContext } from '@colyseus/core';
import { parse } from 'cookie';
import { resolveSessionEntry, SESSION_COOKIE, type SessionUser } from '../../domain/auth/sessions.ts';
import { CLIENT_ADDRESS_HEADER } from '../http/client-address.ts';
import { addressKey } from '../../infra/limits/address-key.ts';
import { take } from '../../infra/limits/take.ts';
import { GameError } from '../../errors.ts';
import { chooseHomeProcess } from './home-process.ts';
import type { WorldRoomDeps } from './world-sync.ts';

/** The name the world room is defined under. */
export const WORLD_ROOM = 'world';

/** What the room knows of a client: the session's user, or null for a visitor who only watches. */
export interface WorldAuth {
  user: SessionUser | null;
  /** The address key (limits/address-key.ts) the join came from, as the matchmaking guard computed it. */
  address: string;
  /**
   * The session the socket acts with: its hash, to close it when the session ends, and its end in
   * epoch milliseconds (Colyseus keeps the seat's auth as JSON, where a Date would become a string).
   */
  session: { hash: string; expiresAtMs: number } | null;
}

/**
 * The join option that names the process whose world room a join goes to. Each process serves its
 * own world room (they agree through the domain events); a join is placed on the least-loaded live
 * process (home-process.ts), which is the process that answered it unless the sockets can reach
 * the others through their PUBLIC_ADDRESS. Set here, on the server: whatever a client sends under
 * this name is replaced.
 */
export const HOME_PROCESS_OPTION = 'homeProcess';

/** What a visitor past DOOR_LIMITS.visitorJoin hears (429, with when to come back). */
export const VISITOR_JOINS_REFUSAL = 'Too many joins without an account from your address: log in, or wait.';

/**
 * Runs on the matchmaking request, which the browser sends with its cookie and Origin. A visitor
 * without a session may join and watch, within its own smaller budget per address (counted in
 * the shared counter store, so across every process); a request from another site may not join
 * at all.
 */
export async function authenticateJoin(
  deps: Pick<WorldRoomDeps, 'sql' | 'clock' | 'origins' | 'log' | 'visitorJoinCounter'>,
  options: Record<string, unknown>,
  context: AuthContext,
): Promise<WorldAuth> {
  if (!deps.origins.allows(context.headers.get('origin'))) {
    throw new ServerError(403, 'Cross-site request refused');
  }
  const token = parse(context.headers.get('cookie') ?? '')[SESSION_COOKIE];
  const entry = await resolveSessionEntry(deps.sql, token, deps.clock());
  const address = addressKey(context.headers.get(CLIENT_ADDRESS_HEADER) ?? 'unknown');
  if (!entry) {
    await take(deps.visitorJoinCounter, address, VISITOR_JOINS_REFUSAL).catch((error: unknown) => {
      throw error instanceof GameError ? new ServerError(error.status, error.message) : error;
    });
  }
  options[HOME_PROCESS_OPTION] = await chooseHomeProcess(WORLD_ROOM, deps.log);
  return {
    user: entry?.user ?? null,
    address,
    session: entry && { hash: entry.hash, expiresAtMs: entry.expiresAt.getTime() },
  };
}
