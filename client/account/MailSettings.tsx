import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { DIGEST_FREQUENCIES, type MailPreferencesBody, type MailSettingsDto } from '../../schema/api/mail.ts';
import { serverMessageOr, setEmail, setMailPreferences, verifyEmail } from '../api.ts';
import { QueryState } from '../admin/QueryState.tsx';
import { queryKeyOf } from '../../schema/reads/address.ts';
import { readQuery } from '../state/query.ts';
import { showToast } from '../state/toasts.ts';
import { loadSession } from '../state/session.ts';

// docs/rules.md §11 "Mail": the account's optional address, confirmed by a link before anything is
// sent to it, and what the player wants mailed. By default only the weekly digest.

const DIGEST_LABELS: Record<MailPreferencesBody['digest'], string> = { off: 'Off', daily: 'Daily', weekly: 'Weekly' };

export type EmailConfirmation = { state: 'confirming' } | { state: 'confirmed'; email: string } | { state: 'refused'; message: string };

/**
 * The confirmation link (/account?verify=…), followed once, with or without a session; it leaves the
 * address bar and answers what became of it, which the page shows as its one message.
 */
export function useEmailConfirmation(): EmailConfirmation | null {
  const [params, setParams] = useSearchParams();
  const token = params.get('verify');
  const queries = useQueryClient();
  const followed = useRef<string | null>(null);
  const [confirmation, setConfirmation] = useState<EmailConfirmation | null>(null);
  useEffect(() => {
    if (!token || followed.current === token) return;
    followed.current = token;
    setConfirmation({ state: 'confirming' });
    verifyEmail(token).then(
      ({ email }) => {
        setConfirmation({ state: 'confirmed', email });
        void queries.invalidateQueries({ queryKey: queryKeyOf('/account/mail') });
      },
      (error: unknown) => setConfirmation({ state: 'refused', message: serverMessageOr(error, 'The link could not be followed.') }),
    );
    const rest = new URLSearchParams(params);
    rest.delete('verify');
    setParams(rest, { replace: true });
  }, [token, params, setParams, queries]);
  return confirmation;
}

/** What became of the confirmation link; a visitor is offered the login that leads back to the settings. */
export function EmailConfirmationNotice({ confirmation, loggedIn }: { confirmation: EmailConfirmation; loggedIn: boolean }) {
  const refused = confirmation.state === 'refused';
  return (
    <section
      className={`panel card stack email-confirmation${refused ? ' refused' : ''}`}
      data-testid="email-confirmation"
      data-state={confirmation.state}
      role={refused ? 'alert' : 'status'}
    >
      <h2>{confirmation.state === 'confirming' ? 'Confirming your address…' : refused ? 'Not confirmed' : 'E-mail confirmed'}</h2>
      {confirmation.state === 'confirmed' && <p>{confirmation.email} will now receive the mail you choose.</p>}
      {refused && <p>{confirmation.message}. Set the address again below to be sent a new link.</p>}
      {!loggedIn && confirmation.state !== 'confirming' && (
        <p>
          <Link className="button primary" to={`/login?next=${encodeURIComponent('/account')}`}>
            Log in
          </Link>{' '}
          to choose what is mailed to you.
        </p>
      )}
    </section>
  );
}

function AddressForm({ settings, onSaved }: { settings: MailSettingsDto; onSaved: (settings: MailSettingsDto) => void }) {
  const [draft, setDraft] = useState(settings.email ?? '');
  const [busy, setBusy] = useState(false);
  const save = async (email: string | null) => {
    setBusy(true);
    try {
      onSaved(await setEmail(email));
      // Replacing an address holds the account's trades for a day (docs/rules.md §4 "Trade holds"): the account says so.
      await loadSession();
      showToast({
        title: email ? 'Check your inbox' : 'E-mail removed',
        description: email ? `A confirmation link was sent to ${email}.` : undefined,
      });
    } catch (error) {
      showToast({ title: 'Not saved', description: serverMessageOr(error, 'The address could not be saved.'), variant: 'destructive' });
    } finally {
      setBusy(false);
    }
  };
  return (
    <form
      className="stack"
      onSubmit={(event) => {
        event.preventDefault();
        void save(draft.trim());
      }}
    >
      <label className="field">
        <span>E-mail address</span>
        <input
          name="email"
          type="email"
          autoComplete="email"
          maxLength={254}
          value={draft}
          onChange={(event) => setDraft(event.target.value)}
        />
      </label>
      <p className="muted small" data-testid="email-status">
        {settings.email === null
          ? 'No address: the game sends you no mail.'
          : settings.refused
            ? `${settings.email} was refused by its mail server: nothing is sent to it until you set it again.`
            : settings.verified
              ? `${settings.email} is confirmed.`
              : `${settings.email} is waiting for confirmation: follow the link we sent to it. Nothing else is sent until then.`}
      </p>
      <div className="row">
        <button className="button" type="submit" disabled={busy || draft.trim() === ''}>
          {settings.email ? 'Change address' : 'Add address'}
        </button>
        {settings.email !== null && (
          <button className="button" type="button" disabled={busy} onClick={() => void save(null)}>
            Remove address
          </button>
        )}
      </div>
    </form>
  );
}

