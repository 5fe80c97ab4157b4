import { useState } from 'react';
import type { Credentials } from '../api.ts';

export interface CredentialForm {
  username: string;
  password: string;
  invalid: boolean;
  setUsername(value: string): void;
  setPassword(value: string): void;
  /** docs/rules.md §5 "Registration": both fields must be non-empty after trimming; the password is sent as typed. */
  checked(): Credentials | null;
}

export function useCredentialForm(): CredentialForm {
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [invalid, setInvalid] = useState(false);
  return {
    username,
    password,
    invalid,
    setUsername,
    setPassword,
    checked() {
      const ok = username.trim() !== '' && password.trim() !== '';
      setInvalid(!ok);
      return ok ? { username: username.trim(), password } : null;
    },
  };
}

/** The username and password fields that registration and login share. */
export function CredentialFields({
  form,
  passwordAutoComplete,
}: {
  form: CredentialForm;
  passwordAutoComplete: 'new-password' | 'current-password';
}) {
  return (
    <>
      <label className="field">
        <span>Username</span>
        <input
          name="username"
          autoComplete="username"
          value={form.username}
          onChange={(event) => form.setUsername(event.target.value)}
          aria-invalid={form.invalid && !form.username.trim()}
        />
      </label>
      <label className="field">
        <span>Password</span>
        <input
          name="password"
          type="password"
          autoComplete={passwordAutoComplete}
          value={form.password}
          onChange={(event) => form.setPassword(event.target.value)}
          aria-invalid={form.invalid && !form.password.trim()}
        />
      </label>
      {form.invalid && (
        <p className="form-error" role="alert">
          Please enter both a username and a password.
        </p>
      )}
    </>
  );
}
