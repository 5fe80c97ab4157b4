import { z } from 'zod';
import { requiredText } from './auth.ts';
import { IdField, IdParam, UserId } from './ids.ts';
import { DEFAULT_BASE_PRICE, MAX_DRK_SUPPLY, UPGRADE_TIERS, type TerritoryType } from '../constants.ts';
import { AdDto } from './ads.ts';
import { cursorOf, encodeCursor, pageFields, pageLimit, TimeKey } from './pages.ts';
import { NEXT_CURSOR_HEADER, WORLD_PAGE_SIZE } from './territory-list.ts';
import { TerritoryDto } from './territory.ts';
import { nameProblem, normaliseName } from '../rules/names.ts';
import { TRADE_EXCLUSIONS } from '../rules/trade-filter.ts';

// Request validators and answers of the /api/territories calls beyond the plain TerritoryDto (docs/rules.md §7).

/** docs/rules.md §7 payloads name the acting user; the router checks it against the session. */
const actingUser = z.string({ error: 'userId must be a user id' }).max(100, { error: 'userId must be a user id' }).optional();

/** A whole number of DRK from 0 (or `min`) up to the supply cap: no price can ever be more. */
export const wholeDrk = (message: string, min = 0) =>
  z.number({ error: message }).int({ error: message }).min(min, { error: message }).max(MAX_DRK_SUPPLY, { error: message });

// docs/rules.md §3 carries latitude and longitude as strings; numbers are accepted too. No exponents, no
// NaN or Infinity: only what a person would type as a decimal. A blank field counts as missing.
const DECIMAL = /^[+-]?(\d{1,3}(\.\d{0,12})?|\.\d{1,12})$/;
const blankToUndefined = (value: unknown) => (value === null || (typeof value === 'string' && value.trim() === '') ? undefined : value);
export const decimalCoordinate = (message: string, missing = message) =>
  z
    .preprocess(
      blankToUndefined,
      z.union([z.number(), z.string().trim().regex(DECIMAL, { error: message })], {
        error: (issue) => (issue.input === undefined ? missing : message),
      }),
    )
    // A number as JSON carries it may be finer than a string may (4.4e-323): it is rounded to the
    // string's 12 decimals, as PostgreSQL refuses a double that small instead of storing 0.
    .transform((value) => Number(Number(value).toFixed(12)))
    .pipe(z.number().finite({ error: message }));

const inRange = (name: string, limit: number) =>
  z
    .number()
    .min(-limit, { error: `${name} must be between -${limit} and ${limit}` })
    .max(limit, { error: `${name} must be between -${limit} and ${limit}` });

export const PurchaseBody = z.object({
  userId: actingUser,
  /** The price the buyer saw; when given, a listing changed in the meantime is refused, not charged. */
  sale_price: wholeDrk('sale_price must be a whole number of DRK').optional(),
});

export const UpgradeBody = z.object({
  userId: actingUser,
  upgrade_tier: z.enum(UPGRADE_TIERS, { error: `upgrade_tier must be one of ${UPGRADE_TIERS.join(', ')}` }),
});

// docs/rules.md §5 "Description": the messages of its two toasts.
export const DESCRIPTION_TOO_SHORT = 'Please provide at least 10 characters for your territory description.';
export const DESCRIPTION_TOO_LONG = 'Territory description must be 500 characters or less.';
export const DESCRIPTION_MIN = 10;
export const DESCRIPTION_MAX = 500;
export const DescriptionText = z
  .string({ error: DESCRIPTION_TOO_SHORT })
  .trim()
  .min(DESCRIPTION_MIN, { error: DESCRIPTION_TOO_SHORT })
  .max(DESCRIPTION_MAX, { error: DESCRIPTION_TOO_LONG });
export const DescriptionBody = z.object({
  userId: actingUser,
  description: DescriptionText,
});

/**
 * A territory's name goes through the rules of players' names (schema/rules/names.ts): NFKC
 * normalised, no control, zero-width or direction-changing characters, at least one letter or
 * digit. Whether it is reserved or looks like another territory's name is the server's check.
 */
