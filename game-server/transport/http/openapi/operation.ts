import type { z } from 'zod';
import type { ApiKeyScope } from '../../../../schema/api/api-keys.ts';
import type { Audience } from '../../../../schema/commands/policy.ts';
import type { CounterRule } from '../../../infra/limits/counter-store.ts';

/**
 * Who may call an operation. `public`: anyone. `player`: a logged-in player (session cookie) or
 * a key. `wanakt`: the Wanakt's own session, never a key.
 */
export type Access = 'public' | 'player' | 'wanakt';

export type Method = 'get' | 'post' | 'patch' | 'delete';

/** One REST call as the OpenAPI document describes it and as key authorisation enforces it. */
export interface Operation {
  method: Method;
  /** As Express writes it, under /api: `/territories/:id`. */
  path: string;
  tag: string;
  summary: string;
  description?: string;
  access: Access;
  /** The key scope that may call it; null: no key may, only a session (or nobody signed in). */
  scope: ApiKeyScope | null;
  params?: z.ZodObject;
  query?: z.ZodObject;
  body?: z.ZodType;
  /** The success answer: its status, and its body (none for 204 and redirects). */
  ok: { status: 200 | 201 | 204 | 302; schema?: z.ZodType; description: string; headers?: Record<string, string> };
  /** Error statuses beyond those every call of its kind can answer (see errorStatuses). */
  errors?: number[];
  /** A limit of its own, beyond each key's budget. */
  rateLimit?: string;
  /** The command it sends, with the policy's audience, when the call is a command's. */
  command?: { type: string; audience: Audience };
}

/** A counter's rule as the document states it: `10 per 60 s per player`. */
export const limitText = (rule: Pick<CounterRule, 'points' | 'seconds'>, per: string) =>
  `${rule.points} per ${rule.seconds >= 3600 ? `${rule.seconds / 3600} h` : `${rule.seconds} s`} per ${per}`;

/**
 * What a call can answer besides success. Every call reads its input (400), checks a bearer key
 * when one is sent (401 unknown or revoked, 403 outside its scope) and has a budget (429); a body
 * over the size limit is refused before it is read (413). Any call may find the game too busy or its
 * database away (503 with Retry-After: game-server/infra/db/admission.ts, game-server/infra/db/unavailable.ts).
 */
export function errorStatuses(operation: Operation): number[] {
  const statuses = new Set<number>([400, 401, 403, 429, 500, 503, ...(operation.errors ?? [])]);
  // A command's Idempotency-Key: still running (409), or used with another request (422).
  if (operation.command) for (const status of [409, 422]) statuses.add(status);
  if (operation.params) statuses.add(404);
  if (operation.body) statuses.add(413);
  return [...statuses].sort();
}
