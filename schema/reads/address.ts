import type { ReadAt, ReadPath } from './index.ts';
import type { ReadInput } from './registry.ts';

/** A read's input as the query layer keeps it: path parameters and query fields, by name. */
export type ReadArguments = Readonly<Record<string, unknown>>;

/**
 * The address of a read under /api: each `:name` of its path filled from the input, the rest of the
 * input as its query (fields left undefined or null are not sent).
 */
export function readUrl(path: string, input: ReadArguments = {}): string {
  const named = new Set<string>();
  const filled = path.replace(/:([A-Za-z_]+)/g, (_match, name: string) => {
    named.add(name);
    const value = input[name];
    if (value === undefined || value === null) throw new Error(`The read ${path} needs its ${name}`);
    return encodeURIComponent(String(value));
  });
  const query = new URLSearchParams();
  for (const [name, value] of Object.entries(input)) {
    if (!named.has(name) && value !== undefined && value !== null) query.set(name, String(value));
  }
  const search = query.toString();
  return `/api${filled}${search ? `?${search}` : ''}`;
}

/**
 * A read's key in the client's query cache: its declared path, then its input. A key of the path
 * alone, or of part of the input, is a prefix of every key it covers, so invalidating
 * `queryKeyOf(path)` makes every answer of that read stale, and `queryKeyOf(path, { id })` those of
 * one territory.
 */
export function queryKeyOf<P extends ReadPath>(path: P, input?: Partial<ReadInput<ReadAt<P>>>): readonly unknown[] {
  return input === undefined ? [path] : [path, input];
}
