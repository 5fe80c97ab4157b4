import { Link } from 'react-router';
import { useIsWanakt, useSession } from '../state/session.ts';
import { useAdsInReview } from '../state/adsInReview.ts';

// `account`: the screen is a player's own (a button that needs an account says so before the click).
const PLAYER_LINKS = [
  { to: '/marketplace', label: 'Marketplace' },
  { to: '/revenue', label: 'Revenue', account: true },
  { to: '/wonders', label: 'Wonders' },
  { to: '/collectibles', label: 'Collectibles' },
  { to: '/broadcast', label: 'Broadcast', account: true },
  { to: '/feudal', label: 'Feudal Tree' },
  { to: '/advertise', label: 'Advertise' },
  { to: '/drk-store', label: 'DRK Store' },
  { to: '/economy', label: 'Economy' },
  { to: '/rankings', label: 'Rankings' },
  { to: '/season', label: 'Season' },
  { to: '/alliance', label: 'Alliance', account: true },
  { to: '/settings/api-keys', label: 'API Keys', account: true },
];

// docs/rules.md §2: the assign, currency and rent buttons are the Wanakt's alone.
const WANAKT_LINKS = [
  { to: '/admin/territories', label: 'Assign' },
  { to: '/admin/currency', label: 'Currency' },
  { to: '/rent', label: 'Rent' },
  { to: '/admin/desk', label: 'Desk' },
];

export function QuickActions() {
  const isWanakt = useIsWanakt();
  const inReview = useAdsInReview();
  const visitor = useSession((state) => state.status === 'ready' && state.account === null);
  return (
    <nav className="quick-actions" aria-label="Quick actions" data-testid="quick-actions">
      {PLAYER_LINKS.map((link) =>
        visitor && link.account ? (
          <Link
            key={link.to}
            className="button small"
            to={`/login?next=${encodeURIComponent(link.to)}`}
            data-needs-account="true"
            aria-label={`${link.label} (log in first)`}
            title="Log in first; you will come back here"
          >
            {link.label} <span aria-hidden="true">🔒</span>
          </Link>
        ) : (
          <Link key={link.to} className="button small" to={link.to}>
            {link.label}
          </Link>
        ),
      )}
      {isWanakt &&
        WANAKT_LINKS.map((link) => (
          <Link key={link.to} className="button small admin" to={link.to} data-admin="true">
            {link.label}
            {link.to === '/admin/desk' && inReview !== undefined && inReview > 0 && (
              <span className="chip-count" data-testid="desk-review-count" aria-label={`, ${inReview} ads to review`}>
                {inReview}
              </span>
            )}
          </Link>
        ))}
    </nav>
  );
}
