import { useQueryClient, useQuery } from '@tanstack/react-query';
import type { TradeHoldReason } from '../../schema/rules/trade-holds.ts';
import { queryKeyOf } from '../../schema/reads/address.ts';
import { liftTradeHold, serverMessageOr } from '../api.ts';
import { readQuery } from '../state/query.ts';
import { showToast } from '../state/toasts.ts';
import { QueryState } from '../admin/QueryState.tsx';
import { formatDateTime } from '../format.ts';

const REASON_WORDS: Record<TradeHoldReason, string> = {
  password: 'Password changed',
  email: 'E-mail address changed',
  new_network: 'Logged in from a new network',
};

/**
 * Accounts whose trades are on hold (docs/rules.md §4 "Trade holds"): the Wanakt lifts one when the
 * owner has shown the change was theirs.
 */
export function TradeHolds() {
  const queryClient = useQueryClient();
  const holds = useQuery(readQuery('/admin/trade-holds'));

  async function lift(userId: string) {
    try {
      const answer = await liftTradeHold(userId);
      showToast({ title: 'Hold Lifted', description: answer.message });
    } catch (error) {
      showToast({ variant: 'destructive', title: 'Not Lifted', description: serverMessageOr(error, 'The hold could not be lifted') });
    }
    await Promise.all(
      (['/admin/trade-holds', '/admin/audit'] as const).map((path) => queryClient.invalidateQueries({ queryKey: queryKeyOf(path) })),
    );
  }

  return (
    <section className="panel card stack" aria-labelledby="trade-holds-heading" data-testid="trade-holds">
      <h2 id="trade-holds-heading">Trade holds</h2>
      <p className="muted">
        For a day after a password change, an e-mail change or a login from a new network, an account can make offers and bid but passes no
        land or DRK to anyone.
      </p>
      <QueryState queries={[holds]} what="the trade holds">
        {holds.data?.length === 0 ? (
          <p className="muted">No account is on hold.</p>
        ) : (
          <ul className="stack trade-hold-list">
            {holds.data?.map((hold) => (
              <li key={hold.user_id} className="trade-hold-entry" data-testid="trade-hold-entry">
                <span>
                  <strong>{hold.username}</strong>: {REASON_WORDS[hold.reason]}, until {formatDateTime(hold.until)}
                </span>
                <button className="button small" type="button" onClick={() => void lift(hold.user_id)}>
                  Lift hold
                </button>
              </li>
            ))}
          </ul>
        )}
      </QueryState>
    </section>
  );
}
