import type { z } from 'zod';
import type { ApiKeyScope } from '../api/api-keys.ts';
import { IdParam } from '../api/ids.ts';
import type { Permission } from './permission.ts';

/**
 * One command, declared once: its validator, who may send it, and its REST call. The union of
 * commands, the policy table, the routes Express mounts, their OpenAPI operations and the API-key
 * scope of each call are all read from these entries (schema/commands/index.ts, policy.ts;
 * game-server/transport/http/command.ts, game-server/transport/http/openapi/command-operations.ts).
 */
export interface CommandEntry<T extends string = string, S extends z.ZodObject = z.ZodObject> {
  type: T;
  /** The command as the pipeline reads it: `{ type, ...the ids it names, body }`. */
  schema: S;
  permission: Permission;
  http: CommandCall;
}

/**
 * A limit of the command's own, beyond each key's budget: game-server/transport/http/command-limits.ts
 * keeps the counters. A budget shared by every call under a path (/first-steps, /notifications) is
 * not a command's: command-limits.ts PATH_LIMITS holds it.
 */
export type CommandLimit =
  | 'visit'
  | 'chat'
  | 'checkout'
  | 'broadcast'
  | 'ad-checkout'
  | 'ad-click-address'
  | 'ad-click'
  | 'audit'
  | 'mail-link'
  | 'email-change'
  | 'password-change'
  | 'mail-preferences'
  | 'push-settings'
  | 'bid';

/** The id a path parameter carries into the command: the command's field, and the parameter as the document shows it. */
export interface PathTarget {
  field: string;
  param: z.ZodType;
}

export interface CommandCall {
  method: 'post' | 'patch' | 'delete';
  /** As Express writes it, under /api: `/territories/:id/gift`. */
  path: string;
  /** Each path parameter and the command field it fills. */
  params?: Record<string, PathTarget>;
  /** The key scope that may send it; null: no key may, only a session (or nobody signed in). */
  scope: ApiKeyScope | null;
  tag: string;
  summary: string;
  description?: string;
  /** The success answer: its status and its body (none for 204). */
  ok: { status: 200 | 201 | 204; schema?: z.ZodType; description: string };
  /** Error statuses beyond those every call can answer (game-server/transport/http/openapi/operation.ts errorStatuses). */
  errors?: number[];
  /** Its limits, counted in this order. */
  limit?: CommandLimit | readonly CommandLimit[];
}

/** A call's limits as a list, in the order they are counted. */
export const limitsOf = (call: CommandCall): readonly CommandLimit[] =>
  call.limit === undefined ? [] : typeof call.limit === 'string' ? [call.limit] : call.limit;

/** Declares a command; its type is read from its validator, so the two cannot disagree. */
export function declareCommand<S extends z.ZodObject<{ type: z.ZodLiteral<string> }>>(
  schema: S,
  permission: Permission,
  http: CommandCall,
): CommandEntry<z.infer<S>['type'], S> {
  return { type: schema.shape.type.value, schema, permission, http };
}

/** A path id read into a command field: the command reads it with TargetId, the document shows the path's rule. */
export const pathId = (field: string, what: string): PathTarget => ({ field, param: IdParam(what).meta({ description: what }) });
