import { useEffect } from 'react';
import { useLocation } from 'react-router-dom';

const APP_NAME = 'CampusBucket';

// Each screen's own browser-tab title, by route (first match wins).
const PAGE_TITLES: Array<[RegExp, string]> = [
  [/^\/(home)?$/, 'Home'],
  [/^\/restaurants/, 'Restaurants'],
  [/^\/mart-items/, 'Mart Items'],
  [/^\/menu\//, 'Menu'],
  [/^\/cart/, 'Cart'],
  [/^\/checkout/, 'Checkout'],
  [/^\/orders\/./, 'Order'],
  [/^\/orders/, 'My Orders'],
  [/^\/login/, 'Sign In'],
  [/^\/signup/, 'Create Account'],
  [/^\/reset-password/, 'New Password'],
  [/^\/demo/, 'Selector Demo'],
  [/^\/super-admin/, 'Super Admin'],
  [/^\/admin\/batches\/[^/]+\/print/, 'Pick Lists'],
  [/^\/admin/, 'Campus Admin'],
  [/^\/sheets\//, 'Orders'],
  [/^\/unauthorized/, 'Access Denied'],
];

/** The browser-tab title of the page at `pathname`: 'Cart · CampusBucket'. */
export function pageTitle(pathname: string): string {
  const name = PAGE_TITLES.find(([pattern]) => pattern.test(pathname))?.[1];
  return name ? `${name} · ${APP_NAME}` : APP_NAME;
}

/** Keeps document.title on the current page's title. */
export function usePageTitle(): void {
  const { pathname } = useLocation();
  useEffect(() => {
    document.title = pageTitle(pathname);
  }, [pathname]);
}
