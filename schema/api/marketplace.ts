import { z } from 'zod';
import { TERRITORY_TIERS, TERRITORY_TYPES } from '../constants.ts';
import { REGIONS } from '../rules/region.ts';
import { TerritoryDto } from './territory.ts';

// GET /api/marketplace: the listings searched, filtered, sorted and paged by the server, so the
// browser never holds the whole market. Pages are keyset pages: the cursor carries the sort key and
// id of the last listing shown, so a sale or a new listing between two pages neither repeats nor
// skips one.

export const MARKETPLACE_SORTS = ['price_asc', 'price_desc', 'name', 'revenue', 'newest'] as const;
export type MarketplaceSort = (typeof MARKETPLACE_SORTS)[number];
export const MARKETPLACE_DEFAULT_PAGE = 24;
/** The largest page the marketplace answers. */
export const MARKETPLACE_MAX_PAGE = 50;
export const MARKETPLACE_SEARCH_MAX = 100;

/** Where the page before ended: the sort it was read in, its last listing's sort key and id. */
export interface MarketplaceCursor {
  sort: MarketplaceSort;
  key: number | string | null;
  id: number;
}

const CURSOR_INVALID = 'Cursor must be the next_cursor of a previous page, with the same sort';
const LIMIT_INVALID = `Limit must be a whole number from 1 to ${MARKETPLACE_MAX_PAGE}`;
const PRICE_INVALID = 'Prices must be whole numbers of DRK';

const toBase64Url = (text: string) =>
  btoa(String.fromCharCode(...new TextEncoder().encode(text)))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');
const fromBase64Url = (code: string) =>
  new TextDecoder('utf-8', { fatal: true }).decode(
    Uint8Array.from(atob(code.replace(/-/g, '+').replace(/_/g, '/')), (char) => char.charCodeAt(0)),
  );

export function encodeMarketplaceCursor(cursor: MarketplaceCursor): string {
  return toBase64Url(JSON.stringify([cursor.sort, cursor.key, cursor.id]));
}

const CursorShape = z.tuple([
  z.enum(MARKETPLACE_SORTS),
  z.union([z.number().int().nonnegative(), z.string().max(200), z.null()]),
  z.number().int().positive(),
]);

function decodeCursor(code: string): MarketplaceCursor | null {
  try {
    const parsed = CursorShape.safeParse(JSON.parse(fromBase64Url(code)));
    if (!parsed.success) return null;
    const [sort, key, id] = parsed.data;
    const keyFits = sort === 'newest' ? key === null : sort === 'name' ? typeof key === 'string' : typeof key === 'number';
    return keyFits ? { sort, key, id } : null;
  } catch {
    return null;
  }
}

const price = z
  .string()
  .regex(/^[0-9]{1,12}$/, { error: PRICE_INVALID })
  .transform(Number);

/** The query's fields as a request sends them; MarketplaceQuery also checks them together. */
export const MarketplaceQueryFields = z.strictObject(
  {
    q: z
      .string({ error: 'Search must be a single piece of text' })
      .trim()
      .max(MARKETPLACE_SEARCH_MAX, { error: `Search is at most ${MARKETPLACE_SEARCH_MAX} characters` })
      .optional(),
    type: z.enum(TERRITORY_TYPES, { error: `Type must be one of: ${TERRITORY_TYPES.join(', ')}` }).optional(),
    tier: z.enum(TERRITORY_TIERS, { error: `Tier must be one of: ${TERRITORY_TIERS.join(', ')}` }).optional(),
    min_price: price.optional(),
    max_price: price.optional(),
    region: z.enum(REGIONS, { error: `Region must be one of: ${REGIONS.join(', ')}` }).optional(),
    sort: z.enum(MARKETPLACE_SORTS, { error: `Sort must be one of: ${MARKETPLACE_SORTS.join(', ')}` }).default('price_asc'),
    cursor: z
      .string()
      .max(400, { error: CURSOR_INVALID })
      .regex(/^[A-Za-z0-9_-]+$/, { error: CURSOR_INVALID })
      .optional(),
    limit: z
      .string()
      .regex(/^[0-9]{1,4}$/, { error: LIMIT_INVALID })
      .transform(Number)
      .pipe(z.number().min(1, { error: LIMIT_INVALID }).max(MARKETPLACE_MAX_PAGE, { error: LIMIT_INVALID }))
      .default(MARKETPLACE_DEFAULT_PAGE),
  },
  { error: 'Unknown marketplace filter' },
);

export const MarketplaceQuery = MarketplaceQueryFields.transform((query, context) => {
  if (query.min_price !== undefined && query.max_price !== undefined && query.min_price > query.max_price) {
    context.addIssue({ code: 'custom', message: 'The lowest price must not be above the highest' });
    return z.NEVER;
  }
  const after = query.cursor === undefined ? null : decodeCursor(query.cursor);
  if (query.cursor !== undefined && (after === null || after.sort !== query.sort)) {
    context.addIssue({ code: 'custom', message: CURSOR_INVALID });
    return z.NEVER;
  }
  const { cursor: _cursor, q, ...rest } = query;
  return { ...rest, q: q || undefined, after };
});
export type MarketplaceSearch = z.output<typeof MarketplaceQuery>;

/** One page of listings; next_cursor reads the page after it, null on the last; total counts every match. */
export const MarketplacePage = z
  .object({
    listings: z.array(TerritoryDto),
    next_cursor: z.string().nullable(),
    total: z.number().int().nonnegative(),
  })
  .meta({ id: 'MarketplacePage' });
export type MarketplacePageDto = z.infer<typeof MarketplacePage>;
