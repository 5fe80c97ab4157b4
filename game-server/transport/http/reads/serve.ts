import { Router, type Request, type RequestHandler, type Response } from 'express';
import { readLimitsOf, type AnswerOf, type ReadArgumentsOf, type ReadEntry } from '../../../../schema/reads/registry.ts';
import type { SessionUser } from '../../../domain/auth/sessions.ts';
import type { HttpDeps } from '../deps.ts';
import { limitRequests } from '../rate-limit.ts';
import { currentUser, requireUser, requireWanakt } from '../session.ts';
import { parseBody } from '../validate.ts';
import { READ_LIMITS } from './read-limits.ts';

/** A request to a read, once its caller was admitted and its input read. */
export interface ReadCall<R extends ReadEntry> {
  /** Its path parameters and query fields, as its declaration's schemas answer them. */
  input: ReadArgumentsOf<R>;
  /** Who asks: null for a visitor (only on a public read). */
  user: SessionUser | null;
  /** The signed-in caller of a player's or the Wanakt's read (a visitor was refused before). */
  player: SessionUser;
  req: Request;
  res: Response;
}

/**
 * A read bound to what answers it: app.ts mounts it at its declared path. Most are made by
 * `serve`; a read answered from memory with headers of its own lists its handlers itself
 * (routes/world-reads.ts).
 */
export interface ReadBinding {
  read: ReadEntry;
  handlers: RequestHandler[];
}

/** The caller its declaration admits: 401 without a session or key, 403 for a player on the Wanakt's read. */
function admit(read: ReadEntry, res: Response): SessionUser | null {
  if (read.access === 'wanakt') return requireWanakt(res);
  if (read.access === 'player') return requireUser(res, read.loginFirst);
  return currentUser(res);
}

/**
 * Binds a read to its service: the caller is admitted as its access says, then its path
 * parameters and its query are read (400 with the first problem), then `answer` runs and its answer
 * is sent as JSON.
 */
export function serve<R extends ReadEntry>(read: R, answer: (call: ReadCall<R>) => Promise<AnswerOf<R>> | AnswerOf<R>): ReadBinding {
  const handler: RequestHandler = async (req, res) => {
    const user = admit(read, res);
    const input = {
      ...(read.params && parseBody(read.params, req.params)),
      ...(read.query && parseBody(read.query, req.query)),
    } as ReadCall<R>['input'];
    const call = {
      input,
      user,
      get player() {
        return requireUser(res, read.loginFirst);
      },
      req,
      res,
    };
    const body = await answer(call);
    if (read.cache?.noStore) res.set('Cache-Control', 'no-store');
    res.json(body);
  };
  return { read, handlers: [handler] };
}

/** Literal paths win over parameters, as in the document's route table: /territories/for-sale is not /territories/:id. */
const parameterCount = (path: string) => (path.match(/:/g) ?? []).length;

/** The routes of bound reads, each behind its declared limit. */
export function readRouter(deps: HttpDeps, bindings: readonly ReadBinding[]): Router {
  const router = Router();
  for (const { read, handlers } of [...bindings].sort((a, b) => parameterCount(a.read.path) - parameterCount(b.read.path))) {
    const limited = readLimitsOf(read).flatMap((name) => {
      const counted = READ_LIMITS[name].counted;
      return counted ? [limitRequests(counted.counter(deps.limits.doors), counted.keyOf, counted.refusal)] : [];
    });
    router.get(read.path, ...limited, ...handlers);
  }
  return router;
}
