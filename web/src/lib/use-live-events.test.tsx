import type { TUserProfile } from '@campus/shared/domain/entities';
import { QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query';
import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AuthProvider } from '@/stores/auth';
import { buildUser } from '@/test/builders';
import { json, stubAdminApi } from '@/test/fake-api';
import { FakeEventSource } from '@/test/fake-event-source';
import { apiFetch } from './api-client';
import { POLL_MS } from './live-connection';
import { setEventSourceFactory, useOrderEvents } from './use-live-events';

// A page that shows one order's state, kept fresh by live events, as the order page will be.
function OrderState({ orderId }: { orderId: string }) {
  const order = useQuery({
    queryKey: ['order', orderId],
    queryFn: () => apiFetch<{ state: string }>(`/api/orders/${orderId}`),
  });
  const live = useOrderEvents({ orderId }, [['order', orderId]]);
  return (
    <p>
      Order {orderId} is {order.data?.state ?? 'loading'} ({live})
    </p>
  );
}

let states: Record<string, string>;

function openOrders(orderIds: string[], session: TUserProfile | null = buildUser()) {
  const api = stubAdminApi(
    { session },
    {
      'GET /api/orders/:id': ({ params }) =>
        json(200, { ok: true, state: states[params.id ?? ''] }),
    },
  );
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const view = render(
    <QueryClientProvider client={client}>
      <AuthProvider>
        {orderIds.map((id) => (
          <OrderState key={id} orderId={id} />
        ))}
      </AuthProvider>
    </QueryClientProvider>,
  );
  const loads = (orderId: string) => api.callsOf('GET', `/api/orders/${orderId}`).length;
  return { ...view, loads };
}

beforeEach(() => {
  states = { o1: 'placed', o2: 'placed' };
  FakeEventSource.reset();
  setEventSourceFactory((url) => new FakeEventSource(url));
});

afterEach(() => {
  setEventSourceFactory(undefined);
});

describe('useOrderEvents', () => {
  it("shows an order's new state when its event arrives, and ignores other orders' events", async () => {
    const page = openOrders(['o1']);
    await screen.findByText('Order o1 is placed (connecting)');
    const source = FakeEventSource.latest();
    act(() => source.open());
    await screen.findByText('Order o1 is placed (open)');

    states.o1 = 'verified';
    act(() => source.send({ type: 'order', id: '5-0', orderId: 'o1', state: 'verified' }));
    await screen.findByText('Order o1 is verified (open)');

    const loads = page.loads('o1');
    states.o1 = 'delivered';
    act(() => source.send({ type: 'order', id: '6-0', orderId: 'o2', state: 'verified' }));
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(page.loads('o1')).toBe(loads);
    expect(screen.getByText('Order o1 is verified (open)')).toBeTruthy();
    // The server says events were missed: everything shown is loaded again.
    act(() => source.send({ type: 'resync', id: '7-0' }));
    await screen.findByText('Order o1 is delivered (open)');
  });

  it('refreshes every 15 s when the stream cannot be opened', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const page = openOrders(['o1']);
    await screen.findByText('Order o1 is placed (connecting)');
    act(() => FakeEventSource.latest().refuse());
    await screen.findByText('Order o1 is placed (polling)');
    const loads = page.loads('o1');

    states.o1 = 'out_for_delivery';
    await act(() => vi.advanceTimersByTimeAsync(POLL_MS));
    await screen.findByText('Order o1 is out_for_delivery (polling)');
    expect(page.loads('o1')).toBe(loads + 1);
    await act(() => vi.advanceTimersByTimeAsync(POLL_MS));
    expect(page.loads('o1')).toBe(loads + 2);
  });

  it('shares one stream between the parts of a page, and closes it a little after they left', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const page = openOrders(['o1', 'o2']);
    await screen.findByText('Order o1 is placed (connecting)');
    await screen.findByText('Order o2 is placed (connecting)');
    expect(FakeEventSource.made).toHaveLength(1);
    act(() => FakeEventSource.latest().open());
    await screen.findByText('Order o2 is placed (open)');

    page.unmount();
    await act(() => vi.advanceTimersByTimeAsync(5_000));
    expect(FakeEventSource.openCount()).toBe(1);
    await act(() => vi.advanceTimersByTimeAsync(5_000));
    expect(FakeEventSource.openCount()).toBe(0);
  });

  it('opens no stream for a visitor who is not signed in', async () => {
    openOrders(['o1'], null);
    await screen.findByText('Order o1 is placed (off)');
    expect(FakeEventSource.made).toHaveLength(0);
  });
});
