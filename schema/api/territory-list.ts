import { z } from 'zod';
import { TERRITORY_FIELDS, TerritoryDto, type TerritoryField } from './territory.ts';

// GET /api/territories answers docs/rules.md §3's full territory by default. A program that follows a large
// world asks only for the fields it shows (`fields`) and only for the part of the map it looks at
// (`bbox`), or only what changed since the world sequence number it last saw (`since`), so learning
// that one owner changed does not cost the whole world in full.

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

export interface BoundingBox {
  minLongitude: number;
  minLatitude: number;
  maxLongitude: number;
  maxLatitude: number;
}

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
  })
  // A territory whose pin left the box would silently stay in the client's copy.
  .refine((query) => query.since === undefined || query.bbox === undefined, { error: 'since cannot be combined with bbox' });
export type TerritoryListQuery = z.infer<typeof TerritoryListQuery>;

/** A territory with only some of its fields: what `?fields=` answers. Its id is always there. */
export const SlimTerritoryDto = TerritoryDto.partial()
  .required({ id: true })
  .strict()
  .meta({ id: 'SlimTerritory', description: 'A territory with only the fields asked for (id is always kept)' });
export type SlimTerritoryDto = z.infer<typeof SlimTerritoryDto>;

export { WORLD_SEQ_HEADER } from './world-seq.ts';

/**
 * GET /api/territories?since=: the territories changed after `since`, and `seq` to send next time.
 * `full` says the server no longer keeps the changes that far back and answered the whole world,
 * so the client replaces its copy instead of merging. Territories are never deleted, so a change
 * is always a territory to merge.
 */
export const WorldChangesDto = z
  .object({ seq: z.number().int().nonnegative(), full: z.boolean(), territories: z.array(z.union([TerritoryDto, SlimTerritoryDto])) })
  .meta({ id: 'WorldChanges' });
export type WorldChangesDto = z.infer<typeof WorldChangesDto>;

export function insideBox(territory: Pick<TerritoryDto, 'latitude' | 'longitude'>, box: BoundingBox): boolean {
  const latitude = Number(territory.latitude);
  const longitude = Number(territory.longitude);
  return latitude >= box.minLatitude && latitude <= box.maxLatitude && longitude >= box.minLongitude && longitude <= box.maxLongitude;
}

export function pickFields(territory: TerritoryDto, fields: readonly TerritoryField[]): SlimTerritoryDto {
  return { ...Object.fromEntries(fields.map((field) => [field, territory[field]])), id: territory.id };
}
