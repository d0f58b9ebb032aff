// The api paths of what the storefront's pages load as they open, and which of them a page will
// ask for before its script has even run. This module imports nothing: the inline script of
// index.html (src/early-requests.ts) is built from it alone.

/**
 * Browser storage keys of the selection (docs/product.md §3: JSON, restored on load, removed when
 * cleared).
 */
export const SELECTED_UNIVERSITY_KEY = 'selectedUniversity';
export const SELECTED_CAMPUS_KEY = 'selectedCampus';
/**
 * The cookie that tells the server the same selection (the ids only), so that it can answer a
 * storefront page with the page already in it (src/entry-server.tsx).
 */
const SELECTION_COOKIE = 'campusSelection';

/**
 * The element of a page rendered on the server that holds the answers it was rendered with: a JSON
 * array of [query key, data] pairs, which the app's query cache starts from.
 */
export const PAGE_DATA_ID = 'page-data';

export interface SelectionIds {
  universityId: string;
  campusId: string | null;
}

/** The selection cookie as document.cookie takes it: a year, or removed when nothing is chosen. */
export function selectionCookie(ids: SelectionIds | null): string {
  const value =
    ids === null
      ? ''
      : `${encodeURIComponent(ids.universityId)}/${encodeURIComponent(ids.campusId ?? '')}`;
  const maxAge = ids === null ? 0 : 365 * 24 * 60 * 60;
  return `${SELECTION_COOKIE}=${value}; Path=/; Max-Age=${maxAge}; SameSite=Lax`;
}

/** The selection a Cookie header carries, or null when it has none or it is malformed. */
export function readSelectionCookie(header: string | null | undefined): SelectionIds | null {
  for (const pair of (header ?? '').split(';')) {
    const [name, value] = pair.trim().split('=', 2);
    if (name !== SELECTION_COOKIE || !value) continue;
    const [university, campus, extra] = value.split('/');
    if (!university || extra !== undefined) return null;
    try {
      const universityId = decodeURIComponent(university);
      const campusId = campus ? decodeURIComponent(campus) : null;
      return { universityId, campusId };
    } catch {
      return null;
    }
  }
  return null;
}

export const PUBLIC_CONFIG_PATH = '/api/public-config';
export const SESSION_PATH = '/api/account/session';
export const UNIVERSITIES_PATH = '/api/catalogue/universities';

const segment = encodeURIComponent;
const campusPath = (campusId: string) => `/api/catalogue/campuses/${segment(campusId)}`;

export const campusesPath = (universityId: string) =>
  `${UNIVERSITIES_PATH}/${segment(universityId)}/campuses`;
export const restaurantsPath = (campusId: string) => `${campusPath(campusId)}/restaurants`;
export const martItemsPath = (campusId: string) => `${campusPath(campusId)}/mart-items`;

/** A restaurant and its menu: at the chosen campus, or at any campus when none is chosen. */
export const restaurantMenuPath = (campusId: string | null, restaurantId: string) =>
  campusId === null
    ? `/api/catalogue/restaurants/${segment(restaurantId)}`
    : `${restaurantsPath(campusId)}/${segment(restaurantId)}`;

const MENU_PAGE = /^\/menu\/([^/]+)\/?$/;

/** A JSON object kept in storage, or an empty one when there is none or it is unreadable. */
function storedObject(storage: Pick<Storage, 'getItem'>, key: string): Record<string, unknown> {
  try {
    const value: unknown = JSON.parse(storage.getItem(key) ?? 'null');
    return typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

const isId = (value: unknown): value is string => typeof value === 'string' && value !== '';

/** The ids of the selection kept in storage; a campus counts only with its own university. */
function storedSelection(storage: Pick<Storage, 'getItem'>): SelectionIds | null {
  const university = storedObject(storage, SELECTED_UNIVERSITY_KEY);
  if (!isId(university.id)) return null;
  const campus = storedObject(storage, SELECTED_CAMPUS_KEY);
  const campusId = campus.universityId === university.id && isId(campus.id) ? campus.id : null;
  return { universityId: university.id, campusId };
}

/**
 * The GETs a page makes as soon as it renders, by its path and the selection: the frame's (the
 * public configuration, the session, the universities, the chosen university's campuses) and the
 * storefront page's own list.
 */
export function pageRequests(pathname: string, selection: SelectionIds | null): string[] {
  const paths = [PUBLIC_CONFIG_PATH, SESSION_PATH, UNIVERSITIES_PATH];
  if (selection !== null) paths.push(campusesPath(selection.universityId));
  const campusId = selection?.campusId ?? null;
  const menu = MENU_PAGE.exec(pathname)?.[1];
  if (menu !== undefined) {
    try {
      paths.push(restaurantMenuPath(campusId, decodeURIComponent(menu)));
    } catch {
      // A malformed address: the router shows the page it can.
    }
  } else if (campusId !== null && pathname === '/restaurants') {
    paths.push(restaurantsPath(campusId));
  } else if (campusId !== null && pathname === '/mart-items') {
    paths.push(martItemsPath(campusId));
  }
  return paths;
}

/**
 * The GETs a page makes as soon as it renders, by the selection kept in storage. It only guesses
 * what the app will ask for; the app reads and checks the selection itself (campus-selection.tsx).
 */
export function firstPaintRequests(pathname: string, storage: Pick<Storage, 'getItem'>): string[] {
  return pageRequests(pathname, storedSelection(storage));
}

/**
 * Whether the server renders the page at `pathname` (without a trailing slash): the storefront's
 * pages anyone may open. The others (the account forms, the cart, checkout, the admin; Mart
 * Items, whose screen comes in a chunk of its own) are the app's alone.
 */
export function renderedOnServer(pathname: string): boolean {
  return ['/', '/home', '/restaurants'].includes(pathname) || MENU_PAGE.test(pathname);
}
