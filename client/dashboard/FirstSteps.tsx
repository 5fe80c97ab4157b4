import { useQuery } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import type { StarterChoiceDto } from '../../schema/api/first-steps.ts';
import { claimStarterTerritory, serverMessageOr } from '../api.ts';
import { FIGURES } from '../../schema/rules/figures.ts';
import { formatDrk } from '../format.ts';
import { ConfirmSpend } from '../hud/ConfirmSpend.tsx';
import { useSession } from '../state/session.ts';
import { queryClient, readQuery } from '../state/query.ts';
import { showToast } from '../state/toasts.ts';
import { showOnMap } from '../map/mapView.ts';
import { useWorld } from '../state/world.ts';
import { Section } from './Section.tsx';
import './first-steps.css';

const DONE_KEY = 'wanakt.world.first-steps-done';
const TYPE_WORDS: Record<StarterChoiceDto['type'], string> = { village: 'Village', common: 'Common area' };

/**
 * Where the drawers hide the sidebar (a phone), the panel is a sheet over the map's bottom, so a
 * newcomer's first screen offers the first territory; closed, it waits in ☰ Menu.
 */
function Sheet({ onClose, children }: { onClose: () => void; children: ReactNode }) {
  return (
    <div className="first-steps-sheet" data-testid="first-steps-sheet">
      <button
        className="icon-button first-steps-close"
        type="button"
        aria-label="Close first steps"
        title="They stay in the menu"
        onClick={onClose}
      >
        ×
      </button>
      {children}
    </div>
  );
}

/**
 * A newcomer's guided first session: pick a starter territory (on the map or in the list), claim
 * it from the starting grant, then see what it earns and say hello in its chat. With `onClose` it is
 * a sheet over the map (a phone's first screen) rather than a block of the sidebar.
 */
export function FirstSteps({ userId, onClose }: { userId: string; onClose?: () => void }) {
  const query = readQuery('/first-steps', undefined, { viewer: userId, on401: 'returnNull' });
  const { data } = useQuery({
    ...query,
  });
  const selectedId = useWorld((state) => state.selectedId);
  const [claiming, setClaiming] = useState<number | null>(null);
  // Every spend asks first (hud/ConfirmSpend.tsx), the starter claim too.
  const [asking, setAsking] = useState<number | null>(null);
  const balance = useSession((state) => (state.account ? Number(state.account.drk_balance) : null));
  const [done, setDone] = useState(() => globalThis.localStorage?.getItem(`${DONE_KEY}:${userId}`) === 'yes');

  if (!data || done) return null;
  const framed = (panel: ReactNode) => (onClose ? <Sheet onClose={onClose}>{panel}</Sheet> : panel);

  if (data.claimed) {
    const finish = () => {
      globalThis.localStorage?.setItem(`${DONE_KEY}:${userId}`, 'yes');
      setDone(true);
    };
    return framed(
      <Section title="Your first territory" testId="first-steps">
        <p>
          <strong>{data.claimed.name}</strong> is yours. It earns{' '}
          <span data-figure="monthly_earnings" title={FIGURES.monthly_earnings.explains}>
            {formatDrk(data.claimed.monthly_earnings)}
          </span>{' '}
          a month, paid to you on the first.
        </p>
        <ol className="first-steps-list">
          <li>
            <button className="link-button" type="button" onClick={() => showOnMap(data.claimed!.id)}>
              Show it on the map
            </button>{' '}
            and say hello in its chat {onClose ? 'in ☰ Menu' : 'below'}.
          </li>
          <li>
            See what it will earn on <Link to="/revenue">Revenue</Link>, and what you owe on <Link to="/rent">Rent</Link>.
          </li>
          <li>
            When you have more DRK, the <Link to="/marketplace">Marketplace</Link> has bigger territories.
          </li>
        </ol>
        <button className="button wide" type="button" onClick={finish}>
          Got it
        </button>
      </Section>,
    );
  }

  if (data.refusal !== null) return null;

  const claim = async (choice: StarterChoiceDto) => {
    setClaiming(choice.id);
    try {
      // No toast: the panel itself turns to what the land earns and what comes next, where a toast would lie over it.
      await claimStarterTerritory(choice.id);
      showOnMap(choice.id);
    } catch (error) {
      showToast({ variant: 'destructive', title: 'Claim Failed', description: serverMessageOr(error, 'Could not claim this territory.') });
    } finally {
      setClaiming(null);
      setAsking(null);
      await queryClient.invalidateQueries({ queryKey: query.queryKey });
    }
  };

  return framed(
    <Section title="Welcome! Pick your first territory" testId="first-steps">
      <p className="muted">
        Every new player may take one small territory for {formatDrk(data.price)} from the starting grant. It earns DRK every month. Pick
        one here or on the map.
      </p>
      {data.choices.length === 0 ? (
        <p className="muted">Every starter territory has been taken. The Marketplace lists what is for sale.</p>
      ) : (
        <ul className="first-steps-choices">
          {data.choices.map((choice) => (
            <li key={choice.id} data-selected={choice.id === selectedId} data-testid="starter-choice">
              <button className="starter-name link-button" type="button" onClick={() => showOnMap(choice.id)}>
                {choice.name}
              </button>
              <span className="muted">
                {TYPE_WORDS[choice.type]} · earns <span data-figure="monthly_earnings">{formatDrk(choice.monthly_earnings)}</span>/month
                {choice.overlord ? ` · under ${choice.overlord}` : ''}
              </span>
              {asking === choice.id ? (
                <ConfirmSpend
                  what={`Claim ${choice.name} for ${formatDrk(data.price)} from your starting grant? It earns ${formatDrk(choice.monthly_earnings)} a month.`}
                  cost={data.price}
                  balance={balance}
                  confirmLabel={`Claim ${choice.name}`}
                  pending={claiming === choice.id}
                  onConfirm={() => void claim(choice)}
                  onBack={() => setAsking(null)}
                />
              ) : (
                <button className="button primary" type="button" disabled={claiming !== null} onClick={() => setAsking(choice.id)}>
                  Claim for {formatDrk(data.price)}
                </button>
              )}
            </li>
          ))}
        </ul>
      )}
    </Section>,
  );
}
