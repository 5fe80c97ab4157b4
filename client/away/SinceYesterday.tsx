import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { Section } from '../dashboard/Section.tsx';
import { formatDrk } from '../format.ts';
import { readQuery } from '../state/query.ts';
import { place, signedDrk } from './figures.ts';
import './away.css';

/** What a player with a quiet day might do next: each a place of the game. */
const NEXT_STEPS = [
  { to: '/marketplace', text: 'Find land for sale, or make an offer' },
  { to: '/season', text: "Work on the season's tasks" },
  { to: '/revenue', text: 'Upgrade your land to earn more' },
];

/**
 * The dashboard's "Since yesterday": the away summary of the last 24 hours by the game's clock
 * (GET /api/away/since-yesterday), there on every visit, away or not. Each line links to its place;
 * a quiet day says so and suggests what to do next.
 */
export function SinceYesterday({ userId }: { userId: string }) {
  const day = useQuery(readQuery('/away/since-yesterday', undefined, { viewer: userId }));
  const summary = day.data;
  return (
    <Section title="Since yesterday" testId="since-yesterday">
      {day.isError && <p className="form-error">Could not load your day ({day.error.message}).</p>}
      {summary && (
        <>
          {summary.lines.length === 0 ? (
            <div data-testid="since-yesterday-empty">
              <p className="muted">Nothing changed on your account since yesterday. Some things to do next:</p>
              <ul className="away-lines">
                {NEXT_STEPS.map((step) => (
                  <li key={step.to}>
                    <Link to={step.to}>{step.text}</Link>
                  </li>
                ))}
              </ul>
            </div>
          ) : (
            <ul className="away-lines">
              {summary.lines.map((line) => (
                <li key={line.key} data-testid="since-yesterday-line" data-key={line.key} data-amount={line.amount ?? ''}>
                  <Link to={line.link}>{line.text}</Link>
                </li>
              ))}
            </ul>
          )}
          <dl className="facts compact away-figures">
            <dt>Net change</dt>
            <dd data-testid="since-yesterday-net" data-amount={summary.net}>
              {signedDrk(summary.net)}
            </dd>
            <dt>
              <Link to={summary.balance.link}>Balance</Link>
            </dt>
            <dd data-testid="since-yesterday-balance" data-then={summary.balance.then} data-now={summary.balance.now}>
              {formatDrk(summary.balance.then)} → {formatDrk(summary.balance.now)}
            </dd>
            <dt>
              <Link to={summary.rank.link}>Wealth rank</Link>
            </dt>
            <dd data-testid="since-yesterday-rank">
              {place(summary.rank.then)} → {place(summary.rank.now)}
            </dd>
            {summary.season && (
              <>
                <dt>
                  <Link to={summary.season.link}>Season {summary.season.number}</Link>
                </dt>
                <dd data-testid="since-yesterday-season">
                  {place(summary.season.then)} → {place(summary.season.now)}
                </dd>
              </>
            )}
          </dl>
        </>
      )}
    </Section>
  );
}
