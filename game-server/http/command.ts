import type { Request, RequestHandler, Response } from 'express';
import type { CommandType } from '../../schema/commands/index.ts';
import type { Actor } from '../../schema/commands/policy.ts';
import { execute } from '../commands/execute.ts';
import type { CommandDeps } from '../commands/handler.ts';
import { currentUser } from './session.ts';

/** The request's actor: its session's user, or the holder of the API key it was sent with. */
export const actorOf = (res: Response): Actor => ({ user: currentUser(res), via: res.locals.apiKey ? 'key' : 'web' });

/** What a request carries into a command: its path ids and its body, read by the command's validator. */
type Carried = (req: Request) => Record<string, unknown>;
export const bodyOnly: Carried = (req) => ({ body: req.body });

/** A rate limit counted once the command is allowed and valid (see limits in rate-limit.ts). */
export type Admission = (req: Request, res: Response) => Promise<void>;

/**
 * A write route is this line: the request becomes a command, the pipeline executes it for the
 * session's user, and its answer is sent as it is. `admit` (a rate limit) runs after the
 * command's authentication and validation, before its work.
 */
export function commandRoute(deps: CommandDeps, type: CommandType, carried: Carried = bodyOnly, admit?: Admission): RequestHandler {
  return async (req, res) => {
    const answer = await execute(deps, actorOf(res), { type, ...carried(req) }, admit && (() => admit(req, res)));
    if (answer.status === 204) res.status(204).end();
    else res.status(answer.status).json(answer.body);
  };
}
