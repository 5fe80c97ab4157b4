import { useEffect, useRef } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import type { ChartSeries } from './series.ts';

const COLOURS = ['#d4af37', '#60a5fa', '#34d399', '#f472b6', '#a78bfa', '#fb923c', '#f87171', '#22d3ee', '#facc15', '#94a3b8'];
const HEIGHT = 240;
const AXIS = { stroke: '#8fa1ba', grid: { stroke: '#22324a', width: 1 }, ticks: { stroke: '#22324a', width: 1 } };

interface ChartProps {
  title: string;
  series: ChartSeries;
  /** Whole-month points show as months; daily ones as dates. */
  step: 'day' | 'month';
  /** Series drawn on a second axis on the right, such as a count next to amounts. */
  rightAxis?: string[];
  testId: string;
}

const NO_RIGHT_AXIS: string[] = [];
const compact = new Intl.NumberFormat('en-US', { notation: 'compact', maximumFractionDigits: 1 });

// uPlot draws on a canvas and owns its DOM: React gives it a box and rebuilds it when the data
// changes, and a ResizeObserver keeps it as wide as the box, down to a phone's width.
export function Chart({ title, series, step, rightAxis = NO_RIGHT_AXIS, testId }: ChartProps) {
  const box = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const element = box.current;
    if (!element) return;
    const dateFormat = step === 'month' ? '{MMM} {YYYY}' : '{YYYY}-{MM}-{DD}';
    const plot = new uPlot(
      {
        width: Math.max(280, element.clientWidth),
        height: HEIGHT,
        tzDate: (ts) => uPlot.tzDate(new Date(ts * 1000), 'Etc/UTC'),
        legend: { live: true },
        cursor: { drag: { x: false, y: false } },
        scales: { x: { time: true }, right: { auto: true } },
        axes: [
          AXIS,
          { ...AXIS, size: 56, values: (_u, ticks) => ticks.map((tick) => compact.format(tick)) },
          ...(rightAxis.length > 0
            ? [
                {
                  ...AXIS,
                  scale: 'right',
                  side: 1,
                  size: 48,
                  grid: { show: false },
                  values: (_u: uPlot, ticks: number[]) => ticks.map((tick) => compact.format(tick)),
                },
              ]
            : []),
        ],
        series: [
          {
            label: step === 'month' ? 'Month' : 'Day',
            value: (_u, ts) => (ts == null ? '–' : uPlot.fmtDate(dateFormat)(uPlot.tzDate(new Date(ts * 1000), 'Etc/UTC'))),
          },
          ...series.labels.map((label, index) => ({
            label,
            stroke: COLOURS[index % COLOURS.length],
            width: 2,
            scale: rightAxis.includes(label) ? 'right' : 'y',
            spanGaps: true,
            points: { show: true, size: 5 },
            value: (_u: uPlot, value: number | null) => (value == null ? '–' : value.toLocaleString('en-US')),
          })),
        ],
      },
      series.data,
      element,
    );
    const resize = new ResizeObserver(() => plot.setSize({ width: Math.max(280, element.clientWidth), height: HEIGHT }));
    resize.observe(element);
    return () => {
      resize.disconnect();
      plot.destroy();
    };
  }, [series, step, rightAxis]);

  return (
    <figure className="panel card economy-chart" data-testid={testId}>
      <figcaption>
        <h2>{title}</h2>
      </figcaption>
      {series.data[0].length < 2 ? (
        // One point alone was drawn as a dot on an axis years wide.
        <p className="muted small">
          {series.data[0].length === 0 ? 'Nothing yet.' : `Only one ${step} so far: the chart starts with the second.`}
        </p>
      ) : (
        <div ref={box} className="chart-box" />
      )}
    </figure>
  );
}
