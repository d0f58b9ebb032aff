import { createBrowserRouter, Link, Outlet, RouterProvider } from 'react-router-dom';
import { routes } from './routes';

const NAV = [
  { to: '/', label: 'Home' },
  { to: '/restaurants', label: 'Restaurants' },
  { to: '/mart-items', label: 'Mart Items' },
  { to: '/cart', label: 'Cart' },
  { to: '/checkout', label: 'Checkout' },
];

function Layout() {
  return (
    <div className="min-h-screen">
      <header className="border-b bg-white">
        <nav className="mx-auto flex max-w-6xl flex-wrap items-center gap-4 p-4">
          <Link to="/" className="text-lg font-bold text-orange-700">
            CampusBucket
          </Link>
          {NAV.map((item) => (
            <Link key={item.to} to={item.to} className="text-gray-700 hover:text-orange-700">
              {item.label}
            </Link>
          ))}
        </nav>
      </header>
      <main>
        <Outlet />
      </main>
    </div>
  );
}

const router = createBrowserRouter([{ element: <Layout />, children: routes }]);

export function App() {
  return <RouterProvider router={router} />;
}
