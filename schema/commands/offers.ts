import { z } from 'zod';
import { AcceptCounterBody, CounterOfferBody, EmptyBody, MakeOfferBody, MinOfferBody, OfferAnswerDto } from '../api/offers.ts';
import { MessageDto } from '../api/territories.ts';
import { owner, player } from './permission.ts';
import { payload, TargetId } from './ref.ts';
import { declareCommand, pathId } from './registry.ts';

// docs/rules.md §4 "Offers": each write on an offer names it; who may send it (its buyer, or the
// owner of its territory) is checked once the offer and its territory are locked.

const offerId = TargetId('Offer id');
const onOffer = <T extends string, S extends z.ZodType>(type: T, body: S) =>
  z.object({ type: z.literal(type), offerId, body: payload(body) });
const offerParams = { id: pathId('offerId', 'Offer id') };
const LOGIN = 'Please log in to make or answer offers';

export const MakeOffer = declareCommand(
  z.object({ type: z.literal('offer.make'), territoryId: TargetId('Territory id'), body: payload(MakeOfferBody) }),
  player(LOGIN),
  {
    method: 'post',
    path: '/territories/:id/offers',
    params: { id: pathId('territoryId', 'Territory id') },
    scope: 'trade',
    tag: 'Trade',
    summary: 'Offer DRK for a territory another player owns',
    description:
      'The amount leaves your balance at once and is held in escrow (a ledger line "held for an offer") until the offer ends, when it comes back (or pays for the territory). Refused below the owner\'s minimum offer, and beyond the limits of docs/rules.md §4 "Offers".',
    ok: { status: 201, schema: OfferAnswerDto, description: 'Offered; the DRK is held' },
    errors: [404, 409],
  },
);
/** An answer to an offer: `POST /offers/{id}/<action>`, by its buyer or the owner of its land. */
const answerToOffer = <T extends string, S extends z.ZodType>(type: T, body: S, action: string, summary: string, done: string) =>
  declareCommand(onOffer(type, body), player(LOGIN), {
    method: 'post',
    path: `/offers/:id/${action}`,
    params: offerParams,
    scope: 'trade',
    tag: 'Trade',
    summary,
    ok: { status: 200, schema: OfferAnswerDto, description: done },
    errors: [404, 409],
  });

export const WithdrawOffer = answerToOffer('offer.withdraw', EmptyBody, 'withdraw', 'Withdraw your offer; its DRK comes back', 'Withdrawn');
export const DeclineOffer = answerToOffer(
  'offer.decline',
  EmptyBody,
  'decline',
  'Decline an offer on your territory; its DRK goes back to its buyer',
  'Declined',
);
export const CounterOffer = answerToOffer(
  'offer.counter',
  CounterOfferBody,
  'counter',
  'Answer an offer on your territory with a higher price that binds you while it stands',
  'Countered',
);
export const AcceptOffer = answerToOffer(
  'offer.accept',
  EmptyBody,
  'accept',
  'Sell your territory for an offer: the held DRK is yours, every other offer on it returns',
  'Sold',
);
export const AcceptCounter = answerToOffer(
  'offer.accept-counter',
  AcceptCounterBody,
  'accept-counter',
  "Buy at the owner's standing counter: the held DRK counts toward it, the difference is paid",
  'Bought',
);
export const SetMinOffer = declareCommand(
  z.object({ type: z.literal('territory.set-min-offer'), territoryId: TargetId('Territory id'), body: payload(MinOfferBody) }),
  owner,
  {
    method: 'patch',
    path: '/territories/:id/min-offer',
    params: { id: pathId('territoryId', 'Territory id') },
    scope: 'trade',
    tag: 'Trade',
    summary: 'Set the lowest offer you will hear of for your territory (null: none)',
    description: 'Open offers below it stay; new ones below it are refused, with a message that says so.',
    ok: { status: 200, schema: MessageDto, description: 'Saved' },
  },
);

export const offerCommands = [MakeOffer, WithdrawOffer, DeclineOffer, CounterOffer, AcceptOffer, AcceptCounter, SetMinOffer] as const;
