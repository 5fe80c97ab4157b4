import { formatDateTime } from '../format.ts';

// Trade holds (docs/rules.md §4 "Trade holds"): for a day after a password change, an e-mail
// change or a login from a network the account never used, a stolen account cannot move its land
// or DRK to someone else. It can still make offers and bid; it cannot accept an offer, start an
// auction, list below half its type's median, give land away or deposit into an alliance.

/** How long a hold lasts from the change that placed it. */
export const TRADE_HOLD_HOURS = 24;
export const TRADE_HOLD_MS = TRADE_HOLD_HOURS * 60 * 60 * 1000;
/** A listing below this share of the type's median is refused while held. */
export const HELD_LISTING_SHARE = 0.5;

export const TRADE_HOLD_REASONS = ['password', 'email', 'new_network'] as const;
export type TradeHoldReason = (typeof TRADE_HOLD_REASONS)[number];

export interface TradeHold {
  reason: TradeHoldReason;
  /** When it ends, as an ISO time. */
  until: string;
}

const BECAUSE: Record<TradeHoldReason, string> = {
  password: "the account's password was changed",
  email: "the account's e-mail address was changed",
  new_network: 'the account was logged in to from a network it had never used',
};

/** What a held account is told where it tries to (`action`, e.g. "give land away") and cannot. */
export function tradeHoldMessage(hold: TradeHold, action: string): string {
  return `You cannot ${action} until ${formatDateTime(hold.until)}: ${BECAUSE[hold.reason]}, so for ${TRADE_HOLD_HOURS} hours the account can make offers and bid, but not pass land or DRK to anyone. The Wanakt can lift the hold.`;
}

/**
 * Whether a listing price is low enough that a held account may not set it: below half the type's
 * median, or, where the type's market is too thin to have one, half the territory's own price.
 */
export function heldListingTooLow(price: number, reference: number): boolean {
  return price < reference * HELD_LISTING_SHARE;
}
