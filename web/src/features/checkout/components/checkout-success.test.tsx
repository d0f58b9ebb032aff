import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { CheckoutSuccess } from './checkout-success';

describe('the thank-you view', () => {
  it('links to the order just placed and back to the restaurants', () => {
    render(
      <MemoryRouter>
        <CheckoutSuccess order={{ orderId: 'order-1', grandTotalPaisa: 21_000 }} />
      </MemoryRouter>,
    );
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Thank you for shopping!');
    expect(screen.getByRole('link', { name: 'View your order' }).getAttribute('href')).toBe(
      '/orders/order-1',
    );
    expect(screen.getByRole('link', { name: 'Start Ordering' }).getAttribute('href')).toBe(
      '/restaurants',
    );
  });
});
