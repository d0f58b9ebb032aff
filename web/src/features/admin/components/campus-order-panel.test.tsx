import { ROLE_MESSAGES } from '@campus/shared/domain/roles';
import { SET_ASIDE_MESSAGES } from '@campus/shared/domain/sheet-requests';
import { sheetTabName } from '@campus/shared/domain/sheet-tab';
import { within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  buildCampusAdmin,
  buildSetAsideRow,
  buildSheetTab,
  buildSuperAdmin,
  buildUniversity,
} from '@/test/builders';
import { type AdminData, type ApiHandler, apiError, json } from '@/test/fake-api';
import { openDashboardSection } from '@/test/render';

// The Order Dashboard tab of the campus dashboard /admin/uni-1/campus-1: the campus's names come
// from the campus admin's profile, or for a super admin from the universities list.

const TAB = sheetTabName('Punjab University', 'Main Campus');

function openOrders(data: Partial<AdminData>, overrides: Record<string, ApiHandler> = {}) {
  return openDashboardSection('/admin/uni-1/campus-1', 'Order Dashboard', data, overrides);
}

describe('the campus Order Dashboard', () => {
  it('says the campus information is loading, not missing, while the list loads', async () => {
    const { panel } = await openOrders(
      { session: buildSuperAdmin() },
      { 'GET /api/admin/universities': () => new Promise<Response>(() => undefined) },
    );
    expect(await within(panel).findByText('Loading campus information...')).toBeTruthy();
    expect(panel.textContent).not.toContain(ROLE_MESSAGES.campusInfoMissing);
  });

  it('shows a failed load of the list with Retry, not the missing-information message', async () => {
    let answer = () => apiError(503, 'unavailable', 'Service is currently unavailable.');
    const { panel, user } = await openOrders(
      { session: buildSuperAdmin(), sheetTabs: [buildSheetTab(TAB)] },
      { 'GET /api/admin/universities': () => answer() },
    );
    const alert = await within(panel).findByRole('alert');
    expect(alert.textContent).toContain('Service is currently unavailable.');
    expect(panel.textContent).not.toContain(ROLE_MESSAGES.campusInfoMissing);

    answer = () => json(200, { ok: true, universities: [buildUniversity()] });
    await user.click(within(alert).getByRole('button', { name: 'Retry' }));
    const link = await within(panel).findByRole('link', { name: 'View Orders' });
    expect(link.getAttribute('href')).toBe(`/sheets/${TAB}`);
  });

  it('says the information is missing once the list loaded without the campus', async () => {
    const { panel } = await openOrders({ session: buildSuperAdmin(), universities: [] });
    expect(await within(panel).findByText(ROLE_MESSAGES.campusInfoMissing)).toBeTruthy();
  });

  it("says the information is missing when the campus admin's profile lacks it", async () => {
    const { panel } = await openOrders({
      session: buildCampusAdmin({ universityName: null, campusName: null }),
    });
    expect(await within(panel).findByText(ROLE_MESSAGES.campusInfoMissing)).toBeTruthy();
  });

  it('names every order whose row the spreadsheet refused, with the reason', async () => {
    const { panel } = await openOrders({
      session: buildCampusAdmin(),
      sheetTabs: [buildSheetTab(TAB)],
      setAside: [
        buildSetAsideRow({ orderId: 'order-1' }),
        buildSetAsideRow({ orderId: 'order-2', reason: 'Invalid values[0][16]' }),
      ],
    });
    expect(await within(panel).findByText(SET_ASIDE_MESSAGES.heading(2))).toBeTruthy();
    const orders = within(within(panel).getByRole('alert')).getAllByRole('listitem');
    expect(orders.map((order) => order.textContent)).toEqual([
      'Order order-1: a cell holds more than 50,000 characters',
      'Order order-2: Invalid values[0][16]',
    ]);
  });

  it('shows no set-aside notice when the spreadsheet refused none', async () => {
    const { panel, settled, callsOf } = await openOrders({
      session: buildCampusAdmin(),
      sheetTabs: [buildSheetTab(TAB)],
      setAside: [],
    });
    expect(await within(panel).findByRole('link', { name: 'View Orders' })).toBeTruthy();
    await settled();
    expect(callsOf('GET', `/api/sheets/tabs/${TAB}/set-aside`)).toHaveLength(1);
    expect(within(panel).queryByRole('alert')).toBeNull();
    expect(panel.textContent).not.toContain(SET_ASIDE_MESSAGES.explanation);
  });
});
