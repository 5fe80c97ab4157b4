import { Router, type Request, type RequestHandler, type Response } from 'express';
import { COMMANDS, type CommandType } from '../../../schema/commands/index.ts';
import type { Actor } from '../../../schema/commands/policy.ts';
import { limitsOf, type CommandEntry } from '../../../schema/commands/registry.ts';
import { execute } from '../../commands/execute.ts';
import type { CommandKey } from '../../commands/idempotency.ts';
import { badInput } from '../../errors.ts';
import {
  IDEMPOTENCY_KEY_HEADER,
  IDEMPOTENCY_KEY_INVALID,
  IDEMPOTENT_REPLAYED_HEADER,
  isIdempotencyKey,
} from '../../../schema/api/idempotency.ts';
import type { CommandDeps } from '../../commands/handler.ts';
import type { Limits } from '../../infra/limits/door-limits.ts';
import type { PaymentProvider } from '../../domain/payments/provider.ts';
import { COMMAND_LIMITS } from './command-limits.ts';
import type { HttpDeps } from './deps.ts';
import { countAdmitted, limitRequests } from './rate-limit.ts';
import { currentUser } from './session.ts';

/** The request's actor: its session's user, or the holder of the API key it was sent with. */
export const actorOf = (res: Response): Actor => ({ user: currentUser(res), via: res.locals.apiKey ? 'key' : 'web' });

/** What a request carries into its command: the ids its path names, under the command's field names, and its body. */
export function carried(entry: CommandEntry, req: Request): Record<string, unknown> {
  const fields: Record<string, unknown> = Object.fromEntries(
    Object.entries(entry.http.params ?? {}).map(([param, target]) => [target.field, req.params[param]]),
  );
  if ('body' in entry.schema.shape) fields.body = req.body;
  return fields;
}

/**
 * The request's Idempotency-Key (400 when it is not one) and its caller: the API key it was sent
 * with, else its session's account, else, signed out, its address (docs/write-path.md
 * "Idempotent commands").
 */
export function commandKeyOf(req: Request, res: Response): CommandKey {
  const key = req.get(IDEMPOTENCY_KEY_HEADER);
  if (key !== undefined && !isIdempotencyKey(key)) throw badInput(IDEMPOTENCY_KEY_INVALID);
  const apiKey = res.locals.apiKey as { keyId: number } | undefined;
  const user = currentUser(res);
  const caller = apiKey ? `key:${apiKey.keyId}` : user ? `user:${user.id}` : `address:${req.ip ?? 'unknown'}`;
  return { caller, ...(key !== undefined && { key }) };
}

/**
 * A write route: the request becomes its command, the pipeline executes it for the request's actor,
 * and its answer is sent as it is. A limit counted once the command is admitted runs after the
 * command's authentication and validation, before its work.
 */
function commandRoute(deps: CommandDeps, limits: Limits, entry: CommandEntry): RequestHandler[] {
  const own = limitsOf(entry.http).map((name) => COMMAND_LIMITS[name]);
  const before = own
    .filter((limit) => limit.counted === 'before')
    .map((limit) => limitRequests(limit.counter(limits.doors), limit.keyOf, limit.refusal));
  const counts = own
    .filter((limit) => limit.counted === 'admitted')
    .map((limit) => countAdmitted(limit.counter(limits.doors), limit.keyOf, limit.refusal));
  // Each in turn: a request refused by one limit spends nothing from those after it.
  const admitted =
    counts.length > 0
      ? async (req: Request, res: Response) => {
          for (const count of counts) await count(req, res);
        }
      : undefined;
  const handler: RequestHandler = async (req, res) => {
    const input = { type: entry.type as CommandType, ...carried(entry, req) };
    const answer = await execute(deps, actorOf(res), input, {
      ...(admitted && { admit: () => admitted(req, res) }),
      key: commandKeyOf(req, res),
    });
    if (answer.replayed) res.set(IDEMPOTENT_REPLAYED_HEADER, 'true');
    if (answer.status === 204) res.status(204).end();
    else res.status(answer.status).json(answer.body);
  };
  return [...before, handler];
}

/** Every command's REST call, mounted from its entry (schema/commands/registry.ts). */
export function commandRoutes(deps: HttpDeps, payments: PaymentProvider): Router {
  const router = Router();
  const commandDeps: CommandDeps = { ...deps, payments };
  for (const entry of COMMANDS as readonly CommandEntry[])
    router[entry.http.method](entry.http.path, ...commandRoute(commandDeps, deps.limits, entry));
  return router;
}
