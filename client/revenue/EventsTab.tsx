import { useEffect, useState } from 'react';
import type { SpecialEventDto } from '../../schema/api/events.ts';
import { eventBenefit } from './analytics.ts';
import { countdownLabel, startsInLabel } from './countdown.ts';
import { formatDate } from '../format.ts';

interface EventsTabProps {
  events: readonly SpecialEventDto[];
  /** When the events were read (ms since the epoch): seconds_remaining counts from then. */
  readAt: number;
}

const TICK_MS = 1000;

// The countdown ticks on the local clock; the server is not asked again (docs/rules.md §7: no polling).
function useNow(): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), TICK_MS);
    return () => clearInterval(timer);
  }, []);
  return now;
}

const TYPE_LABEL: Record<SpecialEventDto['event_type'], string> = {
  revenue: 'Revenue boost',
  upgrade_discount: 'Upgrade discount',
  rent_discount: 'Rent discount',
};

// docs/rules.md §2 "Events" and §4 "Event": the running event with its countdown, the upcoming ones, the benefits.
export function EventsTab({ events, readAt }: EventsTabProps) {
  const now = useNow();
  const active = events.filter((event) => event.state === 'active');
  const upcoming = events.filter((event) => event.state === 'upcoming');
  if (active.length === 0 && upcoming.length === 0) return <p className="empty-state">No special events scheduled</p>;

  return (
    <div className="two-columns">
      <div className="stack">
        <section className="stack" aria-labelledby="active-events-heading">
          <h2 id="active-events-heading">Active Event</h2>
          {active.length === 0 && <p className="empty-state">No event is running right now.</p>}
          {active.map((event) => (
            <article className="panel card stack event-card" data-color={event.color} key={event.id} data-testid="active-event">
              <div className="spread">
                <h3>{event.name}</h3>
                <span className="badge" data-tone="good">
                  {TYPE_LABEL[event.event_type]} · {event.bonus_multiplier}x
                </span>
              </div>
              <p className="muted">{event.description}</p>
              <span className="countdown" data-testid="event-countdown">
                {countdownLabel((event.seconds_remaining ?? 0) - (now - readAt) / 1000)}
              </span>
            </article>
          ))}
        </section>
        <section className="stack" aria-labelledby="upcoming-events-heading">
          <h2 id="upcoming-events-heading">Upcoming Events</h2>
          {upcoming.length === 0 && <p className="empty-state">Nothing else is scheduled yet.</p>}
          <ul className="item-list" data-testid="upcoming-events">
            {upcoming.map((event) => (
              <li className="item event-card" data-color={event.color} key={event.id}>
                <div className="item-main">
                  <strong>{event.name}</strong>
                  <span className="muted small">
                    {formatDate(event.start_date)} – {formatDate(event.end_date)}
                  </span>
                </div>
                <span className="badge" data-tone="info">
                  {startsInLabel(event.start_date, now)}
                </span>
              </li>
            ))}
          </ul>
        </section>
      </div>
      <section className="panel card stack" aria-labelledby="benefits-heading">
        <h2 id="benefits-heading">Event Benefits</h2>
        <ul className="benefits" data-testid="event-benefits">
          {[...active, ...upcoming].map((event) => (
            <li key={event.id}>
              <strong>{event.name}:</strong> {eventBenefit(event)}
              {event.state === 'active' ? ' (now)' : ''}
            </li>
          ))}
        </ul>
        <p className="muted small">
          Revenue boosts raise every monthly payout while they run; discounts lower what the server charges at that moment.
        </p>
      </section>
    </div>
  );
}
