/** Player-to-player and treasury sales of territories over the last 30 days, from the ledger. */
export interface MarketStatsDto {
  trades_30d: number;
  /** Average price paid in those trades, in whole DRK; null when there were none. */
  average_price_30d: number | null;
  volume_30d: number;
  /** Change in traded volume against the 30 days before, in percent; null when those had none. */
  volume_growth_percent: number | null;
}
