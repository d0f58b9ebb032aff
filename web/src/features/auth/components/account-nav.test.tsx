import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { AuthProvider } from '@/stores/auth';
import { buildUser } from '@/test/builders';
import { stubAdminApi } from '@/test/fake-api';
import { AccountNav } from './account-nav';

// The account dropdown of the navigation bar, signed in as the student Ayesha Khan.

function openAccountNav() {
  stubAdminApi({ session: buildUser() });
  const router = createMemoryRouter(
    [
      { path: '/', element: <AccountNav /> },
      { path: '/orders', element: <h1>My Orders</h1> },
    ],
    { initialEntries: ['/'] },
  );
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <AuthProvider>
        <RouterProvider router={router} />
      </AuthProvider>
    </QueryClientProvider>,
  );
  return { user: userEvent.setup(), router };
}

describe('the account dropdown', () => {
  it("shows the role, 'My Orders' (to /orders) and 'Sign Out'", async () => {
    const { user, router } = openAccountNav();
    await user.click(await screen.findByRole('button', { name: 'ayesha@uni.edu.pk' }));
    expect(screen.getAllByRole('menuitem').map((item) => item.textContent)).toEqual([
      'My Orders',
      'Sign Out',
    ]);
    expect(screen.getByRole('menu').textContent).toContain('User');
    await user.click(screen.getByRole('menuitem', { name: 'My Orders' }));
    expect(router.state.location.pathname).toBe('/orders');
    expect(screen.queryByRole('menu')).toBeNull();
  });
});
