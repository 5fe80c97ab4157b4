import { Link, useLocation } from 'react-router';
import { STARTING_BALANCE } from '../../schema/constants.ts';
import { formatDrk } from '../format.ts';
import './LoginRequired.css';

interface LoginRequiredProps {
  /** What the visitor could do here once logged in, e.g. "see your revenue". */
  action?: string;
}

/** The login page, asked to come back here afterwards rather than to the map (routes/Login.tsx, returnPath). */
export function useLoginHere(): string {
  const here = useLocation();
  const path = here.pathname + here.search;
  return path === '/' ? '/login' : `/login?next=${encodeURIComponent(path)}`;
}

// docs/rules.md §2: a visitor without a session sees this on the screens that need a user.
export function LoginRequired({ action }: LoginRequiredProps) {
  const login = useLoginHere();
  return (
    <section className="panel login-required" data-testid="login-required" role="status">
      <h2>Login Required</h2>
      <p className="muted">
        {action ? `Please log in to ${action}.` : 'Please log in to use this page.'} New to Wanakt World? Create an account and start with{' '}
        {formatDrk(STARTING_BALANCE)}.
      </p>
      <div className="login-required-links">
        <Link className="button primary" to={login}>
          Log in
        </Link>
        <Link className="button" to="/register">
          Register
        </Link>
      </div>
    </section>
  );
}
