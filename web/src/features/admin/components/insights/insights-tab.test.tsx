import { INSIGHTS_MESSAGES, type TInsightsResponse } from '@campus/shared/domain/insights-api';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { buildCampusAdmin } from '@/test/builders';
import { type ApiHandler, json } from '@/test/fake-api';
import { openDashboardSection, openSuperAdminSection } from '@/test/render';

// The Insights tab of the campus dashboard /admin/uni-1/campus-1 (and of /super-admin), over a
// stubbed GET /api/admin/insights. The charts draw on a canvas, which the test DOM has not: they
// are left out here (the browser specs see them); the tables and downloads are the real ones.

const heatmap = Array.from({ length: 7 }, () => Array<number>(24).fill(0));
(heatmap[4] as number[])[13] = 7;

function buildInsights(overrides: Partial<TInsightsResponse> = {}): TInsightsResponse {
  return {
    ok: true,
    from: '2026-10-27',
    to: '2026-11-25',
    timeZone: 'Asia/Karachi',
    days: [
      { day: '2026-11-24', orders: 3, revenuePaisa: 123_400 },
      { day: '2026-11-25', orders: 2, revenuePaisa: 0 },
    ],
    restaurants: [
      { restaurantId: 'r-1', name: 'Cafe', kind: 'menu', quantity: 9, revenuePaisa: 100_000 },
      { restaurantId: null, name: 'Mart', kind: 'mart', quantity: 2, revenuePaisa: 24_000 },
    ],
    topItems: [
      { name: 'Tea', restaurantName: 'Cafe', kind: 'menu', quantity: 9, revenuePaisa: 72_000 },
      {
        name: '=HYPERLINK("http://evil.test")',
        restaurantName: 'Cafe',
        kind: 'menu',
        quantity: 1,
        revenuePaisa: 28_000,
      },
    ],
    heatmap,
    paymentCheck: { checked: 4, medianSeconds: 720, p90Seconds: 11_100 },
    outcomes: { orders: 5, rejected: 1, cancelled: 0 },
    ...overrides,
  };
}

const insightsRoute = (answer = buildInsights()) =>
  ({ 'GET /api/admin/insights': () => json(200, answer) }) satisfies Record<string, ApiHandler>;

function openInsights(answer?: TInsightsResponse) {
  return openDashboardSection(
    '/admin/uni-1/campus-1',
    'Insights',
    { session: buildCampusAdmin() },
    insightsRoute(answer),
  );
}

/** The query of each call of GET /api/admin/insights, in order. */
const insightsQueries = (callsOf: (method: string, path: string) => unknown[][]) =>
  callsOf('GET', '/api/admin/insights').map(
    ([input]) => new URL(String(input), 'http://campus.test').searchParams,
  );

const table = (name: string) => screen.getByRole('table', { name });
const rowTexts = (element: HTMLElement) =>
  within(element)
    .getAllByRole('row')
    .map((row) => row.textContent);

