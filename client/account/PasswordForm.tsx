import { useState } from 'react';
import { useNavigate } from 'react-router';
import { MIN_PASSWORD_LENGTH } from '../../schema/api/auth.ts';
import { TRADE_HOLD_HOURS } from '../../schema/rules/trade-holds.ts';
import { changePassword, serverMessageOr } from '../api.ts';
import { useSession } from '../state/session.ts';
import { showToast } from '../state/toasts.ts';

function PasswordField(props: { name: string; label: string; value: string; onChange: (value: string) => void }) {
  return (
    <label className="field">
      {props.label}
      <input
        name={props.name}
        type="password"
        autoComplete={props.name === 'current_password' ? 'current-password' : 'new-password'}
        value={props.value}
        onChange={(event) => props.onChange(event.target.value)}
      />
    </label>
  );
}

/**
 * A new password, proven by the current one (docs/rules.md §4 "Trade holds"): every session ends,
 * this one too, so the player logs in again; for a day the account passes no land or DRK on.
 */
export function PasswordForm() {
  const clear = useSession((state) => state.clear);
  const navigate = useNavigate();
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const [again, setAgain] = useState('');
  const [busy, setBusy] = useState(false);
  const problem =
    next.length > 0 && next.length < MIN_PASSWORD_LENGTH
      ? `Password must be at least ${MIN_PASSWORD_LENGTH} characters`
      : again.length > 0 && again !== next
        ? 'The two new passwords differ'
        : null;

  async function save() {
    setBusy(true);
    try {
      const answer = await changePassword(current, next);
      clear();
      showToast({ title: 'Password Changed', description: answer.message });
      await navigate('/login');
    } catch (error) {
      showToast({
        variant: 'destructive',
        title: 'Not Changed',
        description: serverMessageOr(error, 'The password could not be changed.'),
      });
    } finally {
      setBusy(false);
    }
  }

  return (
    <section className="panel card stack" aria-labelledby="password-heading" data-testid="password-form">
      <h2 id="password-heading">Password</h2>
      <p className="muted small">
        Changing it logs you out everywhere, and for {TRADE_HOLD_HOURS} hours you can make offers and bid but not sell, accept offers or
        give anything away: a thief who learned your old password cannot empty your account.
      </p>
      <form
        className="form"
        onSubmit={(event) => {
          event.preventDefault();
          if (problem === null) void save();
        }}
      >
        <PasswordField name="current_password" label="Current password" value={current} onChange={setCurrent} />
        <PasswordField name="new_password" label="New password" value={next} onChange={setNext} />
        <PasswordField name="new_password_again" label="New password again" value={again} onChange={setAgain} />
        {problem && (
          <p className="field-hint" role="alert">
            {problem}
          </p>
        )}
        <div className="modal-actions">
          <button
            className="button primary"
            type="submit"
            disabled={busy || problem !== null || current === '' || next === '' || again !== next}
          >
            Change password
          </button>
        </div>
      </form>
    </section>
  );
}
