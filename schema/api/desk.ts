import { z } from 'zod';
import { TRADE_HOLD_REASONS } from '../rules/trade-holds.ts';
import { UserId } from './ids.ts';

export const AUDIT_ACTIONS = [
  'mint',
  'assign',
  'rent',
  'rent_cycle',
  'settlement',
  'pin',
  'ad_approve',
  'ad_reject',
  'chat_remove',
  'broadcast_remove',
  'mute',
  'unmute',
  // A player's gift of a territory: value moving between accounts with no DRK, which the desk watches.
  'gift',
  // The desk lifting a trade hold (docs/rules.md §4 "Trade holds") before its day is over.
  'lift_hold',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

export const AuditEntryDto = z
  .object({
    id: z.number().int(),
    actor_id: z.string(),
    actor_name: z.string(),
    action: z.enum(AUDIT_ACTIONS),
    subject: z.string(),
    details: z.record(z.string(), z.unknown()),
    reason: z.string().nullable(),
    created_at: z.string(),
  })
  .meta({ id: 'AuditEntry' });
export type AuditEntryDto = z.infer<typeof AuditEntryDto>;

/** How many entries one page of the audit log holds. */
export const AUDIT_PAGE_SIZE = 50;

export const AuditQuery = z.object({
  action: z.enum(AUDIT_ACTIONS, { error: 'Unknown audit action' }).optional(),
  before: z
    .string({ error: 'before must be an entry id' })
    .regex(/^[1-9][0-9]{0,14}$/, { error: 'before must be an entry id' })
    .transform(Number)
    .optional(),
});

export const MODERATION_REASON_MIN = 3;
export const MODERATION_REASON_MAX = 300;
export const Reason = z
  .string({ error: 'Please give a reason' })
  .trim()
  .min(MODERATION_REASON_MIN, { error: 'Please give a reason' })
  .max(MODERATION_REASON_MAX, { error: `A reason must be ${MODERATION_REASON_MAX} characters or less` });

export const RemoveBody = z.strictObject({ reason: Reason });

/** The lengths of mute the desk offers, in minutes: an hour, a day, a week, thirty days. */
export const MUTE_MINUTES = [60, 1440, 10080, 43200] as const;

export const MuteBody = z.strictObject({
  userId: UserId,
  minutes: z.union(
    MUTE_MINUTES.map((m) => z.literal(m)) as [z.ZodLiteral<60>, z.ZodLiteral<1440>, z.ZodLiteral<10080>, z.ZodLiteral<43200>],
    {
      error: 'A mute lasts an hour, a day, a week or thirty days',
    },
  ),
  reason: Reason,
});
export type MuteBody = z.infer<typeof MuteBody>;

export const UnmuteBody = z.strictObject({ userId: UserId, reason: Reason });

/** An account whose trades are on hold now (docs/rules.md §4 "Trade holds"), as the desk lists it. */
export const TradeHoldEntryDto = z
  .object({ user_id: z.string(), username: z.string(), reason: z.enum(TRADE_HOLD_REASONS), until: z.string() })
  .meta({ id: 'TradeHoldEntry' });
export type TradeHoldEntryDto = z.infer<typeof TradeHoldEntryDto>;
export const LiftTradeHoldBody = z.strictObject({ userId: UserId });

export const MuteDto = z
  .object({ user_id: z.string(), username: z.string(), muted_until: z.string(), reason: z.string() })
  .meta({ id: 'Mute' });
export type MuteDto = z.infer<typeof MuteDto>;
