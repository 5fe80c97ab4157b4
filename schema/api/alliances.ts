import { z } from 'zod';
import {
  ALLIANCE_NAME_MAX,
  ALLIANCE_NAME_MIN,
  ALLIANCE_ROLES,
  ALLIANCE_TAG_MAX,
  ALLIANCE_TAG_MIN,
  APPLICATION_KINDS,
  NAME_LENGTH_MESSAGE,
  PAYOUT_STATUSES,
} from '../rules/alliances.ts';
import { requiredText } from './auth.ts';
import { StatementPage } from './statement.ts';
import { wholeDrk } from './territories.ts';

// The calls of docs/rules.md §4 "Alliances": their bodies and their answers.

export const FoundAllianceBody = z.strictObject({
  name: requiredText('Please name the alliance', ALLIANCE_NAME_MAX)
    .refine((name) => Array.from(name).length >= ALLIANCE_NAME_MIN, { error: NAME_LENGTH_MESSAGE })
    .meta({ minLength: ALLIANCE_NAME_MIN, example: 'Northern Crowns' }),
  // Longer than its shape before it is folded (a fullwidth letter is one), so the shape's own message answers.
  tag: requiredText('Please choose a tag', ALLIANCE_TAG_MAX * 4).meta({ minLength: ALLIANCE_TAG_MIN, example: 'NC' }),
});
export type FoundAllianceBody = z.infer<typeof FoundAllianceBody>;

/** A player named as players know each other (matched whatever its case, as at login). */
export const PlayerNameBody = z.strictObject({ username: requiredText('Please name a player', 32) });
export const RoleBody = PlayerNameBody.extend({
  role: z.enum(['officer', 'member'], { error: 'A role is officer or member' }),
});
export const DepositBody = z.strictObject({ amount: wholeDrk('Please enter a whole number of DRK, at least 1', 1) });
export const PayoutBody = PlayerNameBody.extend({ amount: DepositBody.shape.amount });
export const DailyLimitBody = z.strictObject({ daily_limit: wholeDrk('Please enter a whole daily limit of DRK, 0 or more') });
export const NoBody = z.strictObject({});

export const AllianceRef = z
  .object({ id: z.number().int(), name: z.string(), tag: z.string() })
  .meta({ id: 'AllianceRef', description: 'An alliance as its members wear it' });

export const AllianceMemberDto = z
  .object({ username: z.string(), role: z.enum(ALLIANCE_ROLES), joined_at: z.string() })
  .meta({ id: 'AllianceMember' });

export const AllianceApplicationDto = z
  .object({
    id: z.number().int(),
    alliance: AllianceRef,
    username: z.string(),
    kind: z.enum(APPLICATION_KINDS),
    asked_by: z.string(),
    created_at: z.string(),
  })
  .meta({ id: 'AllianceApplication' });

export const AlliancePayoutDto = z
  .object({
    id: z.number().int(),
    to: z.string(),
    amount: z.number().int(),
    requested_by: z.string(),
    approved_by: z.string().nullable(),
    status: z.enum(PAYOUT_STATUSES),
    created_at: z.string(),
    sent_at: z.string().nullable(),
  })
  .meta({ id: 'AlliancePayout' });

export const AllianceLandDto = z.object({
  id: z.number().int(),
  name: z.string(),
  lat: z.number(),
  lng: z.number(),
  owner: z.string(),
});

export const AllianceTradeDto = z.object({
  territory_id: z.number().int(),
  territory_name: z.string(),
  from: z.string().nullable(),
  to: z.string(),
  price: z.number().int(),
  at: z.string(),
});

