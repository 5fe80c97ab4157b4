import { Link, useLocation } from 'react-router';
import { STARTING_BALANCE } from '../../schema/constants.ts';
import { formatDrk } from '../format.ts';
import './LoginRequired.css';

interface LoginRequiredProps {
  /** What the visitor could do here once logged in, e.g. "see your revenue". */
  action?: string;
}

/** Where a login or a registration asked from a page (`/login?next=/revenue`) goes back to: a path of this site only, never another's. */
export function returnPath(next: string | null): string {
  return next && next.startsWith('/') && !next.startsWith('//') && !next.startsWith('/\\') ? next : '/';
}

/** The login or register page, asked to come back to `path` afterwards rather than to the map. */
export function askedFrom(page: '/login' | '/register', path: string | null): string {
  return path === null || returnPath(path) === '/' ? page : `${page}?next=${encodeURIComponent(path)}`;
}

function useHere(): string {
  const here = useLocation();
  return here.pathname + here.search;
}

/** The login page, asked to come back here afterwards. */
export function useLoginHere(): string {
  return askedFrom('/login', useHere());
}

/** The register page, asked to come back here once the account is made. */
export function useRegisterHere(): string {
  return askedFrom('/register', useHere());
}

// docs/rules.md §2: a visitor without a session sees this on the screens that need a user.
export function LoginRequired({ action }: LoginRequiredProps) {
  const login = useLoginHere();
  const register = useRegisterHere();
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
        <Link className="button" to={register}>
          Register
        </Link>
      </div>
    </section>
  );
}
