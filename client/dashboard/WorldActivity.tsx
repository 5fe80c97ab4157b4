import { useEffect, useState } from 'react';
import type { ActivityItem } from '../../schema/state/messages.ts';
import { formatDrk, formatTime } from '../format.ts';
import { useActivity } from '../state/activity.ts';
import { Section } from './Section.tsx';

function describe(item: ActivityItem): string {
  switch (item.kind) {
    case 'acquired':
      return `${item.actorName} now owns ${item.territoryName}`;
    case 'listed':
      return `${item.actorName} listed ${item.territoryName} for ${formatDrk(item.price ?? 0)}`;
    case 'settled':
      return `${item.territoryName} was founded`;
    case 'broadcast':
      return `${item.actorName}: ${item.message}`;
  }
}

/** The world's activity as it happens, for a player who switches it on. */
export function WorldActivity() {
  const [on, setOn] = useState(false);
  const items = useActivity((state) => state.items);

  useEffect(() => {
    if (!on) return;
    let stop = () => {};
    let cancelled = false;
    void import('../state/room.ts').then(({ watchActivity }) => {
      if (!cancelled) stop = watchActivity();
    });
    return () => {
      cancelled = true;
      stop();
      useActivity.getState().clear();
    };
  }, [on]);

  const toggle = (
    <button className="button small" type="button" aria-pressed={on} onClick={() => setOn(!on)}>
      {on ? 'Hide' : 'Show'}
    </button>
  );
  return (
    <Section title="World Activity" testId="world-activity" action={toggle}>
      {on &&
        (items.length === 0 ? (
          <p className="muted small">
            Nothing has happened in the world since you opened this feed. Purchases, listings and new settlements appear here as they
            happen.
          </p>
        ) : (
          <ul className="activity-list">
            {items.map((item, index) => (
              <li key={`${item.at}-${index}`} data-kind={item.kind}>
                <span>{describe(item)}</span>
                <time className="muted small" dateTime={item.at}>
                  {formatTime(item.at)}
                </time>
              </li>
            ))}
          </ul>
        ))}
    </Section>
  );
}