/** GET /api/alliances/{id}: what anyone sees, and what only its members (payouts) and officers (the door) see. */
export const AlliancePageDto = z
  .object({
    alliance: AllianceRef,
    founded_at: z.string(),
    closed_at: z.string().nullable(),
    members: z.array(AllianceMemberDto),
    treasury: z.object({ balance: z.number().int(), daily_limit: z.number().int(), sent_today: z.number().int() }),
    land: z.array(AllianceLandDto),
    trades: z.array(AllianceTradeDto),
    /** The viewer's role, null when it is no member. */
    my_role: z.enum(ALLIANCE_ROLES).nullable(),
    /** Pending payouts then the latest sent: members only (empty for anyone else). */
    payouts: z.array(AlliancePayoutDto),
    /** Open invitations and requests: officers and the leader only (empty for anyone else). */
    applications: z.array(AllianceApplicationDto),
  })
  .meta({ id: 'AlliancePage' });
export type AlliancePageDto = z.infer<typeof AlliancePageDto>;

/** GET /api/alliances/mine: the viewer's alliance, its invitations and its own requests. */
export const MyAllianceDto = z
  .object({
    alliance: AllianceRef.nullable(),
    role: z.enum(ALLIANCE_ROLES).nullable(),
    applications: z.array(AllianceApplicationDto),
  })
  .meta({ id: 'MyAlliance' });
export type MyAllianceDto = z.infer<typeof MyAllianceDto>;

export type AllianceListDto = z.infer<typeof AllianceListDto>;
/** The alliances GET /api/alliances lists. */
export const ALLIANCES_LISTED = 100;
/** What GET /api/alliances ranks by (docs/rules.md §4 "Alliances", "Standing"). */
export const ALLIANCE_BOARDS = ['members', 'land', 'wealth', 'earnings', 'tribute'] as const;
export type AllianceBoard = (typeof ALLIANCE_BOARDS)[number];
export const AllianceListQuery = z.strictObject({
  by: z.enum(ALLIANCE_BOARDS, { error: `by is one of ${ALLIANCE_BOARDS.join(', ')}` }).default('members'),
});

/** GET /api/alliances: the open alliances ranked by one standing, each with all of them. */
export const AllianceListDto = z.object({
  alliances: z.array(
    AllianceRef.extend({
      members: z.number().int(),
      /** Territories its members hold. */
      land: z.number().int(),
      /** Its members' balances and its treasury. */
      wealth: z.number().int(),
      /** What its members' land earned them in the last month paid. */
      earnings: z.number().int(),
      /** Rent its members received, all time, between accounts that are not linked. */
      tribute: z.number().int(),
    }),
  ),
});

/** The alliances GET /api/alliances/map colours, the most land first; with the viewer's own, one of the map's 12 colours each. */
export const ALLIANCES_ON_MAP = 11;
/** GET /api/alliances/map: who belongs to the alliances the map's alliance mode colours. */
export const AllianceMapDto = z
  .object({
    alliances: z.array(
      AllianceRef.extend({
        /** Territories its members hold. */
        land: z.number().int(),
        /** Its members' ids, as territories name their owners. */
        members: z.array(z.string()),
      }),
    ),
  })
  .meta({ id: 'AllianceMap' });
export type AllianceMapDto = z.infer<typeof AllianceMapDto>;

/** The most names one GET /api/alliances/tags asks about. */
export const MAX_TAG_LOOKUPS = 100;
export const TagsQuery = z.strictObject({
  names: z
    .string({ error: 'Name the players, comma-separated' })
    .max(MAX_TAG_LOOKUPS * 33, { error: 'Too many names' })
    .default('')
    .transform((names) => [...new Set(names.split(',').filter(Boolean))])
    .pipe(z.array(z.string().max(32)).max(MAX_TAG_LOOKUPS, { error: `At most ${MAX_TAG_LOOKUPS} names` })),
});
/** Each named player's alliance tag, by name as asked; players of no alliance are left out. */
export const TagsDto = z.object({ tags: z.record(z.string(), z.string()) });

export const AllianceStatementDto = StatementPage;

export const AllianceAnswerDto = z.object({ message: z.string(), alliance_id: z.number().int() });
export const PayoutAnswerDto = AllianceAnswerDto.extend({ payout: AlliancePayoutDto });

export type AllianceApplicationDto = z.infer<typeof AllianceApplicationDto>;
export type AlliancePayoutDto = z.infer<typeof AlliancePayoutDto>;
