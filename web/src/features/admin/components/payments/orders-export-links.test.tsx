import { ORDER_STATE_LABELS } from '@campus/shared/domain/order-status';
import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { buildCampusAdmin, buildOrder, buildUniversity } from '@/test/builders';
import { fakeOrdersApi } from '@/test/fake-orders';
import { openDashboardSection, openSuperAdminSection } from '@/test/render';

// The orders export beside the Payments queue's filters (docs/product.md §10): the files of the
// orders the filters name, whatever page of the queue is shown.

const orders = [buildOrder({ id: 'o-ayesha', placedAt: '2026-11-24T08:00:00.000Z' })];

/** The download links' addresses, as [path, query] pairs. */
function downloads(panel: HTMLElement) {
  const group = within(panel).getByRole('group', { name: 'Download these orders' });
  return ['Download XLSX', 'Download CSV'].map((name) => {
    const link = within(group).getByRole('link', { name });
    expect(link.hasAttribute('download')).toBe(true);
    const url = new URL(link.getAttribute('href') ?? '', 'http://campus.test');
    return [url.pathname, Object.fromEntries(url.searchParams)];
  });
}

describe('the orders export buttons', () => {
  it("download the campus's orders in the chosen state and days", async () => {
    const { user, panel } = await openDashboardSection(
      '/admin/uni-1/campus-1',
      'Payments',
      { session: buildCampusAdmin() },
      fakeOrdersApi(orders).routes,
    );
    const campus = { universityId: 'uni-1', campusId: 'campus-1' };
    expect(downloads(panel)).toEqual([
      ['/api/admin/orders/export.xlsx', { ...campus, status: 'placed' }],
      ['/api/admin/orders/export.csv', { ...campus, status: 'placed' }],
    ]);
    await user.selectOptions(
      within(panel).getByRole('combobox', { name: 'State' }),
      ORDER_STATE_LABELS.delivered,
    );
    fireEvent.change(within(panel).getByLabelText('Placed from'), {
      target: { value: '2026-11-01' },
    });
    fireEvent.change(within(panel).getByLabelText('Placed until'), {
      target: { value: '2026-11-30' },
    });
    const chosen = { ...campus, status: 'delivered', from: '2026-11-01', to: '2026-11-30' };
    expect(downloads(panel)).toEqual([
      ['/api/admin/orders/export.xlsx', chosen],
      ['/api/admin/orders/export.csv', chosen],
    ]);
  });

  it("download every campus's orders for a super admin until a campus is chosen", async () => {
    const { user, panel } = await openSuperAdminSection(
      'Payments',
      { universities: [buildUniversity()] },
      fakeOrdersApi(orders).routes,
    );
    await screen.findAllByRole('option', { name: 'Punjab University' });
    expect(downloads(panel)[1]).toEqual(['/api/admin/orders/export.csv', { status: 'placed' }]);
    await user.selectOptions(
      within(panel).getByRole('combobox', { name: 'Filter by university' }),
      'Punjab University',
    );
    await user.selectOptions(
      within(panel).getByRole('combobox', { name: 'Filter by campus' }),
      'Main Campus',
    );
    expect(downloads(panel)[1]).toEqual([
      '/api/admin/orders/export.csv',
      { universityId: 'uni-1', campusId: 'campus-1', status: 'placed' },
    ]);
  });
});
