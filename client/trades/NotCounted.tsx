import './trades.css';
import type { TradeExclusion } from '../../schema/rules/trade-filter.ts';
import { TRADE_EXCLUSION_TEXT } from '../../schema/rules/trade-filter.ts';

// docs/rules.md §4 "Trades that count": a trade the filter leaves out is shown where it is listed,
// with why, never hidden.
export function NotCounted({ reason }: { reason: TradeExclusion | null }) {
  if (reason === null) return null;
  return (
    <span className="not-counted" data-testid="trade-not-counted" data-reason={reason}>
      not counted: {TRADE_EXCLUSION_TEXT[reason]}
    </span>
  );
}
