import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import type { AccountDto } from '../../schema/api/user.ts';
import { STARTING_BALANCE } from '../../schema/constants.ts';
import { register, serverMessageOr } from '../api.ts';
import { formatDrk } from '../format.ts';
import { useSession } from '../state/session.ts';
import { showToast } from '../state/toasts.ts';

export default function Register() {
  const setAccount = useSession((state) => state.setAccount);
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [invalid, setInvalid] = useState(false);
  const [pending, setPending] = useState(false);
  const [created, setCreated] = useState<AccountDto | null>(null);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    // SPEC §5: both fields must be non-empty after trimming; the password itself is sent as typed.
    if (!username.trim() || !password.trim()) {
      setInvalid(true);
      return;
    }
    setInvalid(false);
    setPending(true);
    try {
      const account = await register({ username: username.trim(), password });
      setAccount(account);
      setCreated(account);
    } catch (error) {
      showToast({
        variant: 'destructive',
        title: 'Registration Failed',
        description: serverMessageOr(error, 'Registration failed. Please try again.'),
      });
    } finally {
      setPending(false);
    }
  }

  if (created) {
    return (
      <main className="auth-page">
        <section className="panel auth-panel" data-testid="register-success">
          <h1>Welcome to Wanakt World</h1>
          <p className="muted">Your account is ready and you are logged in.</p>
          <dl className="facts">
            <dt>Username</dt>
            <dd>{created.username}</dd>
            <dt>Starting balance</dt>
            <dd>{formatDrk(created.drk_balance)}</dd>
            <dt>User ID</dt>
            <dd className="mono" data-testid="user-id">
              {created.id}
            </dd>
          </dl>
          <Link className="button primary" to="/">
            Go to the map
          </Link>
        </section>
      </main>
    );
  }

  return (
    <main className="auth-page">
      <form className="panel auth-panel" data-testid="register-form" onSubmit={submit} noValidate>
        <h1>Create your account</h1>
        <p className="muted">Claim territories on the world map. New players start with {formatDrk(STARTING_BALANCE)}.</p>
        <label className="field">
          <span>Username</span>
          <input
            name="username"
            autoComplete="username"
            value={username}
            onChange={(event) => setUsername(event.target.value)}
            aria-invalid={invalid && !username.trim()}
          />
        </label>
        <label className="field">
          <span>Password</span>
          <input
            name="password"
            type="password"
            autoComplete="new-password"
            value={password}
            onChange={(event) => setPassword(event.target.value)}
            aria-invalid={invalid && !password.trim()}
          />
        </label>
        {invalid && (
          <p className="form-error" role="alert">
            Please enter both a username and a password.
          </p>
        )}
        <button className="button primary" type="submit" disabled={pending}>
          {pending ? 'Creating account…' : 'Register'}
        </button>
        <p className="muted">
          Already have an account? <Link to="/login">Log in</Link>
        </p>
      </form>
    </main>
  );
}
