import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ComponentType, ReactNode } from 'react';
import { useRoutes } from 'react-router-dom';
import { ErrorBoundary } from '@/components/error-boundary';
import { AuthProvider } from '@/stores/auth';
import { Layout, RootErrorScreen } from './layout';
import { routes } from './routes';

// The declarative router: the app has no loaders or actions, and the data router's code would be
// 17 KB gzip more on every first paint.
const appRoutes = [{ element: <Layout />, children: routes }];

/** The app's query cache: one per page in the browser, one per rendered page on the server. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    // One retry, a second later: a failed load says so (with Retry) in seconds, not after 7.
    defaultOptions: { queries: { refetchOnWindowFocus: false, retry: 1 } },
  });
}

function AppRoutes() {
  return useRoutes(appRoutes);
}

/** The whole app, in the browser's router or, on the server, in a router fixed on one address. */
export function App({
  queryClient,
  Router,
}: {
  queryClient: QueryClient;
  Router: ComponentType<{ children: ReactNode }>;
}) {
  return (
    <QueryClientProvider client={queryClient}>
      <AuthProvider>
        <Router>
          {/* The last resort, when the frame itself fails: a plain page with the same choices. */}
          <ErrorBoundary resetKey="app" fallback={(error) => <RootErrorScreen error={error} />}>
            <AppRoutes />
          </ErrorBoundary>
        </Router>
      </AuthProvider>
    </QueryClientProvider>
  );
}
