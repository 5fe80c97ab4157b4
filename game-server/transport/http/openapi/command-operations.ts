import { z } from 'zod';
import { IDEMPOTENT_REPLAYED_HEADER } from '../../../../schema/api/idempotency.ts';
import { COMMANDS } from '../../../../schema/commands/index.ts';
import type { Audience } from '../../../../schema/commands/policy.ts';
import { limitsOf, type CommandEntry } from '../../../../schema/commands/registry.ts';
import { COMMAND_LIMITS, documentedPathLimit } from '../command-limits.ts';
import type { Access, Operation } from './operation.ts';

/** The document's access of a command's audience: an owner is a logged-in player until its territory is read. */
export const ACCESS_OF: Record<Audience, Access> = { visitor: 'public', player: 'player', owner: 'player', wanakt: 'wanakt' };

/** A command's REST call as the document and key authorisation see it, read from its entry. */
export function commandOperation(entry: CommandEntry): Operation {
  const { http, permission } = entry;
  const body = entry.schema.shape.body as z.ZodType | undefined;
  const rateLimit = [...limitsOf(http).map((name) => COMMAND_LIMITS[name].documented), documentedPathLimit(http.path)]
    .filter(Boolean)
    .join('; ');
  const description = [http.description, permission.wanaktToo && 'The Wanakt may do this to any territory too, with its session.']
    .filter(Boolean)
    .join('\n\n');
  return {
    method: http.method,
    path: http.path,
    tag: http.tag,
    summary: http.summary,
    ...(description && { description }),
    access: ACCESS_OF[permission.who],
    scope: http.scope,
    ...(http.params && { params: z.object(Object.fromEntries(Object.entries(http.params).map(([name, target]) => [name, target.param]))) }),
    // The validator reads a missing body as an empty one; the document shows the body it must be.
    ...(body && { body: bodyOf(body) }),
    ok: {
      ...http.ok,
      headers: { [IDEMPOTENT_REPLAYED_HEADER]: 'true when this is the stored answer to an earlier request with the same Idempotency-Key' },
    },
    ...(http.errors && { errors: http.errors }),
    ...(rateLimit && { rateLimit }),
    command: { type: entry.type, audience: permission.who },
  };
}

/** The body schema inside `payload(...)`: the preprocess step that reads a missing body as `{}` is not part of the contract. */
function bodyOf(field: z.ZodType): z.ZodType {
  const def = (field as unknown as { _zod: { def: { type: string; out?: z.ZodType } } })._zod.def;
  return def.type === 'pipe' && def.out ? def.out : field;
}

export const COMMAND_OPERATIONS: readonly Operation[] = (COMMANDS as readonly CommandEntry[]).map(commandOperation);