const territoryName = (missing: string) =>
  z
    .string({ error: missing })
    .transform(normaliseName)
    .pipe(
      z
        .string()
        .min(1, { error: missing })
        .max(100, { error: 'Territory name must be 100 characters or less.' })
        .superRefine((name, context) => {
          const problem = nameProblem(name);
          if (problem) context.addIssue({ code: 'custom', message: problem });
        }),
    );

export const RenameBody = z.object({
  userId: actingUser,
  name: territoryName('Please enter a territory name'),
});

export const PositionBody = z.object({
  userId: actingUser,
  latitude: decimalCoordinate('Latitude must be a decimal number', 'Latitude and longitude are required'),
  longitude: decimalCoordinate('Longitude must be a decimal number', 'Latitude and longitude are required'),
});

// docs/rules.md §5 "Rent amount". Null puts the territory back on the rule's default rent.
export const RENT_AMOUNT_INVALID = 'Please enter a valid rent amount (0 or positive number)';
export const RentBody = z.object({
  userId: actingUser,
  rentAmount: z.union([wholeDrk(RENT_AMOUNT_INVALID), z.null()], { error: RENT_AMOUNT_INVALID }),
});

export const AssignBody = z.object({
  /** The recipient: the acting user is always the session's Wanakt. */
  userId: UserId,
  price: wholeDrk('Price must be a whole number of DRK, 0 or more').default(0),
});

/** The recipient of a gift, by username as players know each other (matched whatever its case, as at login). */
export const GiftBody = z.object({ to: requiredText('Please name the player to give it to', 32) });
export type GiftBody = z.infer<typeof GiftBody>;

export const ListingBody = z.object({
  userId: actingUser,
  sale_price: z.union([wholeDrk('Please enter a whole asking price of at least 1 DRK', 1), z.null()], {
    error: 'Please enter a whole asking price of at least 1 DRK, or null to withdraw the listing',
  }),
});

// docs/rules.md §5 "Settlement".
export const MISSING_FIELDS = 'Please fill in all required fields';
/** The types the Wanakt can found, settlements of the feudal tree first. */
export const SETTLEMENT_TYPES = ['main', 'city', 'town', 'village', 'sub', 'common', 'wonder'] as const satisfies readonly TerritoryType[];
export type SettlementType = (typeof SETTLEMENT_TYPES)[number];
export const CreateTerritoryBody = z.object({
  userId: actingUser,
  name: territoryName(MISSING_FIELDS),
  latitude: decimalCoordinate('Latitude must be a decimal number', MISSING_FIELDS).pipe(inRange('Latitude', 90)),
  longitude: decimalCoordinate('Longitude must be a decimal number', MISSING_FIELDS).pipe(inRange('Longitude', 180)),
  type: z.enum(SETTLEMENT_TYPES, { error: `type must be one of ${SETTLEMENT_TYPES.join(', ')}` }).default('main'),
  basePrice: wholeDrk('Base price must be a whole number of DRK, 0 or more').default(DEFAULT_BASE_PRICE),
  /** The overlord, when the Wanakt names one; otherwise the nearest territory of the level above. */
  parent_territory_id: IdField('parent_territory_id').nullish(),
});
export type CreateTerritoryBody = z.infer<typeof CreateTerritoryBody>;

/** One territory of GET /api/territories/hierarchy, with its vassals nested under it. */
export interface HierarchyNode extends TerritoryDto {
  overlord: { name: string } | null;
  /** Its vassals, nested: all of them in a world that fits one answer, none in a larger one (read them with ?lord=). */
  vassals: HierarchyNode[];
  /** How many vassals it has, listed in `vassals` or not. */
  vassal_count: number;
  /** What its owned vassals owe it per rent period (schema/rules/rent.ts rentDue). */
  collectsRent: number;
  /** What it owes per rent period (schema/rules/rent.ts rentOwed), 0 when it owes nothing. */
  paysRent: number;
  /** The name of the player its rent goes to, or null when it pays none. */
  paysTo: string | null;
  /** It would owe rent, but its lord is unowned: rent to an unowned lord goes to nobody. */
  paysNobody: boolean;
  /** The rent the Wanakt set, or null when the rule's default applies. */
  rent_amount: number | null;
}
// A recursive type: zod infers it only through the getter, so the interface stays the source.
export const HierarchyNode: z.ZodType<HierarchyNode> = TerritoryDto.extend({
  overlord: z.object({ name: z.string() }).nullable(),
  get vassals() {
    return z.array(HierarchyNode);
  },
  vassal_count: z.number().int().min(0),
  collectsRent: z.number(),
  paysRent: z.number(),
  paysTo: z.string().nullable(),
  paysNobody: z.boolean(),
  rent_amount: z.number().nullable(),
}).meta({ id: 'HierarchyNode' });

