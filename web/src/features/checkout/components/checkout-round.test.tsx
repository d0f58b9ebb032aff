import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { json, stubAdminApi } from '@/test/fake-api';
import { useRoundPromise } from '../hooks/use-round-promise';
import { OrderSummary } from './order-summary';

// The checkout's order summary promises the delivery round an order placed now joins
// (GET /api/checkout-round), in the campus's time zone; nothing where the campus runs no rounds.

function SummaryOfCampus({
  campusId,
  restaurantIds,
}: {
  campusId: string;
  restaurantIds?: string[];
}) {
  const round = useRoundPromise(campusId, restaurantIds);
  return <OrderSummary items={[]} totals={null} problems={new Map()} round={round} />;
}

function openSummary(
  round: { cutoffAt: string; deliveryAt: string } | null,
  { fullNote = null, restaurantIds }: { fullNote?: string | null; restaurantIds?: string[] } = {},
) {
  vi.useFakeTimers({ toFake: ['Date'] });
  // 10:00 AM in Karachi on Thursday, Nov 26.
  vi.setSystemTime(new Date('2026-11-26T05:00:00.000Z'));
  const api = stubAdminApi(
    {},
    {
      'GET /api/checkout-round': () =>
        json(200, { ok: true, round, timeZone: 'Asia/Karachi', fullNote }),
    },
  );
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <SummaryOfCampus campusId="campus-1" restaurantIds={restaurantIds} />
    </QueryClientProvider>,
  );
  return { ...api, client };
}

describe('the checkout round', () => {
  it("promises today's round and its cut-off", async () => {
    const { callsOf } = openSummary({
      cutoffAt: '2026-11-26T07:30:00.000Z',
      deliveryAt: '2026-11-26T08:30:00.000Z',
    });
    expect((await screen.findByTestId('delivery-round')).textContent).toBe(
      'Arrives with the 1:30 PM round; order by 12:30 PM',
    );
    const [url] = callsOf('GET', '/api/checkout-round')[0] ?? [];
    expect(new URL(String(url), 'http://campus.test').searchParams.get('campusId')).toBe(
      'campus-1',
    );
  });

  it("names the day of a round that is not today's", async () => {
    openSummary({ cutoffAt: '2026-11-27T07:30:00.000Z', deliveryAt: '2026-11-27T08:30:00.000Z' });
    expect((await screen.findByTestId('delivery-round')).textContent).toBe(
      'Arrives with the 1:30 PM round on Friday, Nov 27; order by 12:30 PM that day',
    );
  });

  it("says which restaurant of the bucket is full in the round before, and asks for the bucket's restaurants", async () => {
    const { callsOf } = openSummary(
      { cutoffAt: '2026-11-26T13:00:00.000Z', deliveryAt: '2026-11-26T14:00:00.000Z' },
      {
        fullNote: 'Chai Dhaba takes no more orders in the Thursday, Nov 26, 1:30 PM round.',
        restaurantIds: ['r-chai', 'r-grill'],
      },
    );
    expect((await screen.findByTestId('delivery-round')).textContent).toBe(
      'Chai Dhaba takes no more orders in the Thursday, Nov 26, 1:30 PM round. Arrives with the 7:00 PM round; order by 6:00 PM.',
    );
    const [url] = callsOf('GET', '/api/checkout-round')[0] ?? [];
    expect(new URL(String(url), 'http://campus.test').searchParams.get('restaurants')).toBe(
      'r-chai,r-grill',
    );
  });

  it('promises no round where the campus delivers outside batches', async () => {
    const { client, callsOf } = openSummary(null);
    await waitFor(() => expect(callsOf('GET', '/api/checkout-round')).toHaveLength(1));
    await waitFor(() => expect(client.isFetching()).toBe(0));
    expect(screen.getByRole('heading', { name: 'Order Summary' })).toBeTruthy();
    expect(screen.queryByTestId('delivery-round')).toBeNull();
  });
});
