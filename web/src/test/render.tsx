import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Suspense } from 'react';
import { createMemoryRouter, Outlet, RouterProvider } from 'react-router-dom';
import { expect } from 'vitest';
import { routes } from '@/app/routes';
import { AuthProvider } from '@/stores/auth';
import { CampusSelectionProvider } from '@/stores/campus-selection';
import { CartProvider } from '@/stores/cart';
import { buildSuperAdmin } from './builders';
import { type AdminData, type ApiHandler, stubAdminApi } from './fake-api';

/** What the layout gives the storefront's screens: the campus selection and the cart. */
const storefrontRoutes = [
  {
    element: (
      <CampusSelectionProvider>
        <CartProvider>
          <Outlet />
        </CartProvider>
      </CampusSelectionProvider>
    ),
    children: routes,
  },
];

/**
 * Opens the app at `path` (with its ?query, if any) as a person would (docs/product.md §2's route
 * table, with its guards), signed in as the fake api's session says. Screens are reached through
 * their routes, so a test depends on what a person sees, not on how a screen is split into
 * components. `storefront` gives them the campus selection and the cart, as the layout does.
 */
export function openPage(
  path: string,
  options: {
    state?: unknown;
    user?: Parameters<typeof userEvent.setup>[0];
    storefront?: boolean;
  } = {},
) {
  const client = new QueryClient({
    defaultOptions: { queries: { retry: false, refetchOnWindowFocus: false } },
  });
  const [pathname, query] = path.split('?');
  const search = query === undefined ? '' : `?${query}`;
  const router = createMemoryRouter(options.storefront ? storefrontRoutes : routes, {
    initialEntries: [{ pathname: pathname ?? path, search, state: options.state }],
  });
  const user = userEvent.setup(options.user);
  const view = render(
    <QueryClientProvider client={client}>
      <AuthProvider>
        <Suspense fallback={<p>Loading the page...</p>}>
          <RouterProvider router={router} />
        </Suspense>
      </AuthProvider>
    </QueryClientProvider>,
  );
  /** Waits until no query is loading and what they loaded is on the page. */
  async function settled() {
    await waitFor(() => expect(client.isFetching()).toBe(0));
    // React Query hands results to the page on the next tick (its notify scheduler).
    await act(() => new Promise((resolve) => setTimeout(resolve, 0)));
  }
  return { ...view, user, router, settled };
}

/**
 * Opens an admin dashboard at `path` over the fake api's `data` (signed in as `data.session`) and
 * clicks the tab of `section`; returns the page, the api's mock and the section's panel.
 */
export async function openDashboardSection(
  path: string,
  section: string,
  data: Partial<AdminData> = {},
  overrides: Record<string, ApiHandler> = {},
  options: Parameters<typeof openPage>[1] = {},
) {
  const api = stubAdminApi(data, overrides);
  const page = openPage(path, options);
  await page.user.click(await screen.findByRole('tab', { name: section }));
  return { ...page, ...api, panel: screen.getByRole('tabpanel', { name: section }) };
}

/** Opens a section of /super-admin as a super admin (see openDashboardSection). */
export function openSuperAdminSection(
  section: string,
  data: Partial<AdminData> = {},
  overrides: Record<string, ApiHandler> = {},
  options: Parameters<typeof openPage>[1] = {},
) {
  return openDashboardSection(
    '/super-admin',
    section,
    { session: buildSuperAdmin(), ...data },
    overrides,
    options,
  );
}
