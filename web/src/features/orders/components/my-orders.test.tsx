import { ORDER_STATE_LABELS, ORDER_STATUS_MESSAGES } from '@campus/shared/domain/order-status';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { buildOrder, buildUser } from '@/test/builders';
import { stubAdminApi } from '@/test/fake-api';
import { fakeOrdersApi } from '@/test/fake-orders';
import { openPage } from '@/test/render';

// My Orders (/orders and /orders/:id) of the signed-in student Ayesha Khan, over the order routes
// of the fake api; the web's api client runs between the page and the stubbed fetch.

function openAsStudent(path: string, orders = [buildOrder()]) {
  const fake = fakeOrdersApi(orders);
  const api = stubAdminApi({ session: buildUser() }, fake.routes);
  return { ...openPage(path), ...api, fake };
}

describe('the My Orders list', () => {
  it('lists the orders newest first, each with its state, total and a link to its page', async () => {
    openAsStudent('/orders', [
      buildOrder({ id: 'old', placedAt: '2026-11-20T09:00:00.000Z', status: 'delivered' }),
      buildOrder({ id: 'new', placedAt: '2026-11-24T09:30:00.000Z' }),
    ]);
    expect(await screen.findByRole('heading', { level: 1, name: 'My Orders' })).toBeTruthy();
    const items = within(await screen.findByRole('list')).getAllByRole('listitem');
    expect(items).toHaveLength(2);
    const [first, second] = items as [HTMLElement, HTMLElement];
    // 9:30 UTC is 2:30 PM in Karachi, the campus time zone.
    const link = within(first).getByRole('link', { name: 'Order of Nov 24, 2026, 2:30 PM' });
    expect(link.getAttribute('href')).toBe('/orders/new');
    expect(first.textContent).toContain(ORDER_STATE_LABELS.placed);
    expect(first.textContent).toContain('Rs 420.00');
    expect(second.textContent).toContain(ORDER_STATE_LABELS.delivered);
  });

  it('names the delivery round of an order that goes with one', async () => {
    const round = { cutoffAt: '2026-11-26T07:30:00.000Z', deliveryAt: '2026-11-26T08:30:00.000Z' };
    openAsStudent('/orders', [buildOrder({ id: 'o-round', round }), buildOrder({ id: 'o-none' })]);
    const items = within(await screen.findByRole('list')).getAllByRole('listitem');
    expect(
      items.map((item) => within(item).queryByText(/^Delivery: /)?.textContent ?? null),
    ).toEqual(['Delivery: Thursday, Nov 26, 1:30 PM round', null]);
  });

  it('says so when there is no order yet', async () => {
    openAsStudent('/orders', []);
    expect(await screen.findByText('You have not placed any orders yet.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Start Ordering' }).getAttribute('href')).toBe(
      '/restaurants',
    );
  });

  it('pages with Older and Newer, 20 orders a page', async () => {
    const orders = Array.from({ length: 25 }, (_, i) =>
      buildOrder({ id: `o-${i}`, placedAt: new Date(Date.UTC(2026, 10, 1, i)).toISOString() }),
    );
    const { user, callsOf } = openAsStudent('/orders', orders);
    const list = await screen.findByRole('list');
    expect(within(list).getAllByRole('listitem')).toHaveLength(20);
    expect(screen.queryByRole('link', { name: 'Newer' })).toBeNull();
    await user.click(screen.getByRole('link', { name: 'Older' }));
    await expect.poll(() => screen.queryAllByRole('listitem').length).toBe(5);
    expect(callsOf('GET', '/api/orders').map(([url]) => String(url))).toEqual([
      '/api/orders?page=1',
      '/api/orders?page=2',
    ]);
    expect(screen.queryByRole('link', { name: 'Older' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Newer' }).getAttribute('href')).toBe('/orders');
  });
});

describe("an order's page", () => {
  it('shows the state, the timeline in campus time, the items, totals and the screenshot', async () => {
    openAsStudent('/orders/order-1', [
      buildOrder({
        status: 'rejected',
        transitions: [
          {
            id: 1,
            action: 'reject',
            fromState: 'placed',
            toState: 'rejected',
            actorName: 'Bilal Raza',
            reason: 'The screenshot is unreadable.',
            confirmedDifferences: [],
            at: '2026-11-24T10:04:00.000Z',
          },
        ],
      }),
    ]);
    expect(await screen.findByRole('heading', { level: 1, name: 'Your order' })).toBeTruthy();
    expect(screen.getByTestId('order-status').textContent).toBe(ORDER_STATE_LABELS.rejected);
    expect(screen.getByTestId('rejection-reason').textContent).toBe(
      'Reason: The screenshot is unreadable.',
    );
    const timeline = screen.getByRole('region', { name: 'Timeline' });
    expect(
      within(timeline)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      'PlacedNov 24, 2026, 2:30 PM',
      'RejectedNov 24, 2026, 3:04 PMReason: The screenshot is unreadable.',
    ]);
    const items = screen.getByRole('region', { name: 'Items' });
    expect(within(items).getByRole('cell', { name: /Doodh Patti/ }).textContent).toContain(
      'Restaurant: Chai Dhaba',
    );
    expect(screen.getByTestId('order-grand-total').textContent).toBe('Rs 420.00');
    expect(within(items).getByRole('rowheader', { name: /Delivery charge/ })).toBeTruthy();
    // Where the order goes, as the student gave it.
    const delivery = screen.getByRole('region', { name: 'Delivery' });
    expect(within(delivery).getByTestId('order-deliver-to').textContent).toBe('Hall 3, Room 12');
    expect(within(delivery).getByText('0300-1234567')).toBeTruthy();
    expect(
      screen.getByRole('button', { name: 'Your payment screenshot: view full size' }),
    ).toBeTruthy();
    // A rejected order cannot be cancelled: the answer lists no action.
    expect(screen.queryByRole('button', { name: 'Cancel order' })).toBeNull();
  });

  it('shows the delivery round, and a move to another round among the changes by time', async () => {
    const round = { cutoffAt: '2026-11-26T07:30:00.000Z', deliveryAt: '2026-11-26T08:30:00.000Z' };
    openAsStudent('/orders/order-1', [
      buildOrder({
        status: 'out_for_delivery',
        round,
        transitions: [
          {
            id: 1,
            action: 'verify',
            fromState: 'placed',
            toState: 'verified',
            actorName: 'Bilal Raza',
            reason: '',
            confirmedDifferences: [],
            at: '2026-11-24T10:00:00.000Z',
          },
          {
            id: 2,
            action: 'dispatch',
            fromState: 'verified',
            toState: 'out_for_delivery',
            actorName: 'Bilal Raza',
            reason: '',
            confirmedDifferences: [],
            at: '2026-11-26T07:45:00.000Z',
          },
        ],
        notes: [
          {
            at: '2026-11-25T06:00:00.000Z',
            text: 'The Wednesday, Nov 25, 1:30 PM round closed early; this order goes with the Thursday, Nov 26, 1:30 PM round.',
          },
        ],
      }),
    ]);
    expect(await screen.findByText('Delivery: Thursday, Nov 26, 1:30 PM round')).toBeTruthy();
    const timeline = screen.getByRole('region', { name: 'Timeline' });
    expect(
      within(timeline)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      'PlacedNov 24, 2026, 2:30 PM',
      'VerifiedNov 24, 2026, 3:00 PM',
      'The Wednesday, Nov 25, 1:30 PM round closed early; this order goes with the Thursday, Nov 26, 1:30 PM round.Nov 25, 2026, 11:00 AM',
      'Out for deliveryNov 26, 2026, 12:45 PM',
    ]);
  });

  it('opens the screenshot at full size and closes it with Escape', async () => {
    const { user } = openAsStudent('/orders/order-1');
    await user.click(
      await screen.findByRole('button', { name: 'Your payment screenshot: view full size' }),
    );
    const lightbox = screen.getByRole('dialog', { name: 'Your payment screenshot' });
    expect(within(lightbox).getByRole('img').getAttribute('src')).toBe('/uploads/order-1.png');
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('asks a rejected order for the missing amount only, when its payment was short', async () => {
    openAsStudent('/orders/order-1', [
      buildOrder({
        status: 'rejected',
        resubmitUntil: new Date(Date.now() + 3_600_000).toISOString(),
        balanceDuePaisa: 4_000,
      }),
    ]);
    expect((await screen.findByTestId('pay-difference')).textContent).toBe(
      ORDER_STATUS_MESSAGES.payDifference(4_000, 'CB-7K3QM'),
    );
    expect(ORDER_STATUS_MESSAGES.payDifference(4_000, 'CB-7K3QM')).toContain(
      'Transfer the missing Rs 40.00, with CB-7K3QM in the note',
    );
  });

  it('cancels after the confirmation, with the reason given, and shows the new state', async () => {
    const { user, callsOf } = openAsStudent('/orders/order-1');
    await user.click(await screen.findByRole('button', { name: 'Cancel order' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Cancel this order?' });
    await user.type(within(dialog).getByLabelText('Reason (optional)'), 'Ordered twice');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel order' }));
    await expect
      .poll(() => screen.getByTestId('order-status').textContent)
      .toBe(ORDER_STATE_LABELS.cancelled);
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Cancel order' })).toBeNull();
    const [, init] = callsOf('POST', '/api/orders/order-1/cancel')[0] ?? [];
    expect(JSON.parse(String(init?.body))).toEqual({ reason: 'Ordered twice' });
    const timeline = screen.getByRole('region', { name: 'Timeline' });
    expect(timeline.textContent).toContain('Reason: Ordered twice');
  });

  it('keeps the order when the student says Keep order', async () => {
    const { user, callsOf } = openAsStudent('/orders/order-1');
    await user.click(await screen.findByRole('button', { name: 'Cancel order' }));
    await user.click(screen.getByRole('button', { name: 'Keep order' }));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(callsOf('POST', '/api/orders/order-1/cancel')).toHaveLength(0);
  });

  it("shows the 409's message when an admin checked the payment first, and the state now", async () => {
    const { user, fake } = openAsStudent('/orders/order-1');
    await user.click(await screen.findByRole('button', { name: 'Cancel order' }));
    // Meanwhile an admin verified it.
    const order = fake.orders.get('order-1');
    if (order) order.status = 'verified';
    fake.refuse(
      'order-1',
      ORDER_STATUS_MESSAGES.alreadyDone('verified', 'Bilal Raza', new Date('2026-11-24T10:04:00Z')),
    );
    await user.click(
      within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Cancel order' }),
    );
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe(
      'This order was already verified by Bilal Raza at Nov 24, 2026, 3:04 PM.',
    );
    await expect
      .poll(() => screen.getByTestId('order-status').textContent)
      .toBe(ORDER_STATE_LABELS.verified);
    expect(screen.queryByRole('button', { name: 'Cancel order' })).toBeNull();
  });

  it('says Order not found for an order that is not there (or not theirs)', async () => {
    openAsStudent('/orders/nope');
    expect(await screen.findByRole('heading', { level: 1, name: 'Order not found' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to My Orders' }).getAttribute('href')).toBe(
      '/orders',
    );
  });

  it('sends a signed-out visitor to sign in', async () => {
    stubAdminApi({ session: null });
    const { router } = openPage('/orders/order-1');
    await expect.poll(() => router.state.location.pathname).toBe('/login');
  });
});
