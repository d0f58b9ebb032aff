import {
  ADMIN_API,
  type TCampusResponse,
  type TDeletedResponse,
  type TDomainResponse,
  type TDomainsResponse,
  type TMartItemResponse,
  type TMartItemsResponse,
  type TMenuItemResponse,
  type TMenuItemsResponse,
  type TOverviewResponse,
  type TRestaurantResponse,
  type TRestaurantsResponse,
  type TUniversitiesResponse,
  type TUniversityDeleteResponse,
  type TUniversityResponse,
  type TUserResponse,
  type TUsersResponse,
} from '@campus/shared/domain/admin-api';
import type {
  TCampusFormValues,
  TCreateUserFormValues,
  TDomainFormValues,
  TMartItemFormValues,
  TMenuItemFormValues,
  TRestaurantFormValues,
  TRoleChange,
  TUniversityFormValues,
} from '@campus/shared/domain/admin-forms';
import { AppError } from '@campus/shared/domain/app-error';
import { formatError } from '@campus/shared/domain/error-catalogue';
import { SUPER_ADMIN_LOAD_TIMEOUT_MS } from '@campus/shared/domain/limits';
import type { TRole } from '@campus/shared/domain/roles';
import { ADMIN_MESSAGES, IMAGE_MESSAGES } from '@campus/shared/domain/screen-messages';
import type { TSetAsideRowsResponse } from '@campus/shared/domain/sheet-requests';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFetch, apiPost, apiPostForm } from '@/lib/api-client';
import { CATALOGUE_QUERY_KEY } from '@/lib/campus-selection';
import { compressImage } from '@/lib/compress-image';

// The web's client of the admin api (docs/decisions/006-admin-scope.md). Bodies are the admin
// form values as typed (prices in rupees as text); the server validates them with the same shared
// schemas.

// ---- Transport ------------------------------------------------------------------------------

/** The admin's query key root; every admin list lives under it. */
export const ADMIN_QUERY_KEY = 'admin';

/** Filters of the admin lists; a missing one is left out of the query string. */
export type TAdminFilters = {
  universityId?: string | null;
  campusId?: string | null;
  restaurantId?: string | null;
  role?: TRole | null;
};

function withQuery(path: string, filters: TAdminFilters = {}): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(filters)) {
    if (typeof value === 'string' && value !== '') params.set(key, value);
  }
  const query = params.toString();
  return query === '' ? path : `${path}?${query}`;
}

const byId = (path: string, id: string) => `${path}/${encodeURIComponent(id)}`;

/** GETs with the super admin's load timeout (SPEC §9: 30 s; then 'Request timeout after 30 seconds'). */
async function apiGet<T>(path: string): Promise<T> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), SUPER_ADMIN_LOAD_TIMEOUT_MS);
  try {
    return await apiFetch<T>(path, { signal: controller.signal });
  } catch (error) {
    if (!controller.signal.aborted) throw error;
    throw new AppError({
      code: 'request-timeout',
      status: 408,
      userMessage: ADMIN_MESSAGES.requestTimeout,
      logMessage: `GET ${path} took longer than ${SUPER_ADMIN_LOAD_TIMEOUT_MS} ms`,
      cause: error,
    });
  } finally {
    clearTimeout(timer);
  }
}

/** PATCHes a JSON body. */
export function apiPatch<T>(path: string, body: unknown): Promise<T> {
  return apiFetch<T>(path, { method: 'PATCH', body: JSON.stringify(body) });
}

/** DELETEs a resource (or, with a query string, a campus's or restaurant's whole list). */
export function apiDelete<T>(path: string): Promise<T> {
  return apiFetch<T>(path, { method: 'DELETE' });
}

// ---- Overview, universities and campuses ---------------------------------------------------

export const fetchOverview = () => apiGet<TOverviewResponse>(ADMIN_API.overview);

export const fetchUniversities = () => apiGet<TUniversitiesResponse>(ADMIN_API.universities);

export const createUniversity = (values: TUniversityFormValues) =>
  apiPost<TUniversityResponse>(ADMIN_API.universities, values);

export const updateUniversity = (id: string, values: TUniversityFormValues) =>
  apiPatch<TUniversityResponse>(byId(ADMIN_API.universities, id), values);

/** Deletes a university with its campuses, restaurants, menus, mart items and domains. */
export const deleteUniversity = (id: string) =>
  apiDelete<TUniversityDeleteResponse>(byId(ADMIN_API.universities, id));

