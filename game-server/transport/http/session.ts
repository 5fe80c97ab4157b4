import { parse } from 'cookie';
import type { Request, Response } from 'express';
import type { SessionUser } from '../../domain/auth/sessions.ts';
import { SESSION_COOKIE, SESSION_TTL_MS } from '../../domain/auth/sessions.ts';
import { forbidden, unauthenticated } from '../../errors.ts';

export function sessionToken(req: Request): string | undefined {
  return parse(req.headers.cookie ?? '')[SESSION_COOKIE];
}

export function setSessionCookie(req: Request, res: Response, token: string): void {
  res.cookie(SESSION_COOKIE, token, { httpOnly: true, sameSite: 'lax', secure: req.secure, path: '/', maxAge: SESSION_TTL_MS });
}

export function clearSessionCookie(req: Request, res: Response): void {
  res.clearCookie(SESSION_COOKIE, { httpOnly: true, sameSite: 'lax', secure: req.secure, path: '/' });
}

/** The session's user, which the session middleware put on res.locals, or null. */
export function currentUser(res: Response): SessionUser | null {
  return (res.locals.user as SessionUser | undefined) ?? null;
}

/** The session's user, or 401 with `loginFirst` ("Please log in first" when unsaid). */
export function requireUser(res: Response, loginFirst?: string): SessionUser {
  const user = currentUser(res);
  if (!user) throw unauthenticated(loginFirst);
  return user;
}

export function requireWanakt(res: Response): SessionUser {
  const user = requireUser(res);
  if (!user.is_wanakt) throw forbidden('Only the Wanakt can do that');
  return user;
}
