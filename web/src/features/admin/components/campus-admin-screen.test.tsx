import { act, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { buildCampusAdmin } from '@/test/builders';
import { stubAdminApi } from '@/test/fake-api';
import { openPage } from '@/test/render';

// The campus dashboard /admin/uni-1/campus-1, signed in as its campus admin.

describe('the campus admin dashboard', () => {
  it('keeps the open tab in the address: a reload stays on it, Back returns to the one before', async () => {
    stubAdminApi({ session: buildCampusAdmin() });
    const { user, router } = openPage('/admin/uni-1/campus-1?tab=restaurants');
    const selected = async () => (await screen.findByRole('tab', { selected: true })).textContent;
    expect(await selected()).toBe('Restaurants');
    await user.click(screen.getByRole('tab', { name: 'Order Dashboard' }));
    expect(router.state.location).toMatchObject({
      pathname: '/admin/uni-1/campus-1',
      search: '?tab=orders',
    });
    expect(await selected()).toBe('Order Dashboard');
    await act(() => router.navigate(-1));
    expect(await selected()).toBe('Restaurants');
  });
});
