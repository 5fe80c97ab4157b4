import { useWorld } from '../state/world.ts';

const LABELS = { live: 'Live', joining: 'Connecting…', reconnecting: 'Reconnecting…', offline: 'Offline' } as const;
const TITLES = {
  live: 'The map shows changes as they happen',
  joining: 'Connecting to the live world',
  reconnecting: 'The live connection dropped: changes show again once it is back',
  offline: 'Not connected: reload the page to see changes as they happen',
} as const;

/** Whether the map is live: a player should know when what they see may be out of date. */
export function LiveStatus() {
  const connection = useWorld((state) => state.connection);
  return (
    <span className="live-status" data-testid="live-status" data-state={connection} role="status" title={TITLES[connection]}>
      <span className="live-dot" aria-hidden="true" />
      {LABELS[connection]}
    </span>
  );
}
