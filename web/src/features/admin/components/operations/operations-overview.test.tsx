import type { TOperationsOverviewResponse } from '@campus/shared/domain/operations-api';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { buildCampusAdmin, buildSuperAdmin } from '@/test/builders';
import { json, stubAdminApi } from '@/test/fake-api';
import { openPage } from '@/test/render';
import { formatAge } from './operations-overview';

const OVERVIEW: TOperationsOverviewResponse = {
  ok: true,
  today: { orders: 12, revenuePaisa: 1_234_500 },
  sameDayLastWeek: { orders: 9, revenuePaisa: 980_000 },
  paymentsWaiting: { count: 3, oldestAgeSeconds: 2 * 3600 + 5 * 60 },
  withoutSheetRow: { count: 0, oldestAgeSeconds: null },
  failedJobs: [
    { queue: 'system', failed: 0 },
    { queue: 'sheets', failed: 4 },
    { queue: 'mail', failed: 1 },
  ],
};

/** The figures' card of `label`, as a person reads it. */
function figure(panel: HTMLElement, label: string) {
  const term = within(panel).getByText(label, { selector: 'dt' });
  return term.parentElement?.textContent ?? '';
}

describe('the overview an operator reads first', () => {
  it("opens a campus's dashboard on its Overview: today against last week, and what waits", async () => {
    const { callsOf } = stubAdminApi(
      { session: buildCampusAdmin({ universityId: 'uni-1', campusId: 'campus-1' }) },
      { 'GET /api/admin/operations': () => json(200, { ...OVERVIEW, failedJobs: null }) },
    );
    openPage('/admin/uni-1/campus-1');
    const tabs = await screen.findAllByRole('tab');
    expect(tabs[0]?.textContent).toBe('Overview');
    expect(screen.getByRole('tab', { selected: true }).textContent).toBe('Overview');
    const panel = screen.getByRole('tabpanel', { name: 'Overview' });
    await within(panel).findByText('Orders today');
    expect(figure(panel, 'Orders today')).toBe('Orders today12Same day last week: 9');
    expect(figure(panel, 'Revenue today')).toBe(
      'Revenue todayRs 12,345.00Same day last week: Rs 9,800.00',
    );
    expect(figure(panel, 'Payments waiting')).toBe('Payments waiting3Oldest waiting 2 h 5 min');
    expect(figure(panel, 'Orders without their sheet row')).toBe(
      'Orders without their sheet row0None waiting',
    );
    // The campus's own figures only; the queues (every campus's) are not a campus admin's.
    const [call] = callsOf('GET', '/api/admin/operations');
    expect(new URL(String(call?.[0]), 'http://campus.test').search).toBe(
      '?universityId=uni-1&campusId=campus-1',
    );
    expect(within(panel).queryByText('Failed jobs')).toBeNull();
    expect(within(panel).queryByRole('link', { name: 'Open the jobs dashboard' })).toBeNull();
  });

  it("shows a super admin every campus's figures, the failed jobs and their dashboard", async () => {
    const { callsOf } = stubAdminApi(
      { session: buildSuperAdmin() },
      { 'GET /api/admin/operations': () => json(200, OVERVIEW) },
    );
    openPage('/super-admin');
    const panel = await screen.findByRole('tabpanel', { name: 'System Overview' });
    await within(panel).findByText('Failed jobs');
    expect(figure(panel, 'sheets')).toBe('sheets4');
    expect(figure(panel, 'mail')).toBe('mail1');
    expect(
      within(panel).getByRole('link', { name: 'Open the jobs dashboard' }).getAttribute('href'),
    ).toBe('/ops/queues');
    const [call] = callsOf('GET', '/api/admin/operations');
    expect(new URL(String(call?.[0]), 'http://campus.test').search).toBe('');
    // The System Overview's counts stay.
    expect(within(panel).getByRole('heading', { name: 'System Overview' })).toBeTruthy();
  });

  it("says 'unknown' for the failed jobs while Redis is away, and shows the rest", async () => {
    stubAdminApi(
      { session: buildSuperAdmin() },
      {
        'GET /api/admin/operations': () =>
          json(200, {
            ...OVERVIEW,
            failedJobs: OVERVIEW.failedJobs?.map(({ queue }) => ({ queue, failed: null })),
          }),
      },
    );
    openPage('/super-admin');
    const panel = await screen.findByRole('tabpanel', { name: 'System Overview' });
    await within(panel).findByText('Failed jobs');
    expect(figure(panel, 'system')).toBe('systemunknown');
    expect(figure(panel, 'sheets')).toBe('sheetsunknown');
    expect(within(panel).getByText('The queues did not answer: Redis may be away.')).toBeTruthy();
    expect(figure(panel, 'Orders today')).toBe('Orders today12Same day last week: 9');
  });

  it('says how long the oldest has waited in words one reads at a glance', () => {
    expect(formatAge(30)).toBe('under a minute');
    expect(formatAge(45 * 60)).toBe('45 min');
    expect(formatAge(3 * 3600 + 5 * 60 + 59)).toBe('3 h 5 min');
    expect(formatAge(2 * 86400 + 4 * 3600)).toBe('2 d 4 h');
  });
});
