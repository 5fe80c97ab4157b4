import { useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router';
import type { AccountDto } from '../../schema/api/user.ts';
import { STARTING_BALANCE } from '../../schema/constants.ts';
import { register, serverMessageOr } from '../api.ts';
import { CredentialFields, useCredentialForm } from '../hud/CredentialFields.tsx';
import { formatDrk } from '../format.ts';
import { askedFrom, returnPath } from '../hud/LoginRequired.tsx';
import { useSession } from '../state/session.ts';
import { showToast } from '../state/toasts.ts';

export default function Register() {
  const setAccount = useSession((state) => state.setAccount);
  // The page that sent the visitor here (`/register?next=/broadcast`): the new player goes back to it.
  const [params] = useSearchParams();
  const back = returnPath(params.get('next'));
  const form = useCredentialForm();
  const [pending, setPending] = useState(false);
  const [created, setCreated] = useState<AccountDto | null>(null);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const credentials = form.checked();
    if (!credentials) return;
    setPending(true);
    try {
      const account = await register(credentials);
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
          <div className="auth-actions">
            {back !== '/' && (
              <Link className="button primary" to={back}>
                Continue where you were
              </Link>
            )}
            <Link className={back === '/' ? 'button primary' : 'button'} to="/">
              Go to the map
            </Link>
          </div>
        </section>
      </main>
    );
  }

  return (
    <main className="auth-page">
      <form className="panel auth-panel" data-testid="register-form" onSubmit={submit} noValidate>
        <h1>Create your account</h1>
        <p className="muted">Claim territories on the world map. New players start with {formatDrk(STARTING_BALANCE)}.</p>
        <CredentialFields form={form} passwordAutoComplete="new-password" />
        <button className="button primary" type="submit" disabled={pending}>
          {pending ? 'Creating account…' : 'Register'}
        </button>
        <p className="muted">
          Already have an account? <Link to={askedFrom('/login', params.get('next'))}>Log in</Link>
        </p>
      </form>
    </main>
  );
}
