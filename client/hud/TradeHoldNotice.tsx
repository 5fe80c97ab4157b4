import { tradeHoldMessage } from '../../schema/rules/trade-holds.ts';
import { useAccount } from './territoryHooks.ts';

/**
 * The account's trade hold where it stops something (docs/rules.md §4 "Trade holds"): `action` is
 * what cannot be done here, as the server's refusal names it. Answers whether a hold is in force.
 */
export function useTradeHold(): boolean {
  const hold = useAccount()?.trade_hold ?? null;
  return hold !== null && Date.parse(hold.until) > Date.now();
}

export function TradeHoldNotice({ action }: { action: string }) {
  const held = useTradeHold();
  const hold = useAccount()?.trade_hold ?? null;
  if (!held || hold === null) return null;
  return (
    <p className="trade-hold-notice" role="status" data-testid="trade-hold">
      {tradeHoldMessage(hold, action)}
    </p>
  );
}
