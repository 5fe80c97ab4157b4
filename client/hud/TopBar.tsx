import { Link } from 'react-router';
import { formatDrk } from '../format.ts';
import { useSession } from '../state/session.ts';
import { ownedCount, useWorld } from '../state/world.ts';
import { NotificationBell } from '../notifications/NotificationBell.tsx';
import { BannerRotator } from './BannerRotator.tsx';
import { useLoginHere, useRegisterHere } from './LoginRequired.tsx';
import { LiveStatus } from './LiveStatus.tsx';
import { PlayerLink } from './PlayerLink.tsx';
import { useLogOut } from './useLogOut.ts';

// On a phone the bar is one row (styles.css): the brand, the status, the balance, the bell and Buy DRK;
// Log out moves into the menu drawer (PhoneAccount in routes/Dashboard.tsx) and the banner into a thin strip below.
// `offMap`: the bar over every other page (admin/Screen.tsx), so the balance, the bell and the way to log in
// stay in reach there. It has no banner (an ad is shown to those looking at its region of the map), no
// live status and no territory count: such a page joins no live room and loads no world.
export function TopBar({ offMap = false }: { offMap?: boolean }) {
  const account = useSession((state) => state.account);
  const sessionStatus = useSession((state) => state.status);
  const logOut = useLogOut();
  const login = useLoginHere();
  const register = useRegisterHere();
  const worldReady = useWorld((state) => state.status === 'ready');
  const territoryCount = useWorld((state) => (account ? ownedCount(state.territories, account.id) : 0));

  return (
    <header className="top-bar">
      <Link className="brand" to="/">
        Wanakt World
      </Link>
      {!offMap && <BannerRotator />}
      {!offMap && <LiveStatus />}
      {account && (
        <div className="stats">
          <div className="stat">
            <span className="stat-label">Balance</span>
            <Link className="stat-value" data-testid="balance" to="/account" title="Your account statement">
              {formatDrk(account.drk_balance)}
            </Link>
          </div>
          {!offMap && (
            <div className="stat">
              <span className="stat-label">Territories</span>
              <span className="stat-value" data-testid="territory-count">
                {worldReady ? territoryCount : '…'}
              </span>
            </div>
          )}
        </div>
      )}
      <nav className="account">
        <Link className={account ? 'button primary' : 'button primary visitor-buy-drk'} to="/drk-store">
          Buy DRK
        </Link>
        {account ? (
          <>
            <NotificationBell />
            <PlayerLink className="username" name={account.username} />
            <button className="button log-out" type="button" onClick={() => void logOut()}>
              Log out
            </button>
          </>
        ) : (
          sessionStatus === 'ready' && (
            <>
              <Link className="button" to={login}>
                Log in
              </Link>
              <Link className="button primary" to={register}>
                Join Game
              </Link>
            </>
          )
        )}
      </nav>
    </header>
  );
}
