import { z } from 'zod';
import { MAX_ZOOM } from '../constants.ts';
import type { BoundingBox } from '../rules/viewport.ts';
import { cursorOf, encodeCursor, pageLimit } from './pages.ts';
import { TERRITORY_FIELDS, TerritoryDto, type TerritoryField } from './territory.ts';

// GET /api/territories answers docs/rules.md §3's full territory by default. A program that follows a large
// world asks only for the fields it shows (`fields`) and only for the part of the map it looks at
// (`bbox`), or only what changed since the world sequence number it last saw (`since`), so learning
// that one owner changed does not cost the whole world in full. A list is answered a page at a time
// (WORLD_PAGE_SIZE territories in id order, the next page's cursor in NEXT_CURSOR_HEADER), so no
// answer grows with the world; the map asks for a box at its zoom instead (schema/api/world-view.ts).

/** The most territories one list answer holds: the whole seeded world, and a bounded part of a large one. */
export const WORLD_PAGE_SIZE = 5000;
/** The header that carries the cursor of the next page of a list, absent on the last page. */
export const NEXT_CURSOR_HEADER = 'X-Next-Cursor';

const FIELDS_INVALID = `fields must be a comma-separated list of: ${TERRITORY_FIELDS.join(', ')}`;
const BBOX_INVALID = 'bbox must be minLongitude,minLatitude,maxLongitude,maxLatitude in degrees';

const fieldList = z
  .string({ error: FIELDS_INVALID })
  .max(400, { error: FIELDS_INVALID })
  .transform((value, context) => {
    const names = [
      ...new Set(
        value
          .split(',')
          .map((name) => name.trim())
          .filter(Boolean),
      ),
    ];
    const unknown = names.filter((name) => !(TERRITORY_FIELDS as readonly string[]).includes(name));
    if (names.length === 0 || unknown.length > 0) {
      context.addIssue({ code: 'custom', message: FIELDS_INVALID });
      return z.NEVER;
    }
    // Every row keeps its id, so a slim answer can always be matched to a territory.
    return ['id', ...names.filter((name) => name !== 'id')].sort() as TerritoryField[];
  });

const boundingBox = z
  .string({ error: BBOX_INVALID })
  .max(200, { error: BBOX_INVALID })
  .transform((value, context): BoundingBox => {
    const numbers = value.split(',').map((part) => (/^\s*[+-]?\d{1,3}(\.\d{1,12})?\s*$/.test(part) ? Number(part) : NaN));
    const [minLongitude, minLatitude, maxLongitude, maxLatitude] = numbers;
    const valid =
      numbers.length === 4 &&
      numbers.every(Number.isFinite) &&
      minLongitude! >= -180 &&
      maxLongitude! <= 180 &&
      minLongitude! <= maxLongitude! &&
      minLatitude! >= -90 &&
      maxLatitude! <= 90 &&
      minLatitude! <= maxLatitude!;
    if (!valid) {
      context.addIssue({ code: 'custom', message: BBOX_INVALID });
      return z.NEVER;
    }
    return { minLongitude: minLongitude!, minLatitude: minLatitude!, maxLongitude: maxLongitude!, maxLatitude: maxLatitude! };
  });

const ZOOM_INVALID = `zoom must be a number from 1 to ${MAX_ZOOM}`;

const zoom = z
  .string({ error: ZOOM_INVALID })
  .regex(/^[0-9]{1,2}(\.[0-9]{1,6})?$/, { error: ZOOM_INVALID })
  .transform(Number)
  .pipe(z.number().min(1, { error: ZOOM_INVALID }).max(MAX_ZOOM, { error: ZOOM_INVALID }));

/** A list's cursor: the id of the last territory of the page before. */
export const TerritoryCursor = z.number().int().min(0).max(2_147_483_647);

const SINCE_INVALID = 'since must be a world sequence number (the X-World-Seq header or seq of an earlier answer)';