/** Where a page of one lord's vassals starts: the last one's place in the tree's order (its type's rank, name and id). */
export const VassalCursor = z.tuple([z.number().int().min(0).max(99), z.string().max(100), z.number().int().min(0).max(2_147_483_647)]);
export type VassalCursor = z.infer<typeof VassalCursor>;

export const HierarchyQuery = z.object({
  lord: IdParam('lord').optional().meta({
    description: 'Only the vassals of this territory, a page at a time, each with vassal_count and no vassals nested',
    example: '2',
  }),
  limit: pageLimit(WORLD_PAGE_SIZE)
    .optional()
    .meta({ description: `Territories per page, 1 to ${WORLD_PAGE_SIZE} (the default)`, example: '500' }),
  cursor: cursorOf(VassalCursor)
    .optional()
    .meta({ description: `The ${NEXT_CURSOR_HEADER} header of the page before; opaque`, example: encodeCursor([2, 'Brooklyn', 40]) }),
});
export type HierarchyQuery = z.infer<typeof HierarchyQuery>;

export const VisitDto = z.object({ visits: z.number().int(), ad: AdDto.optional() }).meta({ id: 'Visit' });
export type VisitDto = z.infer<typeof VisitDto>;

export const MessageDto = z.object({ message: z.string() }).meta({ id: 'Message' });
export type MessageDto = z.infer<typeof MessageDto>;

/** One change of owner, newest first in GET /api/territories/{id}/history. */
export const OwnershipChangeDto = z
  .object({
    id: z.number().int(),
    from_owner_id: z.string().nullable(),
    from_owner_name: z.string().nullable(),
    to_owner_id: z.string().nullable(),
    to_owner_name: z.string().nullable(),
    price: z.number(),
    reason: z.enum(['purchase', 'assignment', 'gift']),
    /** A sale between linked accounts (docs/rules.md §10 "Fair play"): it counts for no season task or ranking. */
    linked: z.boolean(),
    /** Why the sale counts for no price, index, ranking or season task (docs/rules.md §4 "Trades that count"); null when it counts. */
    not_counted: z.enum(TRADE_EXCLUSIONS).nullable(),
    created_at: z.string(),
  })
  .meta({ id: 'OwnershipChange' });
export type OwnershipChangeDto = z.infer<typeof OwnershipChangeDto>;

/** How many changes of owner a history read without limit or cursor answers. */
export const HISTORY_LIMIT = 200;
/** GET /api/territories/{id}/history pages back through every change when asked with limit or cursor. */
export const HistoryPageQuery = z.object(
  pageFields(z.tuple([TimeKey, z.number().int().positive()]), ['2026-01-01T12:00:00.000000+00:00', 42]),
);
/** The latest changes; a paginated read adds next_cursor, null on the last page. */
export const TerritoryHistoryDto = z
  .object({ history: z.array(OwnershipChangeDto), next_cursor: z.string().nullable().optional() })
  .meta({ id: 'TerritoryHistory' });

/** The answer of an upgrade: what it cost. */
export const UpgradedDto = z.object({ message: z.string(), cost: z.number() }).meta({ id: 'Upgraded' });

/** The answer of a rename or a new description: the territory as it now reads. */
export const TerritoryEditedDto = z.object({ message: z.string(), territory: TerritoryDto }).meta({ id: 'TerritoryEdited' });

export const PositionSavedDto = z
  .object({ message: z.string(), id: z.number().int(), latitude: z.string(), longitude: z.string() })
  .meta({ id: 'PositionSaved' });
