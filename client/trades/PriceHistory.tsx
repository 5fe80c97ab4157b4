import type { OwnershipChangeDto } from '../../schema/api/territories.ts';
import { TREASURY_SELLER } from '../../schema/display-names.ts';
import { formatDate, formatDrk } from '../format.ts';
import { NotCounted } from './NotCounted.tsx';

/** How many of a territory's latest sales its panel lists. */
const PRICE_HISTORY_SHOWN = 6;

/** A territory's latest sales, newest first: when, at what price, who sold to whom, and whether it counts for prices. */
export function PriceHistory({ history }: { history: readonly OwnershipChangeDto[] }) {
  const sales = history.filter((change) => change.reason === 'purchase').slice(0, PRICE_HISTORY_SHOWN);
  if (sales.length === 0) return null;
  return (
    <>
      <h4 className="section-label">Price history</h4>
      <ul className="price-history" data-testid="price-history">
        {sales.map((sale) => (
          <li key={sale.id}>
            <span className="price-history-line">
              <span className="muted small">{formatDate(sale.created_at)}</span>
              <strong>{formatDrk(sale.price)}</strong>
            </span>
            <span className="muted small">
              {sale.from_owner_name ?? TREASURY_SELLER} → {sale.to_owner_name ?? '—'}
            </span>
            <NotCounted reason={sale.not_counted} />
          </li>
        ))}
      </ul>
    </>
  );
}
