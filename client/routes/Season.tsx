import { useQuery } from '@tanstack/react-query';
import { readQuery } from '../state/query.ts';
import { QueryState } from '../admin/QueryState.tsx';
import { Screen } from '../admin/Screen.tsx';
import { formatDate, formatDateTime, formatDrk, formatNumber, plural } from '../format.ts';
import { PlayerLink } from '../hud/PlayerLink.tsx';
import { useSession } from '../state/session.ts';
import './Season.css';

/**
 * docs/rules.md §10: the season's tasks and the player's progress, the pool announced before it
 * started, the public standings, which of the player's actions did not count and why, and what the
 * last season paid.
 */
export default function Season() {
  const userId = useSession((state) => state.account?.id ?? '');
  const current = useQuery({
    ...readQuery('/seasons/current', undefined, { viewer: userId }),
  });
  const season = current.data?.season;
  const last = current.data?.last;
  const taskName = (key: string) => season?.tasks.find((task) => task.key === key)?.name ?? key;

  return (
    <Screen
      title="Season"
      subtitle="Tasks played for a share of a fixed pool from the Wanakt's treasury"
      backLabel="Back to Map"
      testId="season"
    >
      <QueryState queries={[current]} what="the season">
        {season ? (
          <>
            <section className="panel card stack" data-testid="season-pool">
              <h2>
                Season {season.number} {season.status === 'upcoming' ? '(starts soon)' : ''}
              </h2>
              <p>
                {formatDate(season.starts_at)} to {formatDate(season.ends_at)}. Pool:{' '}
                <strong data-testid="pool">{formatDrk(season.pool)}</strong>, announced {formatDateTime(season.announced_at)} and fixed
                until the end.
              </p>
              <p className="muted">
                Each task completed adds its weight; at the end the pool is shared by weight, in whole DRK, paid from the treasury (nothing
                is minted). Weight so far, all players: {formatNumber(season.total_weight)}.
                {season.you &&
                  ` Your weight: ${formatNumber(season.you.weight)}${season.you.rank ? ` (#${formatNumber(season.you.rank)} in the standings)` : ''}.`}
              </p>
            </section>
            <section className="panel card stack">
              <h2>Tasks</h2>
              <div className="table-wrap">
                <table className="data-table season-tasks">
                  <thead>
                    <tr>
                      <th>Task</th>
                      <th>What counts</th>
                      <th>Weight</th>
                      <th>Your progress</th>
                    </tr>
                  </thead>
                  <tbody>
                    {season.tasks.map((task) => (
                      <tr key={task.key} data-testid="season-task" data-key={task.key} data-completed={task.completed}>
                        <td className="season-task-name">{task.name}</td>
                        <td className="muted season-task-rule">{task.rule}</td>
                        <td className="season-task-weight">
                          <span className="season-weight-label">Weight </span>
                          {task.weight}
                        </td>
                        <td className="season-progress">
                          {task.progress === null ? (
                            '—'
                          ) : (
                            <>
                              <progress
                                max={task.target}
                                value={task.progress}
                                aria-label={`${task.name}: ${task.progress} of ${task.target}`}
                              />{' '}
                              {task.completed ? 'Done' : `${task.progress} / ${task.target}`}
                            </>
                          )}
                        </td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            </section>
            {season.you && season.you.not_counted.length > 0 && (
              <section className="panel card stack" data-testid="not-counted">
                <h2>What did not count</h2>
                <ul>
                  {season.you.not_counted.map((refusal) => (
                    <li key={`${refusal.task} ${refusal.at}`}>
                      {formatDateTime(refusal.at)}, {taskName(refusal.task)}: {refusal.why}
                    </li>
                  ))}
                </ul>
              </section>
            )}
            <section className="panel card stack">
              <h2>Standings</h2>
              {season.standings.length === 0 ? (
                <p className="muted">Nobody has completed a task yet.</p>
              ) : (
                <div className="table-wrap">
                  <table className="data-table">
                    <thead>
                      <tr>
                        <th>Rank</th>
                        <th>Player</th>
                        <th>Weight</th>
                        <th>Tasks</th>
                      </tr>
                    </thead>
                    <tbody>
                      {season.standings.map((row) => (
                        <tr key={row.username} data-testid="season-standing">
                          <td>#{row.rank}</td>
                          <td>
                            <PlayerLink name={row.username} />
                          </td>
                          <td>{row.weight}</td>
                          <td>{row.tasks}</td>
                        </tr>
                      ))}
                    </tbody>
                  </table>
                </div>
              )}
            </section>
          </>
        ) : (
          <section className="panel card">
            <p className="muted">No season is announced yet: one is announced, with its pool, once the treasury holds it.</p>
          </section>
        )}
        {last && (
          <section className="panel card stack" data-testid="last-season">
            <h2>Season {last.number}: what it paid</h2>
            <p>
              Paid {formatDateTime(last.paid_at)}: {formatDrk(last.paid_total)} of its {formatDrk(last.pool)} pool to{' '}
              {plural(last.payouts.filter((payout) => payout.amount > 0).length, 'player')}.
            </p>
            <div className="table-wrap">
              <table className="data-table">
                <thead>
                  <tr>
                    <th>Player</th>
                    <th>Weight</th>
                    <th>Paid</th>
                  </tr>
                </thead>
                <tbody>
                  {last.payouts.map((payout) => (
                    <tr key={payout.username} data-testid="season-payout">
                      <td>
                        <PlayerLink name={payout.username} />
                      </td>
                      <td>{payout.weight}</td>
                      <td>{formatDrk(payout.amount)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          </section>
        )}
      </QueryState>
    </Screen>
  );
}
