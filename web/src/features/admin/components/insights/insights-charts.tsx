import type { TInsightsDay } from '@campus/shared/domain/insights-api';
import { paisaToRupees } from '@campus/shared/domain/money';
import { useEffect, useMemo, useRef } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import type { TFigure } from './insights-figures';

// The Insights tab's charts, drawn with uPlot on a canvas. This module (and uPlot with it) is
// loaded only when the tab shows a chart, never with the storefront. The charts are pictures of
// the tables beside them, which carry the numbers for screen readers: hidden from them here.

const ORANGE = '#c2410c';
const BLUE = '#1d4ed8';
const HEIGHT = 260;
const DAY_S = 86_400;

/** A uPlot chart in a box as wide as its container, made again when its data changes. */
function Chart({
  options,
  data,
}: {
  options: Omit<uPlot.Options, 'width'>;
  data: uPlot.AlignedData;
}) {
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const element = box.current;
    // No 2D canvas (a test DOM, a browser without one): the table beside it has the numbers.
    if (!element || !document.createElement('canvas').getContext('2d')) return;
    const width = () => Math.max(280, element.clientWidth || 640);
    const chart = new uPlot({ ...options, width: width() }, data, element);
    const observer = new ResizeObserver(() => chart.setSize({ width: width(), height: HEIGHT }));
    observer.observe(element);
    return () => {
      observer.disconnect();
      chart.destroy();
    };
  }, [options, data]);
  return <div ref={box} aria-hidden="true" className="w-full" />;
}

const rupeeAxis = (values: number[]) =>
  values.map((v) => `Rs ${Math.round(v).toLocaleString('en-US')}`);

/** The daily chart: orders as bars on the left axis, revenue in rupees as a line on the right. */
const DAILY_OPTIONS: Omit<uPlot.Options, 'width'> = {
  height: HEIGHT,
  // The days are calendar days: shown as they are written, whatever the browser's zone.
  tzDate: (ts) => uPlot.tzDate(new Date(ts * 1000), 'UTC'),
  legend: { show: false },
  cursor: { show: false },
  scales: { x: { time: true, range: (_u, min, max) => [min - DAY_S / 2, max + DAY_S / 2] } },
  series: [
    {},
    {
      label: 'Orders',
      scale: 'orders',
      stroke: BLUE,
      fill: 'rgba(29, 78, 216, 0.25)',
      paths: uPlot.paths.bars?.({ size: [0.6, 40] }),
      points: { show: false },
    },
    { label: 'Revenue (Rs)', scale: 'rs', stroke: ORANGE, width: 2 },
  ],
  axes: [
    {},
    { scale: 'orders', label: 'Orders' },
    {
      scale: 'rs',
      label: 'Revenue',
      side: 1,
      grid: { show: false },
      values: (_u, v) => rupeeAxis(v),
      size: 90,
    },
  ],
};

/** Orders (bars, left axis) and revenue in rupees (line, right axis) per day. */
export function DailyChart({ days }: { days: readonly TInsightsDay[] }) {
  const data = useMemo<uPlot.AlignedData>(
    () => [
      days.map((day) => Date.parse(`${day.day}T00:00:00Z`) / 1000),
      days.map((day) => day.orders),
      days.map((day) => paisaToRupees(day.revenuePaisa)),
    ],
    [days],
  );
  return <Chart options={DAILY_OPTIONS} data={data} />;
}

/** One bar per row of a figure: its first column the label, its last the rupees. */
export function RevenueBars({ figure }: { figure: TFigure }) {
  const labels = useMemo(() => figure.rows.map((row) => String(row[0])), [figure]);
  const data = useMemo<uPlot.AlignedData>(
    () => [figure.rows.map((_, i) => i), figure.rows.map((row) => Number(row.at(-1)))],
    [figure],
  );
  const options = useMemo<Omit<uPlot.Options, 'width'>>(
    () => ({
      height: HEIGHT,
      legend: { show: false },
      cursor: { show: false },
      scales: { x: { time: false, range: (_u, min, max) => [min - 0.5, max + 0.5] } },
      series: [
        {},
        {
          label: 'Revenue (Rs)',
          stroke: ORANGE,
          fill: 'rgba(194, 65, 12, 0.6)',
          paths: uPlot.paths.bars?.({ size: [0.7, 80] }),
          points: { show: false },
        },
      ],
      axes: [
        {
          splits: () => labels.map((_, i) => i),
          values: (_u, splits) => splits.map((i) => (labels[i] ?? '').slice(0, 14)),
        },
        { values: (_u, v) => rupeeAxis(v), size: 90 },
      ],
    }),
    [labels],
  );
  return <Chart options={options} data={data} />;
}
