import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import type { FirstStepsDto, StarterChoiceDto } from '../../schema/api/first-steps.ts';
import { claimStarterTerritory, getPath, serverMessageOr } from '../api.ts';
import { formatDrk } from '../format.ts';
import { queryClient } from '../state/query.ts';
import { showToast } from '../state/toasts.ts';
import { showOnMap } from '../map/mapView.ts';
import { useWorld } from '../state/world.ts';
import { Section } from './Section.tsx';
import './first-steps.css';

const DONE_KEY = 'wanakt.world.first-steps-done';
const TYPE_WORDS: Record<StarterChoiceDto['type'], string> = { village: 'Village', common: 'Common area' };

/**
 * A newcomer's guided first session: pick a starter territory (on the map or in the list), claim
 * it from the starting grant, then see what it earns and say hello in its chat.
 */
export function FirstSteps({ userId }: { userId: string }) {
  const key = ['first-steps', userId];
  const { data } = useQuery<FirstStepsDto | null>({
    queryKey: key,
    queryFn: () => getPath<FirstStepsDto>('/api/first-steps', 'returnNull'),
  });
  const selectedId = useWorld((state) => state.selectedId);
  const [claiming, setClaiming] = useState<number | null>(null);
  const [done, setDone] = useState(() => globalThis.localStorage?.getItem(`${DONE_KEY}:${userId}`) === 'yes');

  if (!data || done) return null;

  if (data.claimed) {
    const finish = () => {
      globalThis.localStorage?.setItem(`${DONE_KEY}:${userId}`, 'yes');
      setDone(true);
    };
    return (
      <Section title="Your first territory" testId="first-steps">
        <p>
          <strong>{data.claimed.name}</strong> is yours. It earns {formatDrk(data.claimed.monthly_revenue)} a month, paid to you on the
          first.
        </p>
        <ol className="first-steps-list">
          <li>
            <button className="link-button" type="button" onClick={() => showOnMap(data.claimed!.id)}>
              Show it on the map
            </button>{' '}
            and say hello in its chat below.
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
      </Section>
    );
  }

  if (data.refusal !== null) return null;

  const claim = async (choice: StarterChoiceDto) => {
    setClaiming(choice.id);
    try {
      const { message } = await claimStarterTerritory(choice.id);
      showToast({ title: 'Territory Claimed', description: message });
      showOnMap(choice.id);
    } catch (error) {
      showToast({ variant: 'destructive', title: 'Claim Failed', description: serverMessageOr(error, 'Could not claim this territory.') });
    } finally {
      setClaiming(null);
      await queryClient.invalidateQueries({ queryKey: key });
    }
  };

  return (
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
                {TYPE_WORDS[choice.type]} · earns {formatDrk(choice.monthly_revenue)}/month
                {choice.overlord ? ` · under ${choice.overlord}` : ''}
              </span>
              <button className="button primary" type="button" disabled={claiming !== null} onClick={() => void claim(choice)}>
                {claiming === choice.id ? 'Claiming…' : `Claim for ${formatDrk(data.price)}`}
              </button>
            </li>
          ))}
        </ul>
      )}
    </Section>
  );
}
