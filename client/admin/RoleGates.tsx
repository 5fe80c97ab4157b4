import type { ReactNode } from 'react';
import { LoginRequired } from '../hud/LoginRequired.tsx';
import { useSession } from '../state/session.ts';

// The admin screens show their controls to the Wanakt only; the server refuses everyone else anyway.
export function WanaktOnly({ children }: { children: ReactNode }) {
  const account = useSession((state) => state.account);
  const status = useSession((state) => state.status);
  if (status === 'loading') return <p className="muted screen-loading">Loading…</p>;
  if (!account) return <LoginRequired action="manage the realm" />;
  if (!account.is_wanakt) {
    return (
      <section className="panel notice" data-testid="wanakt-only" role="status">
        <h2>Restricted</h2>
        <p>Only the Wanakt can use this page.</p>
      </section>
    );
  }
  return children;
}

// Screens that need a player, admin or not.
export function PlayerOnly({ action, children }: { action: string; children: (userId: string) => ReactNode }) {
  const account = useSession((state) => state.account);
  const status = useSession((state) => state.status);
  if (status === 'loading') return <p className="muted screen-loading">Loading…</p>;
  if (!account) return <LoginRequired action={action} />;
  return children(account.id);
}
