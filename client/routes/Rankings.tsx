import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { RANKING_BOARDS, type RankingBoard, type RankingDto } from '../../schema/api/rankings.ts';
import { getPath } from '../api.ts';
import { QueryState } from '../admin/QueryState.tsx';
import { Screen } from '../admin/Screen.tsx';
import { formatDrk } from '../format.ts';
import { useSession } from '../state/session.ts';
import { PlayerLink } from '../hud/PlayerLink.tsx';

const BOARD_WORDS: Record<RankingBoard, { tab: string; column: string; format: (value: number) => string }> = {
  wealth: { tab: 'Wealth', column: 'DRK held', format: formatDrk },
  territories: { tab: 'Territories', column: 'Territories held', format: (value) => value.toLocaleString('en-US') },
  earnings: { tab: 'Monthly earnings', column: 'Earned last month', format: formatDrk },
  tribute: { tab: 'Tribute', column: 'Rent received', format: formatDrk },
};

export default function Rankings() {
  const [board, setBoard] = useState<RankingBoard>('wealth');
  const userId = useSession((state) => state.account?.id ?? '');
  const ranking = useQuery<RankingDto | null>({ queryKey: ['rankings', board, userId], queryFn: () => getPath<RankingDto>(`/api/rankings/${board}`) });
  const words = BOARD_WORDS[board];
  const you = ranking.data?.you;

  return (
    <Screen title="Rankings" subtitle="Who is winning, from the ledger and the map" backLabel="Back to Map" testId="rankings">
      <div className="button-row" role="tablist" aria-label="Rankings">
        {RANKING_BOARDS.map((name) => (
          <button key={name} type="button" role="tab" aria-selected={name === board} className={name === board ? 'button primary' : 'button'} onClick={() => setBoard(name)}>
            {BOARD_WORDS[name].tab}
          </button>
        ))}
      </div>
      <section className="panel card stack">
        <QueryState queries={[ranking]} what="the ranking">
          {you ? (
            <p data-testid="own-rank">
              You are <strong>#{you.rank.toLocaleString('en-US')}</strong> with {words.format(you.value)}.
            </p>
          ) : (
            userId && <p className="muted">You are not on this board yet.</p>
          )}
          {ranking.data?.top.length === 0 && <p className="muted">Nobody is on this board yet.</p>}
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
                  <td>{words.format(row.value)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </QueryState>
      </section>
    </Screen>
  );
}
