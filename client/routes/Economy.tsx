import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import type { EconomyOverviewDto, SupplyAuditDto } from '../../schema/api/economy.ts';
import { runSupplyAudit, serverMessageOr } from '../api.ts';
import { queryKeyOf } from '../../schema/reads/address.ts';
import { readQuery } from '../state/query.ts';
import { QueryState } from '../admin/QueryState.tsx';
import { Screen } from '../admin/Screen.tsx';
import { Chart } from '../economy/Chart.tsx';
import {
  flowSeries,
  flowTotals,
  medianPriceSeries,
  mintedSeries,
  priceIndexSeries,
  regionIndexSeries,
  supplySeries,
  tradeSeries,
} from '../economy/series.ts';
import { formatDate, formatDateTime, formatDrk, formatMonth, formatNumber, plural } from '../format.ts';
import { showToast } from '../state/toasts.ts';
import { NotCounted } from '../trades/NotCounted.tsx';
import { OFF_MARKET_ABOVE, OFF_MARKET_BELOW, TRADE_FILTER_DAYS } from '../../schema/rules/trade-filter.ts';
import { TREASURY_SELLER, typeName } from '../../schema/display-names.ts';
import { REGION_LABELS } from '../../schema/rules/region.ts';
import { REGIONAL_WINDOW_DAYS } from '../../schema/api/economy.ts';
import '../economy/economy.css';

const percent = (share: number) => `${(share * 100).toFixed(1)}%`;

/** What the daily charts cover, read from the data itself (at most the server's last 365 days). */
function dailyRange(overview: EconomyOverviewDto): string {
  const days = overview.supply_history.map((point) => point.day).sort();
  if (days.length === 0) return 'The daily charts have no days yet.';
  return `Daily charts run from ${formatDate(days[0])} to ${formatDate(days[days.length - 1])}.`;
}

function SupplyCards({ overview }: { overview: EconomyOverviewDto }) {
  const { supply, concentration, projection } = overview;
  return (
    <section className="card-grid" aria-label="Supply and holdings">
      <div className="panel card" data-testid="economy-supply">
        <h2>Supply</h2>
        <dl className="facts compact">
          <dt>Total</dt>
          <dd>{formatDrk(supply.total_supply)}</dd>
          <dt>Circulating</dt>
          <dd>{formatDrk(supply.circulating_supply)}</dd>
          <dt>Cap</dt>
          <dd>{formatDrk(supply.max_supply)}</dd>
          <dt>Minted so far</dt>
          <dd>{percent(supply.total_supply / supply.max_supply)}</dd>
        </dl>
      </div>
      <div className="panel card" data-testid="economy-projection">
        <h2>When the cap is reached</h2>
        {projection.cap_month ? (
          <p>
            <strong>{formatMonth(projection.cap_month)}</strong>
          </p>
        ) : projection.history_days < projection.window_days ? (
          <p data-testid="too-little-history">
            <strong>Too little history to project</strong>: minting began{' '}
            {projection.history_days === 0 ? 'today' : `${plural(projection.history_days, 'day')} ago`}, and a pace needs{' '}
            {projection.window_days} days of it.
          </p>
        ) : (
          <p>
            <strong>Not at the current pace</strong>
          </p>
        )}
        <p className="muted small">
          {formatDrk(projection.minted_in_window)} minted in the last {projection.window_days} days; {formatDrk(projection.remaining)} left
          under the cap.
        </p>
      </div>
      <div className="panel card" data-testid="economy-concentration">
        <h2>Who holds it</h2>
        <dl className="facts compact">
          <dt>Top 1% of players</dt>
          <dd>{percent(concentration.top_1_percent_share)}</dd>
          <dt>Top 10% of players</dt>
          <dd>{percent(concentration.top_10_percent_share)}</dd>
          <dt>Gini coefficient</dt>
          <dd>{concentration.gini.toFixed(3)}</dd>
        </dl>
        <p className="muted small">
          Across {formatNumber(concentration.holders)} player accounts holding {formatDrk(concentration.held)}; the treasury is not counted.
        </p>
      </div>
    </section>
  );
}

function AuditLine({ audit }: { audit: SupplyAuditDto | null }) {
  const queryClient = useQueryClient();
  const rerun = useMutation({
    mutationFn: runSupplyAudit,
    // The figures are cached on the server for a few seconds; the audit's own answer is the newest word.
    onSuccess: (answer) =>
      queryClient.setQueryData<EconomyOverviewDto>(
        queryKeyOf('/economy'),
        (overview) => overview && { ...overview, last_audit: answer.last_audit },
      ),
    onError: (error) =>
      showToast({
        variant: 'destructive',
        title: 'Audit not run',
        description: serverMessageOr(error, 'The audit could not run. Please try again.'),
      }),
  });
  return (
    <section className="panel card audit-line" data-testid="economy-audit" aria-label="Audit of the cap">
      <p>
        {audit === null ? (
          'The supply has not been audited yet.'
        ) : audit.ok ? (
          <>
            <strong className="audit-ok">Books balance.</strong> On {formatDateTime(audit.checked_at)} the balances added up to{' '}
            {formatDrk(audit.balances)}, the circulating supply, and every mint in the ledger to the total of{' '}
            {formatDrk(audit.total_supply)}.
          </>
        ) : (
          <>
            <strong className="audit-failed">Books do not balance.</strong> The check of {formatDateTime(audit.checked_at)} found:{' '}
            {audit.problems.join('; ')}.
          </>
        )}
      </p>
      <button className="button" type="button" disabled={rerun.isPending} onClick={() => rerun.mutate()}>
        {rerun.isPending ? 'Checking…' : 'Check again now'}
      </button>
    </section>
  );
}

