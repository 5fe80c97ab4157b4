import { z } from 'zod';
import { OFFER_DEFAULT_HOURS, OFFER_MAX_HOURS, OFFER_MIN_HOURS, OFFER_STATUSES } from '../rules/offers.ts';
import { wholeDrk } from './territories.ts';

// The calls of docs/rules.md §4 "Offers": their bodies and their answers.

const HOURS_MESSAGE = `Please choose from ${OFFER_MIN_HOURS} hour to ${OFFER_MAX_HOURS / 24} days (${OFFER_MIN_HOURS} to ${OFFER_MAX_HOURS} hours)`;
const hoursField = z
  .number({ error: HOURS_MESSAGE })
  .int({ error: HOURS_MESSAGE })
  .min(OFFER_MIN_HOURS, { error: HOURS_MESSAGE })
  .max(OFFER_MAX_HOURS, {
    error: HOURS_MESSAGE,
  });

export const MakeOfferBody = z.strictObject({
  amount: wholeDrk('Please offer a whole number of DRK, at least 1', 1),
  expires_in_hours: hoursField
    .default(OFFER_DEFAULT_HOURS)
    .meta({ description: `How long the offer stands; ${OFFER_DEFAULT_HOURS} hours (7 days) when left out` }),
});
export type MakeOfferBody = z.infer<typeof MakeOfferBody>;

export const CounterOfferBody = z.strictObject({
  price: wholeDrk('Please ask a whole number of DRK, at least 1', 1),
  expires_in_hours: hoursField
    .optional()
    .meta({ description: 'How long the counter binds you; until the offer expires when left out, never longer' }),
});
export type CounterOfferBody = z.infer<typeof CounterOfferBody>;

export const AcceptCounterBody = z.strictObject({
  /** The price the buyer saw: a counter changed meanwhile is refused, not charged. */
  price: wholeDrk('price must be a whole number of DRK', 1).optional(),
});

export const EmptyBody = z.strictObject({});

export const MinOfferBody = z.strictObject({
  min_offer: z.union([wholeDrk('Please enter a whole minimum of at least 1 DRK', 1), z.null()], {
    error: 'Please enter a whole minimum of at least 1 DRK, or null for none',
  }),
});

export const OfferDto = z
  .object({
    id: z.number().int(),
    territory_id: z.number().int(),
    territory_name: z.string(),
    buyer_id: z.string(),
    buyer_name: z.string(),
    owner_id: z.string(),
    owner_name: z.string(),
    amount: z.number().int(),
    status: z.enum(OFFER_STATUSES),
    /** The owner's standing counter, or null (none, or its time ran out). */
    counter_price: z.number().int().nullable(),
    counter_expires_at: z.string().nullable(),
    created_at: z.string(),
    expires_at: z.string(),
    ended_at: z.string().nullable(),
  })
  .meta({ id: 'Offer' });
export type OfferDto = z.infer<typeof OfferDto>;

/** GET /api/territories/{id}/offers: the best open offer for anyone, every open one for its owner. */
export const TerritoryOffersDto = z.object({
  min_offer: z.number().int().nullable(),
  open: z.number().int(),
  best: z.object({ amount: z.number().int(), expires_at: z.string() }).nullable(),
  /** Every open offer, best first: only for the owner (null for anyone else). */
  offers: z.array(OfferDto).nullable(),
  /** The viewer's own open offer on it, if any. */
  mine: OfferDto.nullable(),
});
export type TerritoryOffersDto = z.infer<typeof TerritoryOffersDto>;

/** The most ended offers a player's lists show beside the open ones. */
export const ENDED_OFFERS_SHOWN = 20;

/** GET /api/offers/made and /api/offers/received: open ones first, then the latest ended. */
export const OfferListDto = z.object({ offers: z.array(OfferDto) });
export type OfferListDto = z.infer<typeof OfferListDto>;

export const OfferAnswerDto = z.object({ message: z.string(), offer: OfferDto });
