import { matchMaker, ServerError, type AuthContext } from '@colyseus/core';
import { parse } from 'cookie';
import { resolveSession, SESSION_COOKIE, type SessionUser } from '../auth/sessions.ts';
import type { WorldRoomDeps } from './world-sync.ts';

/** What the room knows of a client: the session's user, or null for a visitor who only watches. */
export interface WorldAuth {
  user: SessionUser | null;
}

/**
 * The join option that keeps a join in the process that answered it. Each process serves its own
 * world room (they agree through the domain events), so the socket that follows the matchmaking
 * request reaches a room the same process holds.
 */
export const HOME_PROCESS_OPTION = 'homeProcess';

/**
 * Runs on the matchmaking request, which the browser sends with its cookie and Origin. A visitor
 * without a session may join and watch; a request from another site may not join at all.
 */
export async function authenticateJoin(deps: Pick<WorldRoomDeps, 'sql' | 'clock' | 'origins'>, options: Record<string, unknown>, context: AuthContext): Promise<WorldAuth> {
  if (!deps.origins.allows(context.headers.get('origin'))) {
    throw new ServerError(403, 'Cross-site request refused');
  }
  const token = parse(context.headers.get('cookie') ?? '')[SESSION_COOKIE];
  const user = await resolveSession(deps.sql, token, deps.clock());
  options[HOME_PROCESS_OPTION] = matchMaker.processId;
  return { user };
}