export const TerritoryListQuery = z
  .object({
    fields: fieldList
      .optional()
      .meta({ description: `Only these fields (id is always kept): ${TERRITORY_FIELDS.join(', ')}`, example: 'id,owner_id,sale_price' }),
    bbox: boundingBox
      .optional()
      .meta({ description: 'Only territories inside minLongitude,minLatitude,maxLongitude,maxLatitude', example: '-10,35,30,60' }),
    since: z
      .string({ error: SINCE_INVALID })
      .regex(/^(0|[1-9][0-9]{0,14})$/, { error: SINCE_INVALID })
      .transform(Number)
      .optional()
      .meta({
        description:
          'Only the territories changed after this world sequence number, as { seq, full, territories }. Cannot be combined with bbox (400).',
        example: '1042',
      }),
    zoom: zoom.optional().meta({
      description: `The map camera's zoom (1 to ${MAX_ZOOM}): the answer is then { clusters, territories } for bbox (the whole world without one), every territory in the box when it holds few, else clusters with the always-shown territories. Cannot be combined with fields, since, limit or cursor (400).`,
      example: '4',
    }),
    limit: pageLimit(WORLD_PAGE_SIZE)
      .optional()
      .meta({ description: `Territories per page, 1 to ${WORLD_PAGE_SIZE} (the default)`, example: '1000' }),
    cursor: cursorOf(TerritoryCursor)
      .optional()
      .meta({ description: `The ${NEXT_CURSOR_HEADER} header of the page before; opaque`, example: encodeCursor(204) }),
  })
  // A territory whose pin left the box would silently stay in the client's copy.
  .refine((query) => query.since === undefined || query.bbox === undefined, { error: 'since cannot be combined with bbox' })
  .refine((query) => query.since === undefined || (query.limit === undefined && query.cursor === undefined), {
    error: 'since cannot be combined with limit or cursor',
  })
  .refine(
    (query) =>
      query.zoom === undefined ||
      (query.fields === undefined && query.since === undefined && query.limit === undefined && query.cursor === undefined),
    { error: 'zoom cannot be combined with fields, since, limit or cursor' },
  );
export type TerritoryListQuery = z.infer<typeof TerritoryListQuery>;

/** The box a view without bbox shows. */
export const WHOLE_WORLD: BoundingBox = { minLongitude: -180, minLatitude: -90, maxLongitude: 180, maxLatitude: 90 };

/** Where a page of the listings starts: the sale price and id of the last one of the page before. */
export const ListingCursor = z.tuple([z.number().int().min(0), z.number().int().min(0).max(2_147_483_647)]);

/** GET /api/territories/for-sale: the listings cheapest first, a page at a time. */
export const ListingPageQuery = z.object({
  limit: pageLimit(WORLD_PAGE_SIZE)
    .optional()
    .meta({ description: `Listings per page, 1 to ${WORLD_PAGE_SIZE} (the default)`, example: '500' }),
  cursor: cursorOf(ListingCursor)
    .optional()
    .meta({ description: `The ${NEXT_CURSOR_HEADER} header of the page before; opaque`, example: encodeCursor([1500, 42]) }),
});
export type ListingPageQuery = z.infer<typeof ListingPageQuery>;

/** A territory with only some of its fields: what `?fields=` answers. Its id is always there. */
export const SlimTerritoryDto = TerritoryDto.partial()
  .required({ id: true })
  .strict()
  .meta({ id: 'SlimTerritory', description: 'A territory with only the fields asked for (id is always kept)' });
export type SlimTerritoryDto = z.infer<typeof SlimTerritoryDto>;

export { WORLD_SEQ_HEADER } from './world-seq.ts';

/**
 * GET /api/territories?since=: the territories changed after `since`, and `seq` to send next time.
 * `full` says the server no longer keeps the changes that far back (or more changed than a page
 * holds) and answered the world's first page, the rest following by NEXT_CURSOR_HEADER, so the
 * client replaces its copy instead of merging. Territories are never deleted, so a change
 * is always a territory to merge.
 */
export const WorldChangesDto = z
  .object({ seq: z.number().int().nonnegative(), full: z.boolean(), territories: z.array(z.union([TerritoryDto, SlimTerritoryDto])) })
  .meta({ id: 'WorldChanges' });
export type WorldChangesDto = z.infer<typeof WorldChangesDto>;

export function pickFields(territory: TerritoryDto, fields: readonly TerritoryField[]): SlimTerritoryDto {
  return { ...Object.fromEntries(fields.map((field) => [field, territory[field]])), id: territory.id };
}