describe('the Insights tab', () => {
  it("shows each figure's numbers as a table, revenue in rupees", async () => {
    const { panel, callsOf } = await openInsights();
    await within(panel).findByRole('table', { name: 'Revenue per restaurant and the mart' });
    expect(insightsQueries(callsOf)[0]?.get('campusId')).toBe('campus-1');
    expect(rowTexts(table('Orders and revenue per day'))).toEqual([
      'DayOrdersRevenue (Rs)',
      '2026-11-243Rs 1,234.00',
      '2026-11-252Rs 0.00',
    ]);
    expect(rowTexts(table('Revenue per restaurant and the mart'))).toEqual([
      'RestaurantItems soldRevenue (Rs)',
      'Cafe9Rs 1,000.00',
      'Mart2Rs 240.00',
    ]);
    expect(rowTexts(table('Top 10 items by quantity'))[1]).toBe('TeaCafe9Rs 720.00');
    // The header row, then Monday to Sunday.
    const friday = within(table('Orders by weekday and hour')).getAllByRole(
      'row',
    )[5] as HTMLElement;
    expect(within(friday).getByRole('rowheader').textContent).toBe('Friday');
    expect(within(friday).getAllByRole('cell')[13]?.textContent).toBe('7');
    expect(within(panel).getByText('12 min')).toBeTruthy();
    expect(within(panel).getByText('3 h 05 min')).toBeTruthy();
    expect(rowTexts(table('Payment checks and outcomes'))).toEqual([
      'FigureValue',
      'Orders placed5',
      'Payments checked4',
      'Median time to payment check (seconds)720',
      '90th percentile time to payment check (seconds)11100',
      'Rejected orders1',
      'Rejected share20%',
      'Cancelled orders0',
      'Cancelled share0%',
    ]);
    expect(within(panel).getByText(/not rejected or cancelled/)).toBeTruthy();
  });

  it('downloads each figure as CSV, formulas defused', async () => {
    const { panel } = await openInsights();
    const link = await within(panel).findByRole('link', {
      name: 'Download top 10 items by quantity (CSV)',
    });
    expect(link.getAttribute('download')).toBe('insights-top-items-2026-10-27-to-2026-11-25.csv');
    const href = link.getAttribute('href') ?? '';
    expect(href.startsWith('data:text/csv;charset=utf-8,')).toBe(true);
    const csv = decodeURIComponent(href.slice(href.indexOf(',') + 1));
    expect(csv).toBe(
      '\uFEFFItem,Restaurant,Quantity,Revenue (Rs)\r\n' +
        'Tea,Cafe,9,720\r\n' +
        `"'=HYPERLINK(""http://evil.test"")",Cafe,1,280\r\n`,
    );
    const daily = within(panel).getByRole('link', {
      name: 'Download orders and revenue per day (CSV)',
    });
    const dailyCsv = decodeURIComponent(
      (daily.getAttribute('href') ?? '').split(',').slice(1).join(','),
    );
    expect(dailyCsv).toContain('2026-11-24,3,1234\r\n');
  });

  it('opens on the days the api chose and asks again for a valid range only', async () => {
    const { panel, callsOf } = await openInsights();
    const from = (await within(panel).findByLabelText('From')) as HTMLInputElement;
    const to = within(panel).getByLabelText('To') as HTMLInputElement;
    await waitFor(() => expect(from.value).toBe('2026-10-27'));
    expect(to.value).toBe('2026-11-25');

    fireEvent.change(from, { target: { value: '2026-11-26' } });
    expect(from.getAttribute('aria-invalid')).toBe('true');
    expect(within(panel).getByText(INSIGHTS_MESSAGES.fromAfterTo)).toBeTruthy();

    fireEvent.change(from, { target: { value: '2025-01-01' } });
    expect(to.getAttribute('aria-invalid')).toBe('true');
    expect(within(panel).getByText(INSIGHTS_MESSAGES.tooLong)).toBeTruthy();
    const asked = () => insightsQueries(callsOf).map((query) => query.get('from'));
    expect(asked()).toEqual([null]);

    fireEvent.change(from, { target: { value: '2026-11-01' } });
    expect(from.getAttribute('aria-invalid')).toBeNull();
    await waitFor(() => expect(asked()).toEqual([null, '2026-11-01']));
    expect(insightsQueries(callsOf)[1]?.get('to')).toBe('2026-11-25');
  });

  it("lets a super admin see every campus, each in its own campus's zone", async () => {
    const { panel, callsOf } = await openSuperAdminSection(
      'Insights',
      {},
      insightsRoute(buildInsights({ timeZone: null })),
    );
    await within(panel).findByText(/each campus's own time zone/);
    expect(within(panel).getByLabelText('Filter by university')).toBeTruthy();
    expect(insightsQueries(callsOf)[0]?.get('campusId')).toBeNull();
  });
});
