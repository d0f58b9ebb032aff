import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { buildBatchDetail, buildCampusAdmin } from '@/test/builders';
import { json, stubAdminApi } from '@/test/fake-api';
import { openPage } from '@/test/render';

// /admin/batches/:batchId/print: the pick lists of one batch, one restaurant per printed page.

describe('the pick lists print view', () => {
  it('puts each restaurant on its own page, names the round on each, and prints on request', async () => {
    stubAdminApi(
      { session: buildCampusAdmin() },
      { 'GET /api/admin/batches/:id': () => json(200, buildBatchDetail()) },
    );
    const print = vi.fn();
    vi.stubGlobal('print', print);
    const { user } = openPage('/admin/batches/batch-1/print');
    expect(
      await screen.findByRole('heading', {
        level: 1,
        name: 'Pick lists: Thursday, Nov 26, 1:30 PM round',
      }),
    ).toBeTruthy();
    const sections = screen.getAllByRole('region', { name: /^Pick list: / });
    expect(sections.map((section) => section.getAttribute('aria-label'))).toEqual([
      'Pick list: Chai Dhaba',
      'Pick list: Burger Lab',
      'Pick list: Mart',
    ]);
    // A page break after every restaurant but the last, so no blank page ends the print.
    expect(sections.map((section) => section.classList.contains('break-after-page'))).toEqual([
      true,
      true,
      false,
    ]);
    for (const section of sections) {
      expect(
        within(section).getByText(/Thursday, Nov 26, 1:30 PM round · Punjab University/),
      ).toBeTruthy();
    }
    await user.click(screen.getByRole('button', { name: 'Print' }));
    expect(print).toHaveBeenCalledOnce();
  });
});
