import { z } from 'zod';

// Every list that grows without bound pages the same way: `limit` rows at most, and a `cursor`
// that is the sort key of the last row already seen (keyset, not offset), so a row written while
// a client walks the pages never shifts another row into a page twice or out of every page.
// The cursor is base64url JSON: opaque to clients, checked against the list's key on the way in.

/** The largest page any paginated list answers. */
export const PAGE_SIZE_MAX = 100;
/** The page size when a cursor is sent without a limit. */
export const PAGE_SIZE_DEFAULT = 50;

export const CURSOR_INVALID = 'Cursor must be the next_cursor of a previous page';

/** One page asked for: rows after `after` (null: from the start), at most `limit`. */
export interface PageRequest<K> {
  after: K | null;
  limit: number;
}

/** One page read: its rows, and the key to continue after (null on the last page). */
export interface KeyedPage<T, K> {
  rows: T[];
  next: K | null;
}

function toBase64Url(text: string): string {
  const binary = Array.from(new TextEncoder().encode(text), (byte) => String.fromCharCode(byte)).join('');
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

function fromBase64Url(value: string): string {
  const binary = atob(value.replace(/-/g, '+').replace(/_/g, '/'));
  return new TextDecoder('utf-8', { fatal: true }).decode(Uint8Array.from(binary, (char) => char.charCodeAt(0)));
}

export function encodeCursor(key: unknown): string {
  return toBase64Url(JSON.stringify(key));
}

/** A cursor parameter that decodes to `key`, or is refused with a 400's message. */
export function cursorOf<K>(key: z.ZodType<K>) {
  return z
    .string({ error: CURSOR_INVALID })
    .max(400, { error: CURSOR_INVALID })
    .regex(/^[A-Za-z0-9_-]+$/, { error: CURSOR_INVALID })
    .transform((value, context): K => {
      let decoded: unknown;
      try {
        decoded = JSON.parse(fromBase64Url(value));
      } catch {
        decoded = undefined;
      }
      const parsed = key.safeParse(decoded);
      if (!parsed.success) {
        context.addIssue({ code: 'custom', message: CURSOR_INVALID });
        return z.NEVER;
      }
      return parsed.data;
    });
}

/** A page size parameter: a whole number from 1 to `max`. */
export function pageLimit(max: number) {
  const invalid = `Limit must be a whole number from 1 to ${max}`;
  return z
    .string({ error: invalid })
    .regex(/^[0-9]{1,4}$/, { error: invalid })
    .transform(Number)
    .pipe(z.number().min(1, { error: invalid }).max(max, { error: invalid }));
}

/** The query fields of a paginated list whose rows sort by `key`; `example` is a key such a list answers, for the document's example cursor. */
export function pageFields<K>(key: z.ZodType<K>, example: NoInfer<K>) {
  return {
    limit: pageLimit(PAGE_SIZE_MAX)
      .optional()
      .meta({
        description: `Rows per page, 1 to ${PAGE_SIZE_MAX} (${PAGE_SIZE_DEFAULT} when only a cursor is sent). Sending limit or cursor asks for the paginated shape.`,
        example: '50',
      }),
    cursor: cursorOf(key)
      .optional()
      .meta({ description: 'The next_cursor of the page before; opaque', example: encodeCursor(key.parse(example)) }),
  };
}

/** What a route asks its list for: null when the request sent neither limit nor cursor. */
export function pageRequest<K>(query: { limit?: number; cursor?: K }): PageRequest<K> | null {
  if (query.limit === undefined && query.cursor === undefined) return null;
  return { after: query.cursor ?? null, limit: query.limit ?? PAGE_SIZE_DEFAULT };
}

/** Cuts rows read with `limit + 1` down to the page, and says where the next one starts. */
export function takePage<T, K>(rows: T[], limit: number, keyOf: (row: T) => K): KeyedPage<T, K> {
  const page = rows.slice(0, limit);
  return { rows: page, next: rows.length > limit ? keyOf(page[page.length - 1]!) : null };
}

/** The paginated answer: a page of items and the cursor of the next page, null on the last. */
export function pageAnswer<T, K>(page: KeyedPage<T, K>): { items: T[]; next_cursor: string | null } {
  return { items: page.rows, next_cursor: page.next === null ? null : encodeCursor(page.next) };
}

export function PageDto<T extends z.ZodType>(item: T, id: string) {
  return z
    .object({ items: z.array(item), next_cursor: z.string().nullable() })
    .meta({ id, description: `At most ${PAGE_SIZE_MAX} items; next_cursor asks for the next page, null on the last` });
}

/** A row's creation time as the database keeps it (microseconds), for a key that sorts by time. */
export const TimeKey = z
  .string()
  .max(40)
  .regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,6})?([+-]\d{2}(:\d{2})?|Z)$/)
  .refine((value) => Number.isFinite(Date.parse(value)));
