import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { plainList, readQuery } from '../state/query.ts';
import type { TerritoryDto } from '../../schema/api/territory.ts';
import { adRevenue } from '../../schema/rules/economy.ts';
import { Screen } from '../admin/Screen.tsx';
import { chatActivity, wonderVisitors } from '../dashboard/wonderFigures.ts';
import { formatDateTime, formatDrk, formatNumber } from '../format.ts';
import { Dialogs } from '../hud/Dialogs.tsx';
import { Modal } from '../hud/Modal.tsx';
import { useVisit } from '../hud/useVisit.ts';
import { loadTerritories, useWorld } from '../state/world.ts';

function WonderEvents({ wonder, onClose }: { wonder: TerritoryDto; onClose: () => void }) {
  const events = useQuery(readQuery('/events/territory/:id', { id: wonder.id }));
  return (
    <Modal title={`Events at ${wonder.name}`} onClose={onClose} testId="wonder-events">
      {events.isPending && <p className="muted">Loading events…</p>}
      {events.isError && <p className="form-error">Could not load events ({events.error.message}).</p>}
      {events.data &&
        (events.data.length === 0 ? (
          <p className="muted empty">No events scheduled at {wonder.name}.</p>
        ) : (
          <ul className="event-list">
            {events.data.map((event) => (
              <li key={event.id}>
                <strong>{event.name}</strong>
                {event.is_live ? (
                  <span className="badge live">LIVE</span>
                ) : (
                  <span className="muted small">{formatDateTime(event.scheduled_at)}</span>
                )}
              </li>
            ))}
          </ul>
        ))}
    </Modal>
  );
}

function WonderCard({ wonder, onEvents }: { wonder: TerritoryDto; onEvents: () => void }) {
  const chat = useQuery({ ...readQuery('/chat/:territoryId', { territoryId: wonder.id }), select: plainList });
  const { visiting, visit } = useVisit();

  return (
    <article className="panel card wonder" data-testid="wonder-card">
      <h3>{wonder.name}</h3>
      <p className="muted small">{wonder.description}</p>
      <dl className="facts compact">
        <dt>Visitors</dt>
        <dd data-testid="wonder-visitors">{wonderVisitors(wonder.population)}</dd>
        <dt>Visits here</dt>
        <dd>{formatNumber(wonder.visits)}</dd>
        <dt>Ad revenue</dt>
        <dd data-testid="wonder-ad-revenue">
          {formatDrk(Math.round(adRevenue(Number(wonder.monthly_revenue), wonder.upgrade_tier, wonder.type)))} / month
        </dd>
      </dl>
      <p className="muted small" data-testid="chat-activity">
        Chat: {chat.data ? chatActivity(chat.data, new Date()) : chat.isError ? 'Chat unavailable' : 'Counting messages…'}
      </p>
      <div className="button-row">
        <button className="button primary" type="button" disabled={visiting} onClick={() => void visit(wonder)}>
          Visit
        </button>
        <button className="button" type="button" onClick={onEvents}>
          Events
        </button>
      </div>
    </article>
  );
}

export default function Wonders() {
  const status = useWorld((state) => state.status);
  const error = useWorld((state) => state.error);
  const territories = useWorld((state) => state.territories);
  const [eventsOf, setEventsOf] = useState<TerritoryDto | null>(null);
  const wonders = territories.filter((territory) => territory.type === 'wonder');

  useEffect(() => {
    void loadTerritories();
  }, []);

  return (
    <Screen
      title="Wonder Directory"
      subtitle="The wonders of the world are public: anyone may visit, and their ad revenue goes to the Wanakt."
      backLabel="Back to Map"
      testId="wonders"
    >
      {status === 'error' && (
        <div className="panel notice" role="alert">
          <p>Could not load the wonders ({error}).</p>
          <button className="button" type="button" onClick={() => void loadTerritories()}>
            Try again
          </button>
        </div>
      )}
      {status !== 'ready' && status !== 'error' && <p className="muted screen-loading">Loading the wonders…</p>}
      {status === 'ready' &&
        (wonders.length === 0 ? (
          <p className="empty-state">No wonders on the map yet.</p>
        ) : (
          <div className="card-grid">
            {wonders.map((wonder) => (
              <WonderCard key={wonder.id} wonder={wonder} onEvents={() => setEventsOf(wonder)} />
            ))}
          </div>
        ))}
      {eventsOf && <WonderEvents wonder={eventsOf} onClose={() => setEventsOf(null)} />}
      <Dialogs />
    </Screen>
  );
}
