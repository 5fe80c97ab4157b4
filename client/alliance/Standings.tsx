import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { ALLIANCE_BOARDS, type AllianceBoard } from '../../schema/api/alliances.ts';
import { tagLabel } from '../../schema/rules/alliances.ts';
import { allianceLink } from '../../schema/routes.ts';
import { QueryState } from '../admin/QueryState.tsx';
import { readQuery } from '../state/query.ts';
import { formatDrk, formatNumber } from '../format.ts';

// docs/rules.md §4 "Alliances", "Standing": the open alliances ranked by one standing.

const BOARD_TEXT: Record<AllianceBoard, string> = {
  members: 'Members',
  land: 'Land',
  wealth: 'Wealth',
  earnings: 'Earnings',
  tribute: 'Tribute',
};

export function Standings() {
  const [by, setBy] = useState<AllianceBoard>('members');
  const list = useQuery(readQuery('/alliances', { by }));
  return (
    <section className="panel card stack" data-testid="alliance-standings">
      <h2>Alliance standings</h2>
      <div className="button-row" role="tablist" aria-label="Alliance standings">
        {ALLIANCE_BOARDS.map((board) => (
          <button
            key={board}
            type="button"
            role="tab"
            aria-selected={board === by}
            className={board === by ? 'button small primary' : 'button small'}
            onClick={() => setBy(board)}
          >
            {BOARD_TEXT[board]}
          </button>
        ))}
      </div>
      <QueryState queries={[list]} what="the alliance standings">
        {list.data?.alliances.length === 0 && <p className="muted">No alliance has been founded yet: found the first.</p>}
        {list.data && list.data.alliances.length > 0 && (
          <div className="table-wrap">
            <table className="data-table">
              <thead>
                <tr>
                  <th>Rank</th>
                  <th>Alliance</th>
                  <th className="number">Members</th>
                  <th className="number">Land</th>
                  <th className="number">Wealth (with treasury)</th>
                  <th className="number">Earnings, last month</th>
                  <th className="number">Tribute</th>
                </tr>
              </thead>
              <tbody>
                {list.data?.alliances.map((alliance, index) => (
                  <tr key={alliance.id} data-testid="ranked-alliance">
                    <td>#{index + 1}</td>
                    <td>
                      <Link to={allianceLink(alliance.id)}>
                        {tagLabel(alliance.tag)} {alliance.name}
                      </Link>
                    </td>
                    <td className="number">{formatNumber(alliance.members)}</td>
                    <td className="number">{formatNumber(alliance.land)}</td>
                    <td className="number">{formatDrk(alliance.wealth)}</td>
                    <td className="number">{formatDrk(alliance.earnings)}</td>
                    <td className="number">{formatDrk(alliance.tribute)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </QueryState>
    </section>
  );
}
