import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import type { AwaySummaryDto } from '../../schema/api/away.ts';
import { dismissAway, markVisit, read } from '../api.ts';
import { formatDateTime, formatDrk } from '../format.ts';
import { Modal } from '../hud/Modal.tsx';
import { useSession } from '../state/session.ts';
import { place, signedDrk } from './figures.ts';
import './away.css';

/** How often an open game says its player is still here: well inside the hour an absence takes. */
const HEARTBEAT_MS = 5 * 60_000;

/**
 * On opening the game, and every few minutes while it stays open, the player's client says it is
 * here; after an absence of an hour or more the server has a summary of it waiting, shown here once,
 * each line a link to where its things are, gone with one click.
 */
export function AwayPanel() {
  const playerId = useSession((state) => state.account?.id ?? null);
  const [away, setAway] = useState<AwaySummaryDto | null>(null);

  useEffect(() => {
    if (!playerId) return;
    let stopped = false;
    const visit = async () => {
      try {
        if (!(await markVisit()).away || stopped) return;
        // Named by its path: the panel is on the first screen, whose scripts carry no zod.
        const panel = await read('/away');
        if (!stopped && panel?.away) setAway(panel.away);
      } catch {
        // Presence is best effort: the next beat says it again.
      }
    };
    void visit();
    const beat = setInterval(() => void visit(), HEARTBEAT_MS);
    return () => {
      stopped = true;
      clearInterval(beat);
    };
  }, [playerId]);

  if (!away) return null;
  const close = () => {
    setAway(null);
    void dismissAway().catch(() => undefined);
  };
  return (
    <Modal
      title="While you were away"
      description={`${formatDateTime(away.from)} to ${formatDateTime(away.to)}`}
      onClose={close}
      testId="away-panel"
    >
      {away.lines.length === 0 ? (
        <p className="muted">Nothing moved on your account.</p>
      ) : (
        <ul className="away-lines">
          {away.lines.map((line) => (
            <li key={line.key} data-testid="away-line" data-key={line.key} data-amount={line.amount ?? ''}>
              <Link to={line.link} onClick={close}>
                {line.text}
              </Link>
            </li>
          ))}
        </ul>
      )}
      <p className="away-net" data-testid="away-net" data-amount={away.net}>
        Net change: <strong>{signedDrk(away.net)}</strong>
      </p>
      <p data-testid="away-balance">
        <Link to={away.balance.link} onClick={close}>
          Balance: {formatDrk(away.balance.then)} then, {formatDrk(away.balance.now)} now
        </Link>
      </p>
      <p data-testid="away-rank">
        <Link to={away.rank.link} onClick={close}>
          Wealth rank: {place(away.rank.then)} then, {place(away.rank.now)} now
        </Link>
      </p>
      {away.season && (
        <p data-testid="away-season">
          <Link to={away.season.link} onClick={close}>
            Season {away.season.number}: {place(away.season.then)} then, {place(away.season.now)} now
          </Link>
        </p>
      )}
      <div className="button-row">
        <button className="button primary" type="button" onClick={close}>
          Got it
        </button>
      </div>
    </Modal>
  );
}
