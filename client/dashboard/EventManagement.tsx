import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { queryKeyOf } from '../../schema/reads/address.ts';
import { readQuery } from '../state/query.ts';
import { cancelTerritoryEvent, createTerritoryEvent, serverMessageOr, setTerritoryEventLive } from '../api.ts';
import { showToast } from '../state/toasts.ts';
import { Section } from './Section.tsx';
import { formatDateTime } from '../format.ts';

// The Wanakt's events of the selected territory: schedule one, take it live, end or cancel it.
export function EventManagement({ territoryId }: { territoryId: number }) {
  const query = readQuery('/events/territory/:id', { id: territoryId });
  const events = useQuery(query);
  const queryClient = useQueryClient();
  const [name, setName] = useState('');
  const [when, setWhen] = useState('');
  const [pending, setPending] = useState(false);

  async function run(action: () => Promise<unknown>, success: string) {
    setPending(true);
    try {
      await action();
      showToast({ title: success });
      await queryClient.invalidateQueries({ queryKey: query.queryKey });
      await queryClient.invalidateQueries({ queryKey: queryKeyOf('/events/active') });
      return true;
    } catch (error) {
      showToast({
        variant: 'destructive',
        title: 'Event Update Failed',
        description: serverMessageOr(error, 'Unable to update the event'),
      });
      return false;
    } finally {
      setPending(false);
    }
  }

  async function create() {
    const moment = new Date(when);
    if (name.trim() === '' || Number.isNaN(moment.getTime())) return;
    if (await run(() => createTerritoryEvent(territoryId, name.trim(), moment.toISOString()), 'Event Scheduled')) {
      setName('');
      setWhen('');
    }
  }

  return (
    <Section title="Event Management" testId="event-management">
      {events.isError && <p className="form-error">Could not load events ({events.error.message}).</p>}
      {events.data &&
        (events.data.length === 0 ? (
          <p className="muted empty">No events scheduled for this territory.</p>
        ) : (
          <ul className="event-list">
            {events.data.map((event) => (
              <li key={event.id}>
                <div>
                  <strong>{event.name}</strong>{' '}
                  {event.is_live ? (
                    <span className="badge live">LIVE</span>
                  ) : (
                    <span className="muted small">{formatDateTime(event.scheduled_at)}</span>
                  )}
                </div>
                <div className="button-row">
                  {event.is_live ? (
                    <button
                      className="button small"
                      type="button"
                      disabled={pending}
                      onClick={() => void run(() => setTerritoryEventLive(event.id, false), 'Event Ended')}
                    >
                      End
                    </button>
                  ) : (
                    <>
                      <button
                        className="button small primary"
                        type="button"
                        disabled={pending}
                        onClick={() => void run(() => setTerritoryEventLive(event.id, true), 'Event Live')}
                      >
                        Go live
                      </button>
                      <button
                        className="button small"
                        type="button"
                        disabled={pending}
                        onClick={() => void run(() => cancelTerritoryEvent(event.id), 'Event Cancelled')}
                      >
                        Cancel
                      </button>
                    </>
                  )}
                </div>
              </li>
            ))}
          </ul>
        ))}
      <form
        className="stack-form"
        onSubmit={(event) => {
          event.preventDefault();
          void create();
        }}
      >
        <input
          aria-label="Event name"
          placeholder="Event name"
          maxLength={100}
          value={name}
          onChange={(event) => setName(event.target.value)}
        />
        <input aria-label="Event time" type="datetime-local" value={when} onChange={(event) => setWhen(event.target.value)} />
        <button className="button small primary" type="submit" disabled={pending || name.trim() === '' || when === ''}>
          Create event
        </button>
      </form>
    </Section>
  );
}
