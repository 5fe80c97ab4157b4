import { useQuery } from '@tanstack/react-query';
import type { TerritoryDto } from '../../schema/api/territory.ts';
import { readQuery } from '../state/query.ts';
import { formatDrk } from '../format.ts';
import { remainingSupply } from '../forms/mint.ts';
import { useWorld } from '../state/world.ts';
import { Section } from './Section.tsx';

function percent(part: number, whole: number): string {
  return whole > 0 ? `${((part / whole) * 100).toFixed(2)}%` : '–';
}

function marketShape(territories: readonly TerritoryDto[], treasuryId: string) {
  let playerOwned = 0;
  let forSale = 0;
  let askingTotal = 0;
  for (const territory of territories) {
    if (territory.owner_id !== null && territory.owner_id !== treasuryId) playerOwned++;
    if (territory.sale_price !== null) {
      forSale++;
      askingTotal += territory.sale_price;
    }
  }
  return { playerOwned, forSale, askingTotal };
}

// The Wanakt's view of the economy: the supply, and how much of the world players hold.
export function EconomicOverview({ wanaktId }: { wanaktId: string }) {
  const supply = useQuery(readQuery('/currency/supply'));
  const territories = useWorld((state) => state.territories);
  const market = marketShape(territories, wanaktId);

  return (
    <Section title="Economic Overview" testId="economic-overview">
      {supply.isError && <p className="form-error">Could not load the supply ({supply.error.message}).</p>}
      {supply.data && (
        <>
          <dl className="facts compact">
            <dt>Total supply</dt>
            <dd data-testid="total-supply">{formatDrk(supply.data.total_supply)}</dd>
            <dt>Circulating</dt>
            <dd>{formatDrk(supply.data.circulating_supply)}</dd>
            <dt>Maximum</dt>
            <dd>{formatDrk(supply.data.max_supply)}</dd>
            <dt>Still mintable</dt>
            <dd>{formatDrk(remainingSupply(supply.data))}</dd>
          </dl>
          <div
            className="meter"
            role="meter"
            aria-valuemin={0}
            aria-valuemax={supply.data.max_supply}
            aria-valuenow={supply.data.total_supply}
            aria-label="Share of the maximum supply minted"
          >
            <span style={{ width: percent(supply.data.total_supply, supply.data.max_supply) }} />
          </div>
          <p className="muted small">{percent(supply.data.total_supply, supply.data.max_supply)} of the maximum supply minted.</p>
        </>
      )}
      <dl className="facts compact">
        <dt>Held by players</dt>
        <dd>
          {market.playerOwned} / {territories.length}
        </dd>
        <dt>For sale</dt>
        <dd>
          {market.forSale} ({formatDrk(market.askingTotal)} asked)
        </dd>
      </dl>
    </Section>
  );
}
