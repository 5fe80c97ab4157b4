import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { PUSH_KIND_NAMES, PUSH_KINDS, type PushSettingsBody, type PushSettingsDto } from '../../schema/api/push.ts';
import { serverMessageOr, setPushSettings, subscribePush, unsubscribePush } from '../api.ts';
import { QueryState } from '../admin/QueryState.tsx';
import { readQuery } from '../state/query.ts';
import { showToast } from '../state/toasts.ts';
import { currentEndpoint, PermissionRefused, pushUnsupported, subscribeDevice, unsubscribeDevice } from './push-device.ts';

// docs/rules.md §11 "Push": this device's switch, and which notices are pushed, held through quiet hours.

const HOURS = Array.from({ length: 24 }, (_, hour) => hour);
const hourLabel = (hour: number) => `${String(hour).padStart(2, '0')}:00`;
const REFUSED = 'Your browser blocks notices from this game: allow them in the site’s settings, then turn this on again.';

/** The switch for this device: it asks the browser's permission and subscribes with the server's key. */
function DeviceSwitch({ settings, onSaved }: { settings: PushSettingsDto; onSaved: (settings: PushSettingsDto) => void }) {
  const [endpoint, setEndpoint] = useState<string | null | undefined>(undefined);
  const [refused, setRefused] = useState(Notification.permission === 'denied');
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    void currentEndpoint().then(setEndpoint, () => setEndpoint(null));
  }, []);
  const on = endpoint != null && settings.devices.some((device) => device.endpoint === endpoint);
  const turn = async (wanted: boolean) => {
    setBusy(true);
    try {
      if (wanted) {
        const subscription = await subscribeDevice(settings.public_key!);
        onSaved(await subscribePush(subscription));
        setEndpoint(subscription.endpoint);
        setRefused(false);
      } else {
        const gone = await unsubscribeDevice();
        if (gone) onSaved(await unsubscribePush(gone));
        setEndpoint(null);
      }
    } catch (error) {
      if (error instanceof PermissionRefused) setRefused(true);
      else
        showToast({
          title: 'Not changed',
          description: serverMessageOr(error, 'This device could not be changed.'),
          variant: 'destructive',
        });
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      <label className="check">
        <input
          type="checkbox"
          role="switch"
          name="push-device"
          checked={on}
          disabled={busy || endpoint === undefined}
          onChange={(event) => void turn(event.target.checked)}
        />
        Push my chosen notices to this device
      </label>
      {refused && (
        <p className="field-hint" role="alert" data-testid="push-status">
          {REFUSED}
        </p>
      )}
    </>
  );
}

function PreferencesForm({ settings, onSaved }: { settings: PushSettingsDto; onSaved: (settings: PushSettingsDto) => void }) {
  const [draft, setDraft] = useState<PushSettingsBody>({ kinds: settings.kinds, quiet_hours: settings.quiet_hours });
  const [busy, setBusy] = useState(false);
  const timeZone = draft.quiet_hours?.time_zone ?? Intl.DateTimeFormat().resolvedOptions().timeZone;
  const quiet = draft.quiet_hours;
  const save = async () => {
    setBusy(true);
    try {
      onSaved(await setPushSettings(draft));
      showToast({ title: 'Push settings saved' });
    } catch (error) {
      showToast({
        title: 'Not saved',
        description: serverMessageOr(error, 'The push settings could not be saved.'),
        variant: 'destructive',
      });
    } finally {
      setBusy(false);
    }
  };
  const hourSelect = (which: 'start' | 'end', label: string) => (
    <label className="field">
      <span>{label}</span>
      <select
        name={`quiet-${which}`}
        disabled={!quiet}
        value={quiet?.[which] ?? (which === 'start' ? 22 : 7)}
        onChange={(event) => quiet && setDraft({ ...draft, quiet_hours: { ...quiet, [which]: Number(event.target.value) } })}
      >
        {HOURS.map((hour) => (
          <option key={hour} value={hour}>
            {hourLabel(hour)}
          </option>
        ))}
      </select>
    </label>
  );
  return (
    <form
      className="stack"
      data-testid="push-preferences"
      onSubmit={(event) => {
        event.preventDefault();
        void save();
      }}
    >
      <fieldset className="stack">
        <legend>Push a notice when</legend>
        {PUSH_KINDS.map((kind) => (
          <label className="check" key={kind}>
            <input
              type="checkbox"
              name={kind}
              checked={draft.kinds.includes(kind)}
              onChange={(event) =>
                setDraft({
                  ...draft,
                  kinds: event.target.checked ? [...draft.kinds, kind] : draft.kinds.filter((chosen) => chosen !== kind),
                })
              }
            />
            {PUSH_KIND_NAMES[kind].label}
          </label>
        ))}
      </fieldset>
      <fieldset className="stack">
        <legend>Quiet hours</legend>
        <label className="check">
          <input
            type="checkbox"
            name="quiet"
            checked={quiet !== null}
            onChange={(event) =>
              setDraft({ ...draft, quiet_hours: event.target.checked ? { start: 22, end: 7, time_zone: timeZone } : null })
            }
          />
          Hold notices during quiet hours and send them when they end
        </label>
        <div className="row">
          {hourSelect('start', 'From')}
          {hourSelect('end', 'Until')}
        </div>
        <p className="muted small">Hours of your clock here ({timeZone}).</p>
      </fieldset>
      <button className="button" type="submit" disabled={busy}>
        Save push settings
      </button>
    </form>
  );
}

/** The account page's push section: why it cannot be used here, or the switch and the choices. */
export function PushSettings({ userId }: { userId: string }) {
  const queries = useQueryClient();
  const query = readQuery('/account/push', undefined, { viewer: userId });
  const settings = useQuery(query);
  const saved = (next: PushSettingsDto) => queries.setQueryData(query.queryKey, next);
  const unsupported = pushUnsupported();
  return (
    <QueryState queries={[settings]} what="your push settings">
      {settings.data && (
        <section className="panel card stack" aria-label="Notices on this device" data-testid="push-settings">
          <h2>Notices on this device</h2>
          <p className="muted small">Outbids, offers, overdue rent, sales and ad reviews can reach this device when the game is closed.</p>
          {!settings.data.available ? (
            <p className="field-hint" data-testid="push-status">
              Push notices are not available on this server.
            </p>
          ) : unsupported ? (
            <p className="field-hint" data-testid="push-status">
              {unsupported}
            </p>
          ) : (
            <>
              <DeviceSwitch settings={settings.data} onSaved={saved} />
              <PreferencesForm
                key={JSON.stringify([settings.data.kinds, settings.data.quiet_hours])}
                settings={settings.data}
                onSaved={saved}
              />
            </>
          )}
        </section>
      )}
    </QueryState>
  );
}
