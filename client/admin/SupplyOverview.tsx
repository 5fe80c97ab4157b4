import { formatDrk } from '../format.ts';
import { remainingSupply } from '../forms/mint.ts';

export interface SupplyDto {
  total_supply: number;
  circulating_supply: number;
  max_supply: number;
}

// docs/rules.md §2 "the Wanakt's mint": the supply overview.
export function SupplyOverview({ supply }: { supply: SupplyDto }) {
  const minted = supply.max_supply > 0 ? supply.total_supply / supply.max_supply : 0;
  const figures = [
    { label: 'Total Supply', value: supply.total_supply, hint: 'Every DRK ever minted' },
    { label: 'Circulating Supply', value: supply.circulating_supply, hint: 'Held in player balances' },
    { label: 'Max Supply', value: supply.max_supply, hint: 'The hard cap' },
    { label: 'Remaining Supply', value: remainingSupply(supply), hint: 'Still mintable' },
  ];
  return (
    <section className="stack" data-testid="supply-overview" aria-label="Supply overview">
      <div className="stat-grid">
        {figures.map((figure) => (
          <div className="panel stat-card" key={figure.label}>
            <span className="stat-label">{figure.label}</span>
            <strong className="stat-figure">{formatDrk(figure.value)}</strong>
            <span className="muted small">{figure.hint}</span>
          </div>
        ))}
      </div>
      <div className="panel card">
        <div className="progress-label">
          <span>Minted of the cap</span>
          <span>{(minted * 100).toFixed(2)}%</span>
        </div>
        <div
          className="progress"
          role="progressbar"
          aria-label="Minted of the cap"
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={Math.round(minted * 100)}
        >
          <div className="progress-fill" style={{ width: `${Math.min(100, minted * 100)}%` }} />
        </div>
      </div>
    </section>
  );
}
