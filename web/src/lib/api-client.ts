import { appErrorFromResponse, networkError } from '@campus/shared/domain/error-catalogue';

/**
 * Calls the api on this origin and returns its JSON. A failed answer throws the AppError built
 * from the api's error body; no answer at all throws the NETWORK error. Both format through
 * the shared error catalogue.
 */
export async function apiFetch<T>(path: string, init: RequestInit = {}): Promise<T> {
  const headers = new Headers(init.headers);
  if (init.body !== undefined && !(init.body instanceof FormData)) {
    headers.set('content-type', 'application/json');
  }
  let response: Response;
  try {
    response = await fetch(path, { ...init, headers, credentials: 'same-origin' });
  } catch (cause) {
    throw networkError(cause);
  }
  const body: unknown = await response.json().catch(() => null);
  if (!response.ok) throw appErrorFromResponse(response.status, body);
  return body as T;
}

/**
 * A query's function for a GET of the api, with the path in the query's meta: a page rendered on
 * the server fills the query with the api's answer to that path (src/entry-server.tsx).
 */
export function apiGet<T>(path: string) {
  return { queryFn: () => apiFetch<T>(path), meta: { path } };
}

/** POSTs a JSON body. */
export function apiPost<T>(path: string, body: unknown, signal?: AbortSignal): Promise<T> {
  return apiFetch<T>(path, { method: 'POST', body: JSON.stringify(body), signal });
}

/** POSTs multipart form data (uploads); the browser sets the boundary, errors take the same path. */
export function apiPostForm<T>(path: string, form: FormData): Promise<T> {
  return apiFetch<T>(path, { method: 'POST', body: form });
}
