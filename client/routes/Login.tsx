import { useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { login, serverMessageOr } from '../api.ts';
import { useSession } from '../state/session.ts';
import { showToast } from '../state/toasts.ts';

export default function Login() {
  const navigate = useNavigate();
  const setAccount = useSession((state) => state.setAccount);
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [invalid, setInvalid] = useState(false);
  const [pending, setPending] = useState(false);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!username.trim() || !password.trim()) {
      setInvalid(true);
      return;
    }
    setInvalid(false);
    setPending(true);
    try {
      setAccount(await login({ username: username.trim(), password }));
      navigate('/');
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
            autoComplete="current-password"
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
          {pending ? 'Logging in…' : 'Log in'}
        </button>
        <p className="muted">
          New here? <Link to="/register">Create an account</Link>
        </p>
      </form>
    </main>
  );
}
