import { useEffect, useState, type FormEvent } from 'react';
import { API_KEY_RATE_LIMIT, API_KEY_SCOPES, type ApiKeyDto, type ApiKeyScope, type CreatedApiKeyDto } from '../../schema/api/api-keys.ts';
import { Screen } from '../admin/Screen.tsx';
import { createApiKey, read, revokeApiKey, serverMessageOr } from '../api.ts';
import { formatDateTime } from '../format.ts';
import { LoginRequired } from '../hud/LoginRequired.tsx';
import { useSession } from '../state/session.ts';
import { showToast } from '../state/toasts.ts';
import './ApiKeys.css';

const SCOPE_TEXT: Record<ApiKeyScope, string> = {
  read: 'Read the world, the market and your own account',
  ads: 'Buy ads and banners, read their delivery',
  payments: 'DRK packages, broadcasts and rent',
  trade: 'Buy, list, upgrade and edit territories; collectibles',
  alliance: 'Found, join and run an alliance; deposit into and pay out from its treasury; post to its chat',
};

const when = (iso: string | null) => (iso ? formatDateTime(iso) : 'never');

/** The secret of a key just made: shown this once, with a way to copy it. */
function NewKey({ created, onDone }: { created: CreatedApiKeyDto; onDone: () => void }) {
  return (
    <section className="panel card stack new-key" data-testid="new-key" role="status">
      <h2>Your new key “{created.name}”</h2>
      <p>Copy it now: it is shown only this once. The game keeps only a hash of it.</p>
      <code className="key-secret" data-testid="key-secret">
        {created.key}
      </code>
      <div className="button-row">
        <button
          className="button"
          type="button"
          onClick={() =>
            navigator.clipboard.writeText(created.key).then(
              () => showToast({ title: 'Copied', description: 'The key is on your clipboard.' }),
              () => showToast({ variant: 'destructive', title: 'Copy Failed', description: 'Select the key and copy it yourself.' }),
            )
          }
        >
          Copy
        </button>
        <button className="button primary" type="button" onClick={onDone}>
          I have stored it
        </button>
      </div>
      <p className="muted">
        Send it as <code>Authorization: Bearer {created.prefix}…</code>; see <a href="/api/docs/">the API reference</a>.
      </p>
    </section>
  );
}

function KeyList({ keys, onRevoke }: { keys: ApiKeyDto[]; onRevoke: (key: ApiKeyDto) => void }) {
  if (keys.length === 0) return <p className="muted empty">No keys yet.</p>;
  return (
    <table className="key-table" data-testid="api-keys">
      <thead>
        <tr>
          <th>Name</th>
          <th>Key</th>
          <th>Scopes</th>
          <th>Last used</th>
          <th />
        </tr>
      </thead>
      <tbody>
        {keys.map((key) => (
          <tr key={key.id} className={key.revoked_at ? 'revoked' : undefined}>
            <td>{key.name}</td>
            <td>
              <code>{key.prefix}…</code>
            </td>
            <td>{key.scopes.join(', ')}</td>
            <td>{when(key.last_used_at)}</td>
            <td>
              {key.revoked_at ? (
                <span className="muted">Revoked {when(key.revoked_at)}</span>
              ) : (
                <button className="button small danger" type="button" onClick={() => onRevoke(key)}>
                  Revoke
                </button>
              )}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

export default function ApiKeys() {
  const account = useSession((state) => state.account);
  const status = useSession((state) => state.status);
  const [keys, setKeys] = useState<ApiKeyDto[] | null>(null);
  const [name, setName] = useState('');
  const [scopes, setScopes] = useState<ApiKeyScope[]>(['read']);
  const [created, setCreated] = useState<CreatedApiKeyDto | null>(null);
  const [busy, setBusy] = useState(false);

  const refresh = () =>
    read('/api-keys').then(setKeys, (error: unknown) => {
      setKeys([]);
      showToast({ variant: 'destructive', title: 'Keys Unavailable', description: serverMessageOr(error, 'Your keys could not be read.') });
    });

  const accountId = account?.id;
  useEffect(() => {
    if (accountId) void refresh();
  }, [accountId]);

  async function create(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    try {
      setCreated(await createApiKey({ name, scopes }));
      setName('');
      await refresh();
    } catch (error) {
      showToast({ variant: 'destructive', title: 'Key Not Created', description: serverMessageOr(error, 'The key could not be created.') });
    } finally {
      setBusy(false);
    }
  }

  async function revoke(key: ApiKeyDto) {
    try {
      await revokeApiKey(key.id);
      showToast({ title: 'Key Revoked', description: `“${key.name}” no longer works.` });
      await refresh();
    } catch (error) {
      showToast({ variant: 'destructive', title: 'Revoke Failed', description: serverMessageOr(error, 'The key could not be revoked.') });
    }
  }

  const toggle = (scope: ApiKeyScope) =>
    setScopes((chosen) => (chosen.includes(scope) ? chosen.filter((item) => item !== scope) : [...chosen, scope]));

  return (
    <Screen
      title="API Keys"
      subtitle={`Keys let your programs call the game's REST API as you, never with the Wanakt's powers. Each key may make ${API_KEY_RATE_LIMIT.requests} requests a minute.`}
      backLabel="Back to Map"
      testId="api-keys-screen"
    >
      {status === 'loading' ? (
        <p className="muted">Loading…</p>
      ) : !account ? (
        <LoginRequired action="create API keys" />
      ) : (
        <div className="stack">
          {created && <NewKey created={created} onDone={() => setCreated(null)} />}
          <form className="panel card stack" onSubmit={(event) => void create(event)} data-testid="new-key-form">
            <h2>Create a key</h2>
            <label className="field">
              <span>Name</span>
              <input
                name="key-name"
                maxLength={60}
                value={name}
                onChange={(event) => setName(event.target.value)}
                placeholder="e.g. bakery ad buyer"
              />
            </label>
            <fieldset className="scopes">
              <legend>Scopes</legend>
              {API_KEY_SCOPES.map((scope) => (
                <label key={scope} className="scope">
                  <input type="checkbox" name={`scope-${scope}`} checked={scopes.includes(scope)} onChange={() => toggle(scope)} />
                  <strong>{scope}</strong> <span className="muted">{SCOPE_TEXT[scope]}</span>
                </label>
              ))}
            </fieldset>
            <button className="button primary" type="submit" disabled={busy}>
              {busy ? 'Creating…' : 'Create key'}
            </button>
          </form>
          <section className="panel card stack">
            <h2>Your keys</h2>
            {keys ? <KeyList keys={keys} onRevoke={(key) => void revoke(key)} /> : <p className="muted">Loading your keys…</p>}
          </section>
        </div>
      )}
    </Screen>
  );
}
