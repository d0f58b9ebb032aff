import { act, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { buildSuperAdmin } from '@/test/builders';
import { stubAdminApi } from '@/test/fake-api';
import { openPage } from '@/test/render';

describe('the super admin dashboard', () => {
  it('has the eight tabs of the spec, in its order, System Overview first, then Payments, Refunds and Batches', async () => {
    stubAdminApi({ session: buildSuperAdmin() });
    openPage('/super-admin');
    const tabs = await screen.findAllByRole('tab');
    expect(tabs.map((tab) => tab.textContent)).toEqual([
      'System Overview',
      'Universities & Campuses',
      'User Management',
      'All Restaurants',
      'All Menu Items',
      'All Mart Items',
      'Domain Management',
      'Order Dashboard',
      'Payments',
      'Refunds',
      'Batches',
      'Insights',
    ]);
    expect(screen.getByRole('tab', { selected: true }).textContent).toBe('System Overview');
    // The quick actions reach the mail outbox (in the app) and the jobs dashboard (the api's).
    const overview = screen.getByRole('tabpanel', { name: 'System Overview' });
    const hrefs = within(overview)
      .getAllByRole('link')
      .map((link) => link.getAttribute('href'));
    expect(hrefs).toEqual(expect.arrayContaining(['/super-admin/mail', '/ops/queues']));
  });

  it('asks for the Master tab of the orders spreadsheet once it opens', async () => {
    const { callsOf } = stubAdminApi({ session: buildSuperAdmin() });
    openPage('/super-admin');
    await screen.findByRole('tablist', { name: 'Super admin sections' });
    expect(callsOf('POST', '/api/sheets/master')).toHaveLength(1);
  });

  it('keeps the open tab in the address: a reload stays on it, Back returns to the one before', async () => {
    stubAdminApi({ session: buildSuperAdmin() });
    const { user, router } = openPage('/super-admin?tab=domains');
    const selected = async () => (await screen.findByRole('tab', { selected: true })).textContent;
    expect(await selected()).toBe('Domain Management');
    await user.click(screen.getByRole('tab', { name: 'Order Dashboard' }));
    expect(router.state.location.search).toBe('?tab=orders');
    expect(await selected()).toBe('Order Dashboard');
    await act(() => router.navigate(-1));
    expect(await selected()).toBe('Domain Management');
    // The first tab is the dashboard's own address.
    await user.click(screen.getByRole('tab', { name: 'System Overview' }));
    expect(router.state.location.search).toBe('');
  });

  it('opens System Overview for a tab it does not have', async () => {
    stubAdminApi({ session: buildSuperAdmin() });
    openPage('/super-admin?tab=nonsense');
    expect((await screen.findByRole('tab', { selected: true })).textContent).toBe(
      'System Overview',
    );
  });

  it('opens the section a quick action names', async () => {
    stubAdminApi({ session: buildSuperAdmin() });
    const { user, router } = openPage('/super-admin');
    await user.click(await screen.findByRole('button', { name: 'Manage Domains' }));
    expect(screen.getByRole('tab', { selected: true }).textContent).toBe('Domain Management');
    expect(screen.getByRole('heading', { level: 2, name: 'Domain Management' })).toBeTruthy();
    expect(router.state.location.search).toBe('?tab=domains');
  });
});