/** The campus body: the campus form plus the optional pay-to account. */
export type TCampusRequest = TCampusFormValues & {
  payToAccountTitle?: string | null;
  payToBankName?: string | null;
  payToAccountNumber?: string | null;
};

export const createCampus = (values: TCampusRequest) =>
  apiPost<TCampusResponse>(ADMIN_API.campuses, values);

export const updateCampus = (id: string, values: TCampusRequest) =>
  apiPatch<TCampusResponse>(byId(ADMIN_API.campuses, id), values);

export const deleteCampus = (id: string) =>
  apiDelete<TCampusResponse>(byId(ADMIN_API.campuses, id));

// ---- Users ----------------------------------------------------------------------------------

export const fetchUsers = (
  filters: Pick<TAdminFilters, 'universityId' | 'campusId' | 'role'> = {},
) => apiGet<TUsersResponse>(withQuery(ADMIN_API.users, filters));

export const createUser = (values: TCreateUserFormValues) =>
  apiPost<TUserResponse>(ADMIN_API.users, values);

export const changeUserRole = (id: string, body: TRoleChange) =>
  apiPatch<TUserResponse>(`${byId(ADMIN_API.users, id)}/role`, body);

export const deleteUser = (id: string) => apiDelete<TDeletedResponse>(byId(ADMIN_API.users, id));

/** Deletes the users and campus admins of a campus; super admins stay. */
export const deleteCampusUsers = (campusId: string) =>
  apiDelete<TDeletedResponse>(withQuery(ADMIN_API.users, { campusId }));

// ---- Allowed domains ------------------------------------------------------------------------

export const fetchDomains = () => apiGet<TDomainsResponse>(ADMIN_API.domains);

export const createDomain = (values: TDomainFormValues) =>
  apiPost<TDomainResponse>(ADMIN_API.domains, values);

export const updateDomain = (id: string, values: TDomainFormValues) =>
  apiPatch<TDomainResponse>(byId(ADMIN_API.domains, id), values);

export const deleteDomain = (id: string) =>
  apiDelete<TDeletedResponse>(byId(ADMIN_API.domains, id));

// ---- Restaurants ----------------------------------------------------------------------------

export const fetchRestaurants = (filters: Pick<TAdminFilters, 'universityId' | 'campusId'> = {}) =>
  apiGet<TRestaurantsResponse>(withQuery(ADMIN_API.restaurants, filters));

export const createRestaurant = (values: TRestaurantFormValues) =>
  apiPost<TRestaurantResponse>(ADMIN_API.restaurants, values);

export const updateRestaurant = (id: string, values: TRestaurantFormValues) =>
  apiPatch<TRestaurantResponse>(byId(ADMIN_API.restaurants, id), values);

export const deleteRestaurant = (id: string) =>
  apiDelete<TDeletedResponse>(byId(ADMIN_API.restaurants, id));

/** Deletes every restaurant of a campus (with their menus). */
export const deleteCampusRestaurants = (campusId: string) =>
  apiDelete<TDeletedResponse>(withQuery(ADMIN_API.restaurants, { campusId }));

// ---- Menu items -----------------------------------------------------------------------------

export const fetchMenuItems = (
  filters: Pick<TAdminFilters, 'universityId' | 'campusId' | 'restaurantId'> = {},
) => apiGet<TMenuItemsResponse>(withQuery(ADMIN_API.menuItems, filters));

export const createMenuItem = (values: TMenuItemFormValues) =>
  apiPost<TMenuItemResponse>(ADMIN_API.menuItems, values);

export const updateMenuItem = (id: string, values: TMenuItemFormValues) =>
  apiPatch<TMenuItemResponse>(byId(ADMIN_API.menuItems, id), values);

export const deleteMenuItem = (id: string) =>
  apiDelete<TDeletedResponse>(byId(ADMIN_API.menuItems, id));

/** Clears a restaurant's menu. */
export const deleteRestaurantMenu = (restaurantId: string) =>
  apiDelete<TDeletedResponse>(withQuery(ADMIN_API.menuItems, { restaurantId }));

// ---- Mart items -----------------------------------------------------------------------------

export const fetchMartItems = (filters: Pick<TAdminFilters, 'universityId' | 'campusId'> = {}) =>
  apiGet<TMartItemsResponse>(withQuery(ADMIN_API.martItems, filters));

export const createMartItem = (values: TMartItemFormValues) =>
  apiPost<TMartItemResponse>(ADMIN_API.martItems, values);

export const updateMartItem = (id: string, values: TMartItemFormValues) =>
  apiPatch<TMartItemResponse>(byId(ADMIN_API.martItems, id), values);

