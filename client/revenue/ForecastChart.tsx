import { formatDrk, formatNumber, formatShortMonth } from '../format.ts';

interface ForecastChartProps {
  /** This month's projected DRK, drawn first for comparison. */
  current: number;
  /** The forecast months that follow, in DRK. */
  months: readonly number[];
  /** The monthly DRK that reaches the annual goal, drawn as a dashed line. */
  goalMonthly: number;
  /** The first forecast month, for the month names on the axis. */
  start: Date;
}

const WIDTH = 640;
const HEIGHT = 260;
const PAD = { top: 24, right: 16, bottom: 36, left: 56 };
const GRID_LINES = 4;

// Months are UTC months, as the payout on the 1st counts them (schema/format.ts writes them in UTC).
const monthName = (start: Date, offset: number) =>
  formatShortMonth(new Date(Date.UTC(start.getUTCFullYear(), start.getUTCMonth() + offset, 1)));

// A bar per month, the goal as a dashed line; plain SVG so the chart costs no chart library.
export function ForecastChart(props: ForecastChartProps) {
  return (
    <figure className="stack chart-figure">
      <Bars {...props} />
      <figcaption className="chart-legend">
        <span>
          <span className="legend-swatch current" />
          This month
        </span>
        <span>
          <span className="legend-swatch forecast" />
          Forecast
        </span>
        <span>
          <span className="legend-swatch goal" />
          Goal: {formatDrk(Math.round(props.goalMonthly))} a month
        </span>
      </figcaption>
    </figure>
  );
}

function Bars({ current, months, goalMonthly, start }: ForecastChartProps) {
  const values = [current, ...months];
  const top = Math.max(goalMonthly, ...values, 1) * 1.1;
  const plotWidth = WIDTH - PAD.left - PAD.right;
  const plotHeight = HEIGHT - PAD.top - PAD.bottom;
  const slot = plotWidth / values.length;
  const barWidth = slot * 0.56;
  const y = (value: number) => PAD.top + plotHeight - (value / top) * plotHeight;
  const goalY = y(goalMonthly);

  return (
    <svg
      className="chart"
      viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
      role="img"
      aria-label={`Six-month revenue forecast: ${months.map((value) => formatDrk(value)).join(', ')}`}
      data-testid="forecast-chart"
    >
      {Array.from({ length: GRID_LINES + 1 }, (_, index) => {
        const value = (top / GRID_LINES) * index;
        return (
          <g key={index}>
            <line
              className="axis"
              x1={PAD.left}
              x2={WIDTH - PAD.right}
              y1={y(value)}
              y2={y(value)}
              strokeDasharray={index === 0 ? undefined : '2 4'}
            />
            <text x={PAD.left - 8} y={y(value) + 4} textAnchor="end">
              {formatNumber(Math.round(value))}
            </text>
          </g>
        );
      })}
      {values.map((value, index) => {
        const x = PAD.left + slot * index + (slot - barWidth) / 2;
        return (
          <g key={index} data-testid={index === 0 ? undefined : 'forecast-bar'}>
            <rect
              className={index === 0 ? 'bar current' : 'bar'}
              x={x}
              y={y(value)}
              width={barWidth}
              height={Math.max(0, PAD.top + plotHeight - y(value))}
              rx={4}
            />
            <text className="value" x={x + barWidth / 2} y={y(value) - 6} textAnchor="middle">
              {formatNumber(value)}
            </text>
            <text x={x + barWidth / 2} y={HEIGHT - PAD.bottom + 18} textAnchor="middle">
              {index === 0 ? 'Now' : monthName(start, index - 1)}
            </text>
          </g>
        );
      })}
      <line className="line" x1={PAD.left} x2={WIDTH - PAD.right} y1={goalY} y2={goalY} strokeDasharray="6 5" />
    </svg>
  );
}
