import type { OwnershipChangeDto } from '../../schema/api/territories.ts';
import type { TerritoryDto } from '../../schema/api/territory.ts';
import { WANAKT_USER_ID } from '../../schema/constants.ts';

export interface TradeFigures {
  trades: number;
  /** The mean price of the trades that count (docs/rules.md §4 "Trades that count") in whole DRK, or null before the first. */
  averagePrice: number | null;
}

/**
 * Trades are purchases; gifts and the Wanakt's assignments change owners without a market price.
 * A trade the filter leaves out is one of the trades, but its price is no price of the market.
 */
export function tradeFigures(history: readonly OwnershipChangeDto[]): TradeFigures {
  const purchases = history.filter((change) => change.reason === 'purchase');
  const counted = purchases.filter((change) => change.not_counted === null);
  const total = counted.reduce((sum, change) => sum + change.price, 0);
  return { trades: purchases.length, averagePrice: counted.length === 0 ? null : Math.round(total / counted.length) };
}

/** The marketplace's own figures, from the listings it shows. */
export function listingFigures(listings: readonly TerritoryDto[]) {
  const prices = listings.map((territory) => territory.sale_price ?? 0);
  return {
    count: listings.length,
    fromPlayers: listings.filter((territory) => territory.owner_id !== null && territory.owner_id !== WANAKT_USER_ID).length,
    cheapest: prices.length > 0 ? Math.min(...prices) : null,
    averageAsk: prices.length > 0 ? Math.round(prices.reduce((sum, price) => sum + price, 0) / prices.length) : null,
  };
}