export const deleteMartItem = (id: string) =>
  apiDelete<TDeletedResponse>(byId(ADMIN_API.martItems, id));

/** Clears a campus's mart items. */
export const deleteCampusMartItems = (campusId: string) =>
  apiDelete<TDeletedResponse>(withQuery(ADMIN_API.martItems, { campusId }));

// ---- Order sheet ----------------------------------------------------------------------------

/** A tab of the orders spreadsheet and where to open it. */
export type TSheetTabLink = { name: string; sheetId: number | string; url: string };
export type TSheetTabsResponse = { ok: true; tabs: TSheetTabLink[] };

/** The spreadsheet's tabs: all for a super admin, only their own for a campus admin. */
export const fetchSheetTabs = () => apiGet<TSheetTabsResponse>('/api/sheets/tabs');

/** The tab's orders whose rows the spreadsheet refused for their content. */
export const fetchSetAsideRows = (tab: string) =>
  apiGet<TSetAsideRowsResponse>(`/api/sheets/tabs/${encodeURIComponent(tab)}/set-aside`);

/** Asks the worker to make sure the Master tab exists (super admin dashboard load). */
export const ensureMasterTab = () => apiPost<unknown>('/api/sheets/master', {});

// ---- Photos ---------------------------------------------------------------------------------

/** What an item photo is for; the api keeps menu and mart photos apart from payment screenshots. */
export type CatalogPhotoPurpose = 'menu-photo' | 'mart-photo';

function imageError(message: string, detail: string): AppError {
  return new AppError({
    code: 'invalid-image',
    status: 400,
    userMessage: message,
    logMessage: detail,
  });
}

function uploadFailed(cause: unknown, detail: string): AppError {
  return new AppError({
    code: 'image-upload-failed',
    status: 502,
    userMessage: ADMIN_MESSAGES.uploadImageFailed,
    logMessage: detail,
    cause,
  });
}

/**
 * Compresses an item photo (SPEC §5 Admin, at most 0.5 MB and 1000 px a side) and uploads it;
 * answers the url the item's photoURL takes. Input that is not a file or not an image throws the
 * image helper's messages; a failed compression or upload throws 'Failed to upload image...'.
 */
export async function uploadCatalogPhoto(
  file: unknown,
  purpose: CatalogPhotoPurpose,
): Promise<string> {
  if (!(file instanceof Blob)) {
    throw imageError(IMAGE_MESSAGES.notABlob, `photo upload got ${typeof file}`);
  }
  if (!file.type.startsWith('image/')) {
    throw imageError(IMAGE_MESSAGES.notAnImage, `photo upload got type '${file.type}'`);
  }
  const named = file instanceof File ? file : new File([file], purpose, { type: file.type });
  let small: File;
  try {
    small = await compressImage(named, purpose);
  } catch (cause) {
    throw uploadFailed(cause, `compressing a ${purpose} failed: ${String(cause)}`);
  }
  const form = new FormData();
  form.append('file', small, small.name);
  form.append('purpose', purpose);
  try {
    const answer = await apiPostForm<{ ok: true; upload: { id: string; url: string } }>(
      '/api/uploads',
      form,
    );
    return answer.upload.url;
  } catch (cause) {
    throw uploadFailed(cause, `uploading a ${purpose} failed: ${formatError(cause).message}`);
  }
}

// ---- Failures -------------------------------------------------------------------------------

/**
 * The text of a failed admin write: the spec's message, followed by the server's own message for
 * the field it refused when a 400 names one (e.g. 'Failed to save campus: Another campus already
 * uses the order sheet tab ...'). Anything else is logged, and the spec's message alone shown.
 */
export function failureText(specMessage: string, error: unknown): string {
  const formatted = formatError(error);
  if (formatted.status === 400 && formatted.fields) {
    const fieldMessage = Object.values(formatted.fields).find((message) => message !== '');
    if (fieldMessage)
      return fieldMessage === specMessage ? specMessage : `${specMessage}: ${fieldMessage}`;
  }
  // The spec's message replaces the server's: keep what actually went wrong for the operator.
  console.warn(`${specMessage}: ${formatted.message}`, error);
  return specMessage;
}

// ---- Queries --------------------------------------------------------------------------------

