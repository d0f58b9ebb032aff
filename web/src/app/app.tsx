import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createBrowserRouter, RouterProvider } from 'react-router-dom';
import { AuthProvider } from '@/lib/auth';
import { Layout, RootErrorScreen } from './layout';
import { routes } from './routes';

const router = createBrowserRouter([
  { element: <Layout />, errorElement: <RootErrorScreen />, children: routes },
]);
const queryClient = new QueryClient({
  // One retry, a second later: a failed load says so (with Retry) in seconds, not after 7.
  defaultOptions: { queries: { refetchOnWindowFocus: false, retry: 1 } },
});

export function App() {
  return (
    <QueryClientProvider client={queryClient}>
      <AuthProvider>
        <RouterProvider router={router} />
      </AuthProvider>
    </QueryClientProvider>
  );
}
