import type { TBagLabel } from '@campus/shared/domain/batch-api';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { buildBatch, buildCampusAdmin } from '@/test/builders';
import { json, stubAdminApi } from '@/test/fake-api';
import { openPage } from '@/test/render';

// /admin/batches/:batchId/labels: a label per bag of one round, to print on A4 or a receipt roll.

const label = (overrides: Partial<TBagLabel>): TBagLabel => ({
  orderId: 'o-ayesha',
  paymentReference: 'CB-4KX7M',
  place: 'Iqbal Hall',
  room: 'Room 12',
  firstName: 'Ayesha',
  restaurantName: 'Chai Dhaba',
  bag: 1,
  bags: 1,
  lines: [{ name: 'Doodh Patti', quantity: 2 }],
  ...overrides,
});

function openLabels(labels: TBagLabel[]) {
  stubAdminApi(
    { session: buildCampusAdmin() },
    {
      'GET /api/admin/batches/:id/labels': () =>
        json(200, { ok: true, batch: { ...buildBatch(), id: 'batch-1' }, labels }),
    },
  );
  return openPage('/admin/batches/batch-1/labels');
}

describe('the bag labels', () => {
  it("labels every bag with the order's code, place, room, name, lines and the QR code of its page", async () => {
    const print = vi.fn();
    vi.stubGlobal('print', print);
    const { user } = openLabels([
      label({ bags: 2 }),
      label({ bag: 2, bags: 2, restaurantName: 'Mart', lines: [{ name: 'Water', quantity: 1 }] }),
      label({
        orderId: 'o-sana',
        paymentReference: 'CB-3MN8P',
        place: 'No place given',
        room: 'Hall 3, Room 20',
        firstName: 'Sana',
      }),
    ]);
    expect(
      await screen.findByRole('heading', { level: 1, name: /^Bag labels: .+ round$/ }),
    ).toBeTruthy();
    const list = screen.getByRole('list', { name: 'Bag labels' });
    const bags = within(list)
      .getAllByRole('listitem')
      .filter((item) => item.parentElement === list);
    expect(bags.map((bag) => bag.getAttribute('aria-label'))).toEqual([
      'Bag 1 of 2, CB-4KX7M',
      'Bag 2 of 2, CB-4KX7M',
      'Bag 1 of 1, CB-3MN8P',
    ]);
    const first = bags[0] as HTMLElement;
    expect(within(first).getByText('Iqbal Hall, Room 12')).toBeTruthy();
    expect(within(first).getByText('Ayesha')).toBeTruthy();
    expect(within(first).getByText('Chai Dhaba · bag 1 of 2')).toBeTruthy();
    expect(within(first).getByText('Doodh Patti × 2')).toBeTruthy();
    // The QR code is drawn for the order's page on this site.
    const qr = (await within(first).findByRole('img', {
      name: "QR code of order CB-4KX7M's page",
    })) as HTMLImageElement;
    expect(qr.src).toMatch(/^data:image\/svg\+xml;charset=utf-8,/);
    expect(decodeURIComponent(qr.src)).toContain('<svg');
    await user.click(screen.getByRole('button', { name: 'Print' }));
    expect(print).toHaveBeenCalledOnce();
  });

  it('prints one label a slip on a receipt roll', async () => {
    const { user } = openLabels([label({ bags: 2 }), label({ bag: 2, bags: 2 })]);
    await screen.findByRole('list', { name: 'Bag labels' });
    const pageRule = () => document.querySelector('article style')?.textContent;
    expect(pageRule()).toContain('size: A4');
    await user.click(screen.getByRole('radio', { name: '80 mm receipt roll' }));
    await waitFor(() => expect(pageRule()).toContain('size: 80mm auto'));
    const list = screen.getByRole('list', { name: 'Bag labels' });
    const bags = within(list)
      .getAllByRole('listitem')
      .filter((item) => item.parentElement === list);
    expect(bags.map((bag) => bag.classList.contains('break-after-page'))).toEqual([true, false]);
  });

  it('says so when no order of the round is paid yet', async () => {
    openLabels([]);
    expect(
      await screen.findByText('No paid order in this round yet: nothing to label.'),
    ).toBeTruthy();
  });
});