/** Query keys of the admin lists, all under ['admin']. */
export const adminKeys = {
  all: [ADMIN_QUERY_KEY] as const,
  overview: () => [ADMIN_QUERY_KEY, 'overview'] as const,
  universities: () => [ADMIN_QUERY_KEY, 'universities'] as const,
  users: (filters: TAdminFilters = {}) => [ADMIN_QUERY_KEY, 'users', filters] as const,
  domains: () => [ADMIN_QUERY_KEY, 'domains'] as const,
  restaurants: (filters: TAdminFilters = {}) => [ADMIN_QUERY_KEY, 'restaurants', filters] as const,
  menuItems: (filters: TAdminFilters = {}) => [ADMIN_QUERY_KEY, 'menu-items', filters] as const,
  martItems: (filters: TAdminFilters = {}) => [ADMIN_QUERY_KEY, 'mart-items', filters] as const,
  sheetTabs: () => [ADMIN_QUERY_KEY, 'sheet-tabs'] as const,
  setAsideRows: (tab: string) => [ADMIN_QUERY_KEY, 'set-aside', tab] as const,
};

// Admin lists must show what is there now; a timed-out load is shown with Retry, not retried.
const adminQuery = { retry: false, refetchOnWindowFocus: false } as const;

/** Only the filters that are set, so equal filters give equal keys. */
function setFilters(filters: TAdminFilters): TAdminFilters {
  return Object.fromEntries(
    Object.entries(filters).filter(([, value]) => typeof value === 'string' && value !== ''),
  );
}

export function useAdminOverview() {
  return useQuery({ ...adminQuery, queryKey: adminKeys.overview(), queryFn: fetchOverview });
}

/** Every university with its campuses (super admin only: GET /api/admin/universities). */
export function useAdminUniversities(enabled = true) {
  return useQuery({
    ...adminQuery,
    queryKey: adminKeys.universities(),
    queryFn: fetchUniversities,
    select: (answer) => answer.universities,
    enabled,
  });
}

export function useAdminUsers(filters: Pick<TAdminFilters, 'universityId' | 'campusId' | 'role'>) {
  const set = setFilters(filters);
  return useQuery({
    ...adminQuery,
    queryKey: adminKeys.users(set),
    queryFn: () => fetchUsers(set),
    select: (answer) => answer.users,
  });
}

export function useAdminDomains() {
  return useQuery({
    ...adminQuery,
    queryKey: adminKeys.domains(),
    queryFn: fetchDomains,
    select: (answer) => answer.domains,
  });
}

export function useAdminRestaurants(
  filters: Pick<TAdminFilters, 'universityId' | 'campusId'>,
  enabled = true,
) {
  const set = setFilters(filters);
  return useQuery({
    ...adminQuery,
    queryKey: adminKeys.restaurants(set),
    queryFn: () => fetchRestaurants(set),
    select: (answer) => answer.restaurants,
    enabled,
  });
}

export function useAdminMenuItems(
  filters: Pick<TAdminFilters, 'universityId' | 'campusId' | 'restaurantId'>,
  enabled = true,
) {
  const set = setFilters(filters);
  return useQuery({
    ...adminQuery,
    queryKey: adminKeys.menuItems(set),
    queryFn: () => fetchMenuItems(set),
    select: (answer) => answer.menuItems,
    enabled,
  });
}

export function useAdminMartItems(
  filters: Pick<TAdminFilters, 'universityId' | 'campusId'>,
  enabled = true,
) {
  const set = setFilters(filters);
  return useQuery({
    ...adminQuery,
    queryKey: adminKeys.martItems(set),
    queryFn: () => fetchMartItems(set),
    select: (answer) => answer.martItems,
    enabled,
  });
}

/** The spreadsheet's tabs (GET /api/sheets/tabs). */
export function useSheetTabs(enabled = true) {
  return useQuery({
    ...adminQuery,
    queryKey: adminKeys.sheetTabs(),
    queryFn: fetchSheetTabs,
    select: (answer) => answer.tabs,
    enabled,
  });
}

/** The tab's set-aside rows (GET /api/sheets/tabs/:name/set-aside). */
export function useSetAsideRows(tab: string | null) {
  return useQuery({
    ...adminQuery,
    queryKey: adminKeys.setAsideRows(tab ?? ''),
    queryFn: () => fetchSetAsideRows(tab ?? ''),
    select: (answer) => answer.rows,
    enabled: tab !== null,
  });
}

/**
 * A write of the admin api. When it succeeds every admin list and the storefront's catalogue are
 * loaded again: one write can change several lists (a deleted restaurant takes its menu along,
 * the overview counts everything), and the catalogue must show what the admin just changed.
 */
export function useAdminMutation<TVariables, TAnswer>(
  write: (variables: TVariables) => Promise<TAnswer>,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: write,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: adminKeys.all }),
        queryClient.invalidateQueries({ queryKey: [CATALOGUE_QUERY_KEY] }),
      ]),
  });
}
