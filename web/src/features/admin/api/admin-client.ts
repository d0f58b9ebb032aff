import { ADMIN_API, type TDeletedResponse } from '@campus/shared/domain/admin-api';
import { AppError } from '@campus/shared/domain/app-error';
import { SUPER_ADMIN_LOAD_TIMEOUT_MS } from '@campus/shared/domain/limits';
import type { TRole } from '@campus/shared/domain/roles';
import { ADMIN_MESSAGES } from '@campus/shared/domain/screen-messages';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiFetch, apiPost } from '@/lib/api-client';
import { CATALOGUE_QUERY_KEY } from '@/stores/campus-selection';

// The transport and the query keys every admin resource module shares
// (docs/decisions/006-admin-scope.md). Bodies are the admin form values as typed (prices in rupees
// as text); the server validates them with the same shared schemas. Answers are the types of
// @campus/shared/domain/admin-api and the other *-answers modules of shared/src/domain.

/** The admin's query key root; every admin list lives under it. */
const ADMIN_QUERY_KEY = 'admin';

/** Filters of the admin lists; a missing one is left out of the query string. */
export type TAdminFilters = {
  universityId?: string | null;
  campusId?: string | null;
  restaurantId?: string | null;
  role?: TRole | null;
};

const isSet = (value: unknown): value is string => typeof value === 'string' && value !== '';

/** Only the filters that are set, so equal filters give equal keys. */
function setFilters(filters: TAdminFilters): TAdminFilters {
  return Object.fromEntries(Object.entries(filters).filter(([, value]) => isSet(value)));
}

/** `path` with the filters that are set as its query string. */
function withQuery(path: string, filters: TAdminFilters = {}): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(filters)) {
    if (isSet(value)) params.set(key, value);
  }
  const query = params.toString();
  return query === '' ? path : `${path}?${query}`;
}

/** The address of one record under `path`. */
export const byId = (path: string, id: string) => `${path}/${encodeURIComponent(id)}`;

/**
 * GETs with the super admin's load timeout (docs/product.md §9: 30 s; then 'Request timeout after
 * 30 seconds').
 */
export async function adminGet<T>(path: string): Promise<T> {
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

/**
 * The writes of one admin resource under `path`: the shared schema its bodies follow (the api
 * parses them with it too), a save that creates in add mode and updates in edit mode
 * (docs/product.md §4: whether an id is set decides), and a delete by id.
 */
export function adminWrites<
  TValues extends { id?: string | null },
  TSaved,
  TRemoved = TDeletedResponse,
>(path: string, schema: z.ZodType<unknown, TValues>) {
  return {
    schema,
    save: (values: TValues) =>
      values.id ? apiPatch<TSaved>(byId(path, values.id), values) : apiPost<TSaved>(path, values),
    remove: (id: string) => apiDelete<TRemoved>(byId(path, id)),
  };
}

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
  /** Every page of the Payments queue, whatever its filters: what an order's change invalidates. */
  orderQueues: () => [ADMIN_QUERY_KEY, 'orders'] as const,
  /** One page of the Payments queue with its filters. */
  orderQueue: (filters: Record<string, string | number>) =>
    [ADMIN_QUERY_KEY, 'orders', filters] as const,
  /** Every refunds list (a campus's, all of them): what a refund's change invalidates. */
  allRefunds: () => [ADMIN_QUERY_KEY, 'refunds'] as const,
  refunds: (campusId: string) => [ADMIN_QUERY_KEY, 'refunds', campusId] as const,
};

/** The filtered admin lists, by the name their ADMIN_API path and their query key share. */
type TListName = 'users' | 'restaurants' | 'menuItems' | 'martItems';

/** GET of an admin list with the filters that are set. */
const fetchList = <TAnswer>(list: TListName, filters: TAdminFilters = {}) =>
  adminGet<TAnswer>(withQuery(ADMIN_API[list], filters));

/** Deletes the whole list the filters name (a campus's restaurants, a restaurant's menu). */
export const clearList = (list: TListName, filters: TAdminFilters) =>
  apiDelete<TDeletedResponse>(withQuery(ADMIN_API[list], filters));

/**
 * An admin load, and what the screen takes of its answer. Admin lists must show what is there
 * now; a timed-out load is shown with Retry, not retried.
 */
export function useAdminQuery<TAnswer, TData>(
  queryKey: readonly unknown[],
  queryFn: () => Promise<TAnswer>,
  select: (answer: TAnswer) => TData,
  enabled = true,
) {
  return useQuery({
    queryKey,
    queryFn,
    select,
    enabled,
    retry: false,
    refetchOnWindowFocus: false,
  });
}

/** A filtered admin list (users, restaurants, menu items, mart items). */
export function useAdminList<TAnswer, TRow>(
  list: TListName,
  filters: TAdminFilters,
  select: (answer: TAnswer) => TRow[],
  enabled = true,
) {
  const set = setFilters(filters);
  return useAdminQuery(adminKeys[list](set), () => fetchList<TAnswer>(list, set), select, enabled);
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
