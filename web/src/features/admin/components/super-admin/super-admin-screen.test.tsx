import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { buildSuperAdmin } from '@/test/builders';
import { stubAdminApi } from '@/test/fake-api';
import { openPage } from '@/test/render';

describe('the super admin dashboard', () => {
  it('has the eight tabs of the spec, in its order, System Overview first, then Payments and Batches', async () => {
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

  it('opens the section a quick action names', async () => {
    stubAdminApi({ session: buildSuperAdmin() });
    const { user } = openPage('/super-admin');
    await user.click(await screen.findByRole('button', { name: 'Manage Domains' }));
    expect(screen.getByRole('tab', { selected: true }).textContent).toBe('Domain Management');
    expect(screen.getByRole('heading', { level: 2, name: 'Domain Management' })).toBeTruthy();
  });
});
