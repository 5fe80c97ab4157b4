// Prices you can trust (docs/rules.md §4 "Trades that count"): which trades between players count
// for prices, the price index, rankings and season tasks. One pure rule; the market service reads
// the facts of a sale as it happens and keeps the verdict on the sale's row.

/** Why a trade does not count, in the order they are tried: the first that applies is kept. */
export const TRADE_EXCLUSIONS = ['linked', 'round_trip', 'repeated_pair', 'off_market'] as const;
export type TradeExclusion = (typeof TRADE_EXCLUSIONS)[number];

/** The window, in days, over which round trips and repeated pairs are looked for, and the type's median taken. */
export const TRADE_FILTER_DAYS = 30;
/** The same two players' trade number this (or later) in the window does not count. */
export const REPEATED_PAIR_TRADES = 3;
/** A price below this share of the type's median, or above its multiple, does not count. */
export const OFF_MARKET_BELOW = 0.1;
export const OFF_MARKET_ABOVE = 10;
/**
 * A type with fewer counted trades than this in the window has no median to compare with: its thin
 * market is guarded by the fair-play link a sale far from the territory's own price makes.
 */
export const MEDIAN_MIN_TRADES = 5;

/** What is known of a sale between two players when it happens. */
export interface TradeFacts {
  /** The buyer and the seller are linked by the fair-play signals (docs/rules.md §10). */
  linked: boolean;
  /** The buyer sold or gave this territory away within the window: the land returns to a seller. */
  returnsToSeller: boolean;
  /** Trades between these two players, either way round, earlier in the window. */
  earlierPairTrades: number;
  price: number;
  /** The type's median price at the time; null when there is none to compare with. */
  typeMedian: number | null;
}

/** Whether a sale between two players counts, and if not, why. */
export function tradeExclusion(facts: TradeFacts): TradeExclusion | null {
  if (facts.linked) return 'linked';
  if (facts.returnsToSeller) return 'round_trip';
  if (facts.earlierPairTrades + 1 >= REPEATED_PAIR_TRADES) return 'repeated_pair';
  const median = facts.typeMedian;
  if (median !== null && median > 0 && (facts.price < median * OFF_MARKET_BELOW || facts.price > median * OFF_MARKET_ABOVE))
    return 'off_market';
  return null;
}

/** Why a trade does not count, as the two players and the open books are told. */
export const TRADE_EXCLUSION_TEXT: Record<TradeExclusion, string> = {
  linked: 'between linked accounts (one person on both sides)',
  round_trip: `a round trip: the land went back to a seller within ${TRADE_FILTER_DAYS} days`,
  repeated_pair: `the same two players' trade number ${REPEATED_PAIR_TRADES} or more within ${TRADE_FILTER_DAYS} days`,
  off_market: `a price below ${OFF_MARKET_BELOW * 100} % or above ${OFF_MARKET_ABOVE}× the type's median`,
};
