import { useQuery } from '@tanstack/react-query';
import type { LinkSignal } from '../../schema/rules/fair-play.ts';
import { readQuery } from '../state/query.ts';
import { QueryState } from '../admin/QueryState.tsx';

const SIGNAL_WORDS: Record<LinkSignal, string> = {
  address: 'Shared network',
  card: 'Shared card',
  email: 'Same mailbox',
  land: 'Land passed',
};

/** Accounts that count as one person's (docs/rules.md §10 "Fair play"), each cluster with the evidence that links it. */
export function LinkedAccounts() {
  const found = useQuery(readQuery('/admin/fair-play/clusters'));

  return (
    <section className="panel card stack" aria-labelledby="linked-heading" data-testid="linked-accounts">
      <h2 id="linked-heading">Linked accounts</h2>
      <p className="muted">
        Accounts in one cluster count as one player: nothing between them counts in a season, and they share one share of its pool.
      </p>
      <QueryState queries={[found]} what="the linked accounts">
        {found.data?.length === 0 ? (
          <p className="muted">No accounts are linked.</p>
        ) : (
          found.data?.map((cluster) => (
            <article key={cluster.members[0].id} className="stack" data-testid="linked-cluster">
              <h3>{cluster.members.map((member) => member.username).join(', ')}</h3>
              <ul className="stack">
                {cluster.evidence.map((link, index) => (
                  <li key={index} data-testid="link-evidence">
                    <strong>{SIGNAL_WORDS[link.signal]}</strong>: {link.detail}, between {link.users.join(', ')}
                  </li>
                ))}
              </ul>
            </article>
          ))
        )}
      </QueryState>
    </section>
  );
}
