import type { z } from 'zod';
import type { ApiKeyScope } from '../api/api-keys.ts';
import { PAGE_SIZE_MAX } from '../api/pages.ts';

/**
 * Who may call a read. `public`: anyone. `player`: a logged-in player (session cookie) or a key.
 * `wanakt`: the Wanakt's own session, never a key.
 */
export type ReadAccess = 'public' | 'player' | 'wanakt';

/**
 * A limit of the read's own, beyond each key's budget: game-server/transport/http/reads/read-limits.ts
 * keeps the counters. A budget shared by every call under a path (/first-steps, /notifications) is
 * the path's: command-limits.ts PATH_LIMITS holds it, and the document states it for reads too.
 */
export type ReadLimit = 'marketplace' | 'economy' | 'statement' | 'profile' | 'alliance' | 'world' | 'world-changes';

/** A fact the game's room announces (client/state/live-facts.ts); a read stale on it is read again when it arrives. */
export type LiveFact = 'market' | 'figures' | 'territory' | 'offers' | 'auctions' | 'alliances' | 'broadcast';

export interface ReadCache {
  /** The room's facts after which the client reads it again: the answer never goes stale otherwise (docs/rules.md §7). */
  staleOn?: readonly LiveFact[];
  /** Personal or single-use answers are never kept by a browser or a proxy: sent with Cache-Control: no-store. */
  noStore?: true;
  /** How the server keeps it, as the document states it (its binding does the keeping). */
  server?: string;
}

/**
 * One read, declared once: its path and parameters, its answer, who may call it and how it is
 * cached. The Express route, its OpenAPI operation and the client's typed call and query key are
 * all read from it (game-server/transport/http/reads/, game-server/transport/http/openapi/read-operations.ts,
 * client/api.ts `read`, schema/reads/address.ts `queryKeyOf`). docs/design.md "Reads".
 */
export interface ReadEntry<
  P extends z.ZodObject | undefined = z.ZodObject | undefined,
  Q extends z.ZodObject | undefined = z.ZodObject | undefined,
  A extends z.ZodType = z.ZodType,
  Path extends string = string,
> {
  /** As Express writes it, under /api: `/territories/:id`. Always a GET (and HEAD). */
  path: Path;
  /** The path's parameters, each validated before the read runs (400 with the first problem). */
  params?: P;
  /** The query's fields, validated the same way. */
  query?: Q;
  /** The answer's body. */
  answer: A;
  access: ReadAccess;
  /** What a signed-out caller of a player's read is told (401); "Please log in first" when unsaid. */
  loginFirst?: string;
  /** The key scope that may call it; null: no key may, only a session (or nobody signed in). */
  scope: ApiKeyScope | null;
  tag: string;
  summary: string;
  description?: string;
  /** What the answer is, in a few words. */
  answered: string;
  /** Headers the answer carries, with what each says. */
  headers?: Record<string, string>;
  /** Error statuses beyond those every read can answer (game-server/transport/http/openapi/operation.ts errorStatuses). */
  errors?: number[];
  /** Its limits, counted in this order. */
  limit?: ReadLimit | readonly ReadLimit[];
  cache?: ReadCache;
}

/** Declares a read; its types (parameters, answer) follow from its schemas. */
export function declareRead<
  const Path extends string,
  P extends z.ZodObject | undefined = undefined,
  Q extends z.ZodObject | undefined = undefined,
  A extends z.ZodType = z.ZodType,
>(entry: ReadEntry<P, Q, A, Path>): ReadEntry<P, Q, A, Path> {
  return entry;
}

type InputOf<S> = [S] extends [z.ZodObject] ? z.input<S> : Record<never, never>;
type OutputOf<S> = [S] extends [z.ZodObject] ? z.output<S> : Record<never, never>;

/** A read's path parameters and query fields, as its schemas answer them. */
export type ReadArgumentsOf<R extends ReadEntry> = R extends ReadEntry<infer P, infer Q> ? OutputOf<P> & OutputOf<Q> : never;
type Scalar = string | number | boolean;

/** A read's limits as a list, in the order they are counted. */
export const readLimitsOf = (read: ReadEntry): readonly ReadLimit[] =>
  read.limit === undefined ? [] : typeof read.limit === 'string' ? [read.limit] : read.limit;

/**
 * What a caller names a read with: its path parameters and query fields in one object. A path id
 * is text on the wire; a caller may hand the number.
 */
export type ReadInput<R extends ReadEntry> =
  R extends ReadEntry<infer P, infer Q>
    ? { [K in keyof InputOf<P>]: InputOf<P>[K] | (InputOf<P>[K] extends string ? number : never) } & {
        [K in keyof InputOf<Q>]?: InputOf<Q>[K] | (InputOf<Q>[K] extends string | undefined ? Scalar : never);
      }
    : never;

/** The answer's body, as the client receives it. */
export type AnswerOf<R extends ReadEntry> = z.output<R['answer']>;

/** How a read that pages on request says so. */
export const PAGED = `Sending \`limit\` (1 to ${PAGE_SIZE_MAX}) or \`cursor\` asks for pages: { items, next_cursor }, keyset-paginated; pass next_cursor back as \`cursor\` until it is null. Without either the answer keeps its plain shape.`;
