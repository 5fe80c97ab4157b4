import { useState, type FormEvent } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { login, serverMessageOr } from '../api.ts';
import { CredentialFields, useCredentialForm } from '../hud/CredentialFields.tsx';
import { askedFrom, returnPath } from '../hud/LoginRequired.tsx';
import { useSession } from '../state/session.ts';
import { showToast } from '../state/toasts.ts';

export default function Login() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const setAccount = useSession((state) => state.setAccount);
  const form = useCredentialForm();
  const [pending, setPending] = useState(false);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const credentials = form.checked();
    if (!credentials) return;
    setPending(true);
    try {
      setAccount(await login(credentials));
      navigate(returnPath(params.get('next')));
    } catch (error) {
      showToast({
        variant: 'destructive',
        title: 'Login Failed',
        description: serverMessageOr(error, 'Login failed. Please try again.'),
      });
      setPending(false);
    }
  }

  return (
    <main className="auth-page">
      <form className="panel auth-panel" data-testid="login-form" onSubmit={submit} noValidate>
        <h1>Log in</h1>
        <p className="muted">Welcome back to Wanakt World.</p>
        <CredentialFields form={form} passwordAutoComplete="current-password" />
        <button className="button primary" type="submit" disabled={pending}>
          {pending ? 'Logging in…' : 'Log in'}
        </button>
        <p className="muted">
          New here? <Link to={askedFrom('/register', params.get('next'))}>Create an account</Link>
        </p>
      </form>
    </main>
  );
}
