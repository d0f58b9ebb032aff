import { useQueryClient } from '@tanstack/react-query';
import { type ReactNode, Suspense, useEffect, useId, useState } from 'react';
import { Outlet, useLocation, useNavigate } from 'react-router-dom';
import { CartBar, useCartBarShown } from '@/components/cart/cart-bar';
import { ErrorBoundary } from '@/components/error-boundary';
import { ChatLink } from '@/components/layout/chat-link';
import { Link, NavLink } from '@/components/link';
import { ErrorFallback } from '@/components/ui/error-fallback';
import { Spinner } from '@/components/ui/spinner';
import { AccountNav, AdminNavLinks } from '@/features/auth/components/account-nav';
import { CampusSelector } from '@/features/campus-selector/components/campus-selector';
import { CATALOGUE_QUERY_KEY, CampusSelectionProvider } from '@/stores/campus-selection';
import { CartProvider } from '@/stores/cart';
import { usePageTitle } from './page-title';

const NAV = [
  { to: '/', label: 'Home', end: true },
  { to: '/restaurants', label: 'Restaurants', end: false },
  { to: '/mart-items', label: 'Mart Items', end: false },
  { to: '/cart', label: 'Cart', end: false },
  { to: '/checkout', label: 'Checkout', end: false },
];

const navLinkClass =
  'rounded px-1 py-1 text-gray-800 hover:text-orange-700 focus-visible:outline-2 focus-visible:outline-orange-700 aria-[current=page]:font-semibold aria-[current=page]:text-orange-700';

/** docs/product.md §2 top navigation: brand, selector, links, admin links and the account menu. */
function TopNav() {
  const [menuOpen, setMenuOpen] = useState(false);
  const menuId = useId();
  const { pathname } = useLocation();

  // A link followed from the small-screen menu closes it.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on every path change on purpose
  useEffect(() => setMenuOpen(false), [pathname]);
  useEffect(() => {
    if (!menuOpen) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setMenuOpen(false);
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [menuOpen]);

  return (
    // Sticky on phones and tablets, one row high, so the cart and the menu are always in reach.
    <header className="sticky top-0 z-40 border-b border-gray-200 bg-white lg:static print:hidden">
      <nav
        aria-label="Main"
        className="mx-auto flex max-w-6xl flex-wrap items-center gap-x-3 gap-y-2 px-4 py-2 lg:gap-x-4 lg:py-3"
      >
        <Link
          to="/"
          className="shrink-0 rounded text-lg font-bold text-orange-700 focus-visible:outline-2 focus-visible:outline-orange-700"
        >
          CampusBucket
        </Link>
        <div className="min-w-0 flex-1 lg:flex-none">
          <CampusSelector />
        </div>
        <button
          type="button"
          aria-expanded={menuOpen}
          aria-controls={menuId}
          onClick={() => setMenuOpen((value) => !value)}
          className="shrink-0 rounded border border-gray-400 px-3 py-1.5 text-sm font-medium text-gray-800 hover:bg-gray-100 focus-visible:outline-2 focus-visible:outline-orange-700 lg:hidden"
        >
          Menu
        </button>
        <div
          id={menuId}
          className={`${menuOpen ? 'flex' : 'hidden'} w-full flex-col gap-3 border-t border-gray-200 pt-3 lg:flex lg:w-auto lg:flex-1 lg:flex-row lg:items-center lg:border-0 lg:pt-0`}
        >
          <ul className="flex flex-col gap-1 lg:flex-row lg:items-center lg:gap-4">
            {NAV.map((item) => (
              <li key={item.to}>
                <NavLink to={item.to} end={item.end} className={navLinkClass}>
                  {item.label}
                </NavLink>
              </li>
            ))}
            <li className="empty:hidden">
              <AdminNavLinks />
            </li>
          </ul>
          <div className="lg:ml-auto">
            <AccountNav />
          </div>
        </div>
      </nav>
    </header>
  );
}

/**
 * The foot of every screen, kept at the bottom of the view: the chat link and, on a phone's
 * shopping page, the cart bar under it, so the chat link never covers the bar's Checkout.
 */
function BottomDock() {
  const cartBar = useCartBarShown();
  return (
    <div className="pointer-events-none sticky bottom-0 z-30 print:hidden">
      <ChatLink />
      {cartBar && <CartBar />}
    </div>
  );
}

function isChunkLoadError(error: unknown): boolean {
  return (
    error instanceof TypeError &&
    /dynamically imported module|module script failed|Importing a module/i.test(error.message)
  );
}

/** Every page inside the frame gets the spec's error screen; the navigation stays usable. */
function PageErrorBoundary({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  // Catalogue data a page could not show is fetched again rather than shown again from memory.
  const forgetCatalogue = () => void queryClient.resetQueries({ queryKey: [CATALOGUE_QUERY_KEY] });
  return (
    <ErrorBoundary
      resetKey={pathname}
      fallback={(error, reset) => (
        <ErrorFallback
          error={error}
          onTryAgain={() => {
            // A screen's code that failed to download only comes back with a fresh page.
            if (isChunkLoadError(error)) {
              window.location.reload();
              return;
            }
            forgetCatalogue();
            reset();
          }}
          onGoHome={() => {
            forgetCatalogue();
            navigate('/');
            reset();
          }}
        />
      )}
    >
      {children}
    </ErrorBoundary>
  );
}

/** The frame of every screen: navigation, the page, the chat link and the cart bar. */
export function Layout() {
  usePageTitle();
  return (
    <CampusSelectionProvider>
      <CartProvider>
        <div className="flex min-h-screen flex-col">
          <a
            href="#main"
            className="sr-only rounded bg-white px-3 py-2 text-orange-700 focus:not-sr-only focus:absolute focus:top-2 focus:left-2 focus:z-50"
          >
            Skip to content
          </a>
          <TopNav />
          <main id="main" tabIndex={-1} className="flex-1 pb-24 focus:outline-none">
            <PageErrorBoundary>
              <Suspense fallback={<Spinner />}>
                <Outlet />
              </Suspense>
            </PageErrorBoundary>
          </main>
          <BottomDock />
        </div>
      </CartProvider>
    </CampusSelectionProvider>
  );
}

/** The app's last resort, when the frame itself fails (its boundary logs the error). */
export function RootErrorScreen({ error }: { error: unknown }) {
  return (
    <main>
      <ErrorFallback
        error={error}
        onTryAgain={() => window.location.reload()}
        onGoHome={() => window.location.assign('/')}
      />
    </main>
  );
}