function PreferencesForm({ settings, onSaved }: { settings: MailSettingsDto; onSaved: (settings: MailSettingsDto) => void }) {
  const [preferences, setPreferences] = useState(settings.preferences);
  const [busy, setBusy] = useState(false);
  const save = async () => {
    setBusy(true);
    try {
      onSaved(await setMailPreferences(preferences));
      showToast({ title: 'Mail preferences saved' });
    } catch (error) {
      showToast({ title: 'Not saved', description: serverMessageOr(error, 'The preferences could not be saved.'), variant: 'destructive' });
    } finally {
      setBusy(false);
    }
  };
  const toggle = (key: 'sale' | 'listing_bought' | 'mention' | 'alliance', label: string) => (
    <label className="check">
      <input
        type="checkbox"
        name={key}
        checked={preferences[key]}
        onChange={(event) => setPreferences({ ...preferences, [key]: event.target.checked })}
      />
      {label}
    </label>
  );
  return (
    <form
      className="stack"
      data-testid="mail-preferences"
      onSubmit={(event) => {
        event.preventDefault();
        void save();
      }}
    >
      <fieldset className="stack">
        <legend>Mail me at once when</legend>
        {toggle('sale', 'a purchase of mine goes through')}
        {toggle('listing_bought', 'someone buys land I listed')}
        <div className="row">
          <label className="check">
            <input
              type="checkbox"
              name="rent"
              checked={preferences.rent_above !== null}
              onChange={(event) => setPreferences({ ...preferences, rent_above: event.target.checked ? 100 : null })}
            />
            I receive rent of more than
          </label>
          <input
            className="input"
            name="rent_above"
            type="number"
            min={0}
            step={1}
            aria-label="Rent threshold in DRK"
            disabled={preferences.rent_above === null}
            value={preferences.rent_above ?? ''}
            onChange={(event) => setPreferences({ ...preferences, rent_above: Math.max(0, Math.trunc(Number(event.target.value) || 0)) })}
          />
          <span>DRK</span>
        </div>
        {toggle('mention', 'someone mentions me in a chat')}
        {toggle('alliance', 'my alliance invites, accepts, removes or pays me')}
      </fieldset>
      <label className="field">
        <span>Digest of what happened while I was away</span>
        <select
          name="digest"
          value={preferences.digest}
          onChange={(event) => setPreferences({ ...preferences, digest: event.target.value as MailPreferencesBody['digest'] })}
        >
          {DIGEST_FREQUENCIES.map((frequency) => (
            <option key={frequency} value={frequency}>
              {DIGEST_LABELS[frequency]}
            </option>
          ))}
        </select>
      </label>
      <button className="button" type="submit" disabled={busy}>
        Save mail preferences
      </button>
    </form>
  );
}

/** The account page's mail section: the address and the preferences. */
export function MailSettings({ userId }: { userId: string }) {
  const queries = useQueryClient();
  const query = readQuery('/account/mail', undefined, { viewer: userId });
  const settings = useQuery(query);
  const saved = (next: MailSettingsDto) => queries.setQueryData(query.queryKey, next);
  return (
    <QueryState queries={[settings]} what="your mail settings">
      {settings.data && (
        <section className="panel card stack" aria-label="E-mail" data-testid="mail-settings">
          <h2>E-mail</h2>
          <AddressForm key={settings.data.email ?? ''} settings={settings.data} onSaved={saved} />
          <PreferencesForm key={JSON.stringify(settings.data.preferences)} settings={settings.data} onSaved={saved} />
        </section>
      )}
    </QueryState>
  );
}
