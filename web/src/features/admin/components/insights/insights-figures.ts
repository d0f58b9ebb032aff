import type { TInsightsResponse } from '@campus/shared/domain/insights-api';
import { formatRs, paisaToRupees } from '@campus/shared/domain/money';

// Each figure of the Insights tab as a table: its header and rows, the values a spreadsheet gets
// (rupees as numbers), and how the page shows each column.

type Cell = string | number;

export type TFigure = {
  /** The table's caption, and the name of its download. */
  caption: string;
  /** The file's name without '.csv'. */
  fileName: string;
  header: string[];
  rows: Cell[][];
  /** How a column shows on the page; unset: as it is. */
  show?: (((cell: Cell) => string) | undefined)[];
};

const rupees = (paisa: number) => paisaToRupees(paisa);
const asRs = (cell: Cell) => formatRs(Math.round(Number(cell) * 100));

export const WEEKDAYS = [
  'Monday',
  'Tuesday',
  'Wednesday',
  'Thursday',
  'Friday',
  'Saturday',
  'Sunday',
] as const;

/** '14:00' for hour 14. */
export const hourLabel = (hour: number) => `${String(hour).padStart(2, '0')}:00`;

/** A wait as people read it: '45 s', '12 min', '3 h 05 min'. */
export function formatWait(seconds: number | null): string {
  if (seconds === null) return 'No payment checked yet';
  if (seconds < 60) return `${Math.round(seconds)} s`;
  const minutes = Math.round(seconds / 60);
  if (minutes < 60) return `${minutes} min`;
  return `${Math.floor(minutes / 60)} h ${String(minutes % 60).padStart(2, '0')} min`;
}

/** '2.5%' of a part of a whole ('0%' of nothing). */
export function share(part: number, whole: number): string {
  if (whole === 0) return '0%';
  return `${Math.round((part / whole) * 1000) / 10}%`;
}

/** The figures of an answer, each as a table. */
export function figuresOf(insights: TInsightsResponse) {
  const range = `${insights.from}-to-${insights.to}`;
  const daily: TFigure = {
    caption: 'Orders and revenue per day',
    fileName: `insights-daily-${range}`,
    header: ['Day', 'Orders', 'Revenue (Rs)'],
    rows: insights.days.map((day) => [day.day, day.orders, rupees(day.revenuePaisa)]),
    show: [undefined, undefined, asRs],
  };
  const restaurants: TFigure = {
    caption: 'Revenue per restaurant and the mart',
    fileName: `insights-restaurants-${range}`,
    header: ['Restaurant', 'Items sold', 'Revenue (Rs)'],
    rows: insights.restaurants.map((r) => [r.name, r.quantity, rupees(r.revenuePaisa)]),
    show: [undefined, undefined, asRs],
  };
  const topItems: TFigure = {
    caption: 'Top 10 items by quantity',
    fileName: `insights-top-items-${range}`,
    header: ['Item', 'Restaurant', 'Quantity', 'Revenue (Rs)'],
    rows: insights.topItems.map((i) => [
      i.name,
      i.restaurantName,
      i.quantity,
      rupees(i.revenuePaisa),
    ]),
    show: [undefined, undefined, undefined, asRs],
  };
  const heatmap: TFigure = {
    caption: 'Orders by weekday and hour',
    fileName: `insights-weekday-hour-${range}`,
    header: ['Weekday', ...Array.from({ length: 24 }, (_, hour) => hourLabel(hour))],
    rows: insights.heatmap.map((hours, weekday) => [WEEKDAYS[weekday] ?? '', ...hours]),
  };
  const { paymentCheck, outcomes } = insights;
  const checks: TFigure = {
    caption: 'Payment checks and outcomes',
    fileName: `insights-payment-checks-${range}`,
    header: ['Figure', 'Value'],
    rows: [
      ['Orders placed', outcomes.orders],
      ['Payments checked', paymentCheck.checked],
      ['Median time to payment check (seconds)', paymentCheck.medianSeconds ?? ''],
      ['90th percentile time to payment check (seconds)', paymentCheck.p90Seconds ?? ''],
      ['Rejected orders', outcomes.rejected],
      ['Rejected share', share(outcomes.rejected, outcomes.orders)],
      ['Cancelled orders', outcomes.cancelled],
      ['Cancelled share', share(outcomes.cancelled, outcomes.orders)],
    ],
    show: [
      undefined,
      (cell) =>
        typeof cell === 'number' && !Number.isInteger(cell) ? cell.toFixed(1) : String(cell),
    ],
  };
  return { daily, restaurants, topItems, heatmap, checks };
}
