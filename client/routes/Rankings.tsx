import { useQuery } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { RANKING_BOARDS, type RankingBoard } from '../../schema/api/rankings.ts';
import { readQuery } from '../state/query.ts';
import { QueryState } from '../admin/QueryState.tsx';
import { Screen } from '../admin/Screen.tsx';
import { formatDrk, formatNumber, plural } from '../format.ts';
import { FigureName } from '../hud/FigureName.tsx';
import type { FigureKey } from '../../schema/rules/figures.ts';
import { useSession } from '../state/session.ts';
import { PlayerLink } from '../hud/PlayerLink.tsx';

const BOARD_WORDS: Record<RankingBoard, { tab: string; column: ReactNode; figure?: FigureKey; format: (value: number) => string }> = {
  wealth: { tab: 'Wealth', column: 'DRK held', format: formatDrk },
  territories: { tab: 'Territories', column: 'Territories held', format: (value) => plural(value, 'territory', 'territories') },
  earnings: { tab: 'Earnings', column: <FigureName figure="earnings_paid_month" />, figure: 'earnings_paid_month', format: formatDrk },
  tribute: { tab: 'Tribute', column: 'Tribute Received, All Time', format: formatDrk },
};

export default function Rankings() {
  const [board, setBoard] = useState<RankingBoard>('wealth');
  const userId = useSession((state) => state.account?.id ?? '');
  const ranking = useQuery({
    ...readQuery('/rankings/:board', { board }, { viewer: userId }),
  });
  const words = BOARD_WORDS[board];
  const you = ranking.data?.you;

  return (
    <Screen title="Rankings" subtitle="Who is winning, from the ledger and the map" backLabel="Back to Map" testId="rankings">
      <div className="button-row" role="tablist" aria-label="Rankings">
        {RANKING_BOARDS.map((name) => (
          <button
            key={name}
            type="button"
            role="tab"
            aria-selected={name === board}
            className={name === board ? 'button primary' : 'button'}
            onClick={() => setBoard(name)}
          >
            {BOARD_WORDS[name].tab}
          </button>
        ))}
      </div>
      <section className="panel card stack">
        <QueryState queries={[ranking]} what="the ranking">
          {you ? (
            <p data-testid="own-rank">
              You are <strong>#{formatNumber(you.rank)}</strong> with <span data-figure={words.figure}>{words.format(you.value)}</span>.
            </p>
          ) : (
            userId && <p className="muted">You are not on this board yet.</p>
          )}
          {ranking.data?.top.length === 0 && <p className="muted">Nobody is on this board yet.</p>}
          <div className="table-wrap">
            <table className="data-table">
              <thead>
                <tr>
                  <th>Rank</th>
                  <th>Player</th>
                  <th>{words.column}</th>
                </tr>
              </thead>
              <tbody>
                {ranking.data?.top.map((row) => (
                  <tr key={row.user_id} data-you={row.user_id === userId} data-testid="ranked-player">
                    <td>#{row.rank}</td>
                    <td>
                      <PlayerLink name={row.username} />
                    </td>
                    <td data-figure={words.figure}>{words.format(row.value)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </QueryState>
      </section>
    </Screen>
  );
}
