import { Link } from 'react-router';
import { logout, serverMessageOr } from '../api.ts';
import { formatDrk } from '../format.ts';
import { useSession } from '../state/session.ts';
import { showToast } from '../state/toasts.ts';
import { ownedCount, useWorld } from '../state/world.ts';
import { NotificationBell } from '../notifications/NotificationBell.tsx';
import { BannerRotator } from './BannerRotator.tsx';
import { LiveStatus } from './LiveStatus.tsx';
import { PlayerLink } from './PlayerLink.tsx';

export function TopBar() {
  const account = useSession((state) => state.account);
  const sessionStatus = useSession((state) => state.status);
  const clear = useSession((state) => state.clear);
  const worldReady = useWorld((state) => state.status === 'ready');
  const territoryCount = useWorld((state) => (account ? ownedCount(state.territories, account.id) : 0));

  async function logOut() {
    try {
      await logout();
      clear();
    } catch (error) {
      showToast({
        variant: 'destructive',
        title: 'Logout Failed',
        description: serverMessageOr(error, 'Logout failed. Please try again.'),
      });
    }
  }

  return (
    <header className="top-bar">
      <Link className="brand" to="/">
        Wanakt World
      </Link>
      <BannerRotator />
      <LiveStatus />
      {account && (
        <div className="stats">
          <div className="stat">
            <span className="stat-label">Balance</span>
            <Link className="stat-value" data-testid="balance" to="/account" title="Your account statement">
              {formatDrk(account.drk_balance)}
            </Link>
          </div>
          <div className="stat">
            <span className="stat-label">Territories</span>
            <span className="stat-value" data-testid="territory-count">
              {worldReady ? territoryCount : '…'}
            </span>
          </div>
        </div>
      )}
      <nav className="account">
        <Link className="button primary" to="/drk-store">
          Buy DRK
        </Link>
        {account ? (
          <>
            <NotificationBell />
            <PlayerLink className="username" name={account.username} />
            <button className="button" type="button" onClick={logOut}>
              Log out
            </button>
          </>
        ) : (
          sessionStatus === 'ready' && (
            <>
              <Link className="button" to="/login">
                Log in
              </Link>
              <Link className="button primary" to="/register">
                Join Game
              </Link>
            </>
          )
        )}
      </nav>
    </header>
  );
}
