import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { type PlacedOrder, placedOrderIn } from '@/lib/placed-order';
import { OrderPlaced } from './order-placed';

const placed: PlacedOrder = {
  orderId: 'order-1',
  grandTotalPaisa: 21_000,
  round: null,
  timeZone: 'Asia/Karachi',
  placedAt: '2026-11-26T05:00:00.000Z',
};

const shown = (order: PlacedOrder) =>
  render(
    <MemoryRouter>
      <OrderPlaced order={order} />
    </MemoryRouter>,
  );

describe('the thank-you view', () => {
  it('thanks, gives the amount and leads back to the restaurants', () => {
    shown(placed);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Thank you for shopping!');
    expect(screen.getByText('Your order has been placed successfully.')).toBeTruthy();
    expect(screen.getByTestId('order-amount').textContent).toBe('Rs 210.00');
    expect(screen.getByRole('link', { name: 'Start Ordering' }).getAttribute('href')).toBe(
      '/restaurants',
    );
  });

  it('repeats the delivery round the order joined as of its placing, in the campus time zone', () => {
    // Placed at 10:00 AM in Karachi, before the 12:30 PM cut-off of the same day: a reload later
    // in the day still says so.
    shown({
      ...placed,
      round: { cutoffAt: '2026-11-26T07:30:00.000Z', deliveryAt: '2026-11-26T08:30:00.000Z' },
    });
    expect(screen.getByTestId('order-round').textContent).toBe(
      'Arrives with the 1:30 PM round; order by 12:30 PM',
    );
  });

  it('says nothing of rounds for a campus that delivers outside them', () => {
    shown(placed);
    expect(screen.queryByTestId('order-round')).toBeNull();
  });

  it('comes only with the navigation from placing this very order', () => {
    expect(placedOrderIn({ placed }, 'order-1')).toEqual(placed);
    expect(placedOrderIn({ placed }, 'order-2')).toBeNull();
    expect(placedOrderIn(null, 'order-1')).toBeNull();
    expect(placedOrderIn({ placed: { orderId: 'order-1' } }, 'order-1')).toBeNull();
  });
});