// docs/rules.md §4 "Trades that count": the market of each region, of the sales that count.
function RegionalPrices({ regions }: { regions: EconomyOverviewDto['market_by_region'] }) {
  const rows = regions.flatMap((market) => market.by_type.map((row) => ({ region: market.region, ...row })));
  return (
    <section className="panel card" aria-labelledby="regional-prices" data-testid="regional-prices">
      <h2 id="regional-prices">Prices by region, last {REGIONAL_WINDOW_DAYS} days</h2>
      {rows.length === 0 ? (
        <p className="muted">No sale that counts in the last {REGIONAL_WINDOW_DAYS} days.</p>
      ) : (
        <div className="table-wrap">
          <table className="data-table">
            <thead>
              <tr>
                <th>Region</th>
                <th>Type</th>
                <th className="number">Sales</th>
                <th className="number">Volume</th>
                <th className="number">Median price</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => (
                <tr key={`${row.region} ${row.territory_type}`} data-testid="regional-price">
                  <td>{REGION_LABELS[row.region]}</td>
                  <td>{typeName(row.territory_type)}</td>
                  <td className="number">{formatNumber(row.trades)}</td>
                  <td className="number">{formatDrk(row.volume)}</td>
                  <td className="number">{formatDrk(Math.round(row.median_price))}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}

// docs/rules.md §4 "Trades that count": what the prices above leave out is listed with why, never hidden.
function TradesLeftOut({ trades }: { trades: EconomyOverviewDto['trades_left_out'] }) {
  return (
    <section className="panel card" aria-labelledby="trades-left-out" data-testid="trades-left-out">
      <h2 id="trades-left-out">Trades left out of the prices</h2>
      {trades.length === 0 ? (
        <p className="muted">No trade has been left out: every sale between players counts.</p>
      ) : (
        <ul className="breakdown">
          {trades.map((trade) => (
            <li key={trade.id}>
              <span>
                {formatDate(trade.created_at)} · {trade.territory_name}: {trade.from_owner_name ?? TREASURY_SELLER} →{' '}
                {trade.to_owner_name ?? '—'}
                <NotCounted reason={trade.not_counted} />
              </span>
              <strong>{formatDrk(trade.price)}</strong>
            </li>
          ))}
        </ul>
      )}
      <p className="muted small">
        A sale does not count when its two sides are linked accounts, when it returns land to a seller within {TRADE_FILTER_DAYS} days, when
        the same two players trade a third time within {TRADE_FILTER_DAYS} days, or when its price is below {OFF_MARKET_BELOW * 100} % or
        above {OFF_MARKET_ABOVE}× the median of its type.
      </p>
    </section>
  );
}

function Figures({ overview }: { overview: EconomyOverviewDto }) {
  const charts = useMemo(
    () => ({
      supply: supplySeries(overview),
      minted: mintedSeries(overview),
      flows: flowSeries(overview),
      trades: tradeSeries(overview),
      median: medianPriceSeries(overview),
      index: priceIndexSeries(overview),
      regions: regionIndexSeries(overview),
      totals: flowTotals(overview),
    }),
    [overview],
  );
  return (
    <>
      <SupplyCards overview={overview} />
      <AuditLine audit={overview.last_audit} />
      <div className="economy-charts">
        <Chart title="Total supply against the cap" series={charts.supply} step="day" testId="chart-supply" />
        <Chart title="DRK minted per month, by source" series={charts.minted} step="month" testId="chart-minted" />
        <Chart title="Flows between accounts per month" series={charts.flows} step="month" testId="chart-flows" />
        <Chart
          title="Territory trades and volume per day"
          series={charts.trades}
          step="day"
          rightAxis={RIGHT_TRADES}
          testId="chart-trades"
        />
        <Chart title="Median price per territory type" series={charts.median} step="day" testId="chart-median" />
        <Chart title="Price index (first trading day = 100)" series={charts.index} step="day" testId="chart-index" />
        <Chart title="Price index by region (its first trading day = 100)" series={charts.regions} step="day" testId="chart-region-index" />
      </div>
      <RegionalPrices regions={overview.market_by_region} />
      <TradesLeftOut trades={overview.trades_left_out} />
      <section className="panel card" aria-labelledby="flow-totals">
        <h2 id="flow-totals">All flows since the start</h2>
        <ul className="breakdown" data-testid="flow-totals">
          {charts.totals.map((total) => (
            <li key={total.label}>
              <span>
                {total.label} <span className="muted small">({plural(total.movements, 'movement')})</span>
              </span>
              <strong>{formatDrk(total.amount)}</strong>
            </li>
          ))}
        </ul>
      </section>
      <p className="muted small">
        Figures as of {formatDateTime(overview.as_of)}, from the ledger and the territory trades. {dailyRange(overview)} Monthly charts show
        every month with a movement since the start.
      </p>
    </>
  );
}

// Trades are counts and volume is DRK: the count goes on the left axis, the DRK on the right.
const RIGHT_TRADES = ['Volume (DRK)'];

export default function Economy() {
  const overview = useQuery(readQuery('/economy'));
  return (
    <Screen
      title="Open Books"
      subtitle="The whole DRK economy: what exists, where it came from, where it flows and who holds it."
      backLabel="Back to Map"
      testId="economy"
    >
      <QueryState queries={[overview]} what="the economy">
        {overview.data && <Figures overview={overview.data} />}
      </QueryState>
    </Screen>
  );
}
