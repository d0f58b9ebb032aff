import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';
import { CheckoutSuccess } from './checkout-success';

describe('the thank-you view', () => {
  it('links to the order just placed and back to the restaurants', () => {
    render(
      <MemoryRouter>
        <CheckoutSuccess
          order={{
            orderId: 'order-1',
            paymentReference: 'CB-7K3QM',
            grandTotalPaisa: 21_000,
            round: null,
            timeZone: 'Asia/Karachi',
          }}
        />
      </MemoryRouter>,
    );
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Thank you for shopping!');
    // The order's number is its short code; the full id stays in its address.
    expect(screen.getByTestId('order-number').textContent).toBe('CB-7K3QM');
    expect(screen.getByRole('link', { name: 'View your order' }).getAttribute('href')).toBe(
      '/orders/order-1',
    );
    expect(screen.getByRole('link', { name: 'Start Ordering' }).getAttribute('href')).toBe(
      '/restaurants',
    );
  });

  it('repeats the delivery round the order joined, in the campus time zone', () => {
    // 10:00 AM in Karachi, before the 12:30 PM cut-off of the same day.
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-26T05:00:00.000Z'));
    render(
      <MemoryRouter>
        <CheckoutSuccess
          order={{
            orderId: 'order-1',
            paymentReference: 'CB-7K3QM',
            grandTotalPaisa: 21_000,
            round: { cutoffAt: '2026-11-26T07:30:00.000Z', deliveryAt: '2026-11-26T08:30:00.000Z' },
            timeZone: 'Asia/Karachi',
          }}
        />
      </MemoryRouter>,
    );
    expect(screen.getByTestId('order-round').textContent).toBe(
      'Arrives with the 1:30 PM round; order by 12:30 PM',
    );
  });

  it('says nothing of rounds for a campus that delivers outside them', () => {
    render(
      <MemoryRouter>
        <CheckoutSuccess
          order={{
            orderId: 'order-1',
            paymentReference: 'CB-7K3QM',
            grandTotalPaisa: 21_000,
            round: null,
            timeZone: 'Asia/Karachi',
          }}
        />
      </MemoryRouter>,
    );
    expect(screen.queryByTestId('order-round')).toBeNull();
  });
});
