import { z } from 'zod';
import { BROADCAST_MAX_LENGTH } from '../rules/store.ts';
import { requiredText } from './auth.ts';
import { PageDto, pageFields, TimeKey } from './pages.ts';
import { CheckoutDto } from './payments.ts';

export const BroadcastDto = z
  .object({
    id: z.number().int(),
    sender_id: z.string(),
    sender_name: z.string(),
    message: z.string(),
    paid: z.boolean(),
    created_at: z.string(),
    reach_count: z.number().int(),
    /** What the broadcast cost, in DRK at the store's rate (docs/rules.md §9 "DRK in dollars"). */
    cost: z.number(),
    /** What the sender paid for it, in US cents: a broadcast is bought with money, not DRK. */
    cost_cents: z.number().int(),
  })
  .meta({ id: 'Broadcast' });
export type BroadcastDto = z.infer<typeof BroadcastDto>;

export const BROADCAST_MESSAGE_REQUIRED = 'Please enter a message to broadcast';

// docs/rules.md §5 "Broadcast message": trimmed text is required, at most 200 characters.
const BroadcastMessage = requiredText(BROADCAST_MESSAGE_REQUIRED, BROADCAST_MAX_LENGTH);

export const BroadcastPaymentBody = z.object({
  userId: z.string({ error: 'userId must be text' }).max(100).optional(),
  message: BroadcastMessage,
});
export type BroadcastPaymentBody = z.infer<typeof BroadcastPaymentBody>;

export const SendBroadcastBody = z.object({
  sender_id: z.string({ error: 'sender_id must be text' }).max(100).optional(),
  message: BroadcastMessage,
  paid: z.boolean({ error: 'paid must be true or false' }).optional(),
});
export type SendBroadcastBody = z.infer<typeof SendBroadcastBody>;

/**
 * Whether the player holds a verified, unused broadcast payment (the screen's paid state), and,
 * while the day's broadcast is spent, the refusal a payment would get now.
 */
/** A broadcast checkout the player started and has neither paid nor canceled: the screen offers to resume or cancel it. */
export const OpenBroadcastCheckoutDto = z
  .object({ checkout: CheckoutDto, message: z.string(), started_at: z.string() })
  .meta({ id: 'OpenBroadcastCheckout' });
export type OpenBroadcastCheckoutDto = z.infer<typeof OpenBroadcastCheckoutDto>;

export const BroadcastAllowanceDto = z
  .object({ paid: z.boolean(), limit_reached: z.string().nullable(), open_checkout: OpenBroadcastCheckoutDto.nullable() })
  .meta({ id: 'BroadcastAllowance' });
export type BroadcastAllowanceDto = z.infer<typeof BroadcastAllowanceDto>;

/** How many broadcasts GET /api/broadcasts/recent answers without limit or cursor. */
export const RECENT_BROADCASTS = 20;
/** GET /api/broadcasts/recent pages back through every broadcast when asked with limit or cursor. */
export const BroadcastsPageQuery = z.object(
  pageFields(z.tuple([TimeKey, z.number().int().positive()]), ['2026-01-01T12:00:00.000000+00:00', 42]),
);
export const BroadcastsPage = PageDto(BroadcastDto, 'BroadcastsPage');
