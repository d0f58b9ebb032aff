// The own backend's error mapping of docs/product.md §8, which only admin screens show: apart from
// the error catalogue, which the first paint imports.
import { ERROR_CATEGORIES, errorFacts } from './error-catalogue';

/** A failed call to the own backend, as the spec's mapping distinguishes them. */
export type BackendFailure =
  | { kind: 'status'; status: number; serverError?: string | null }
  | { kind: 'no-response' }
  | { kind: 'other'; message: string };

/** The own-backend error mapping of docs/product.md §8. */
export function describeBackendFailure(failure: BackendFailure): string {
  if (failure.kind === 'no-response') {
    return 'Network error: Unable to connect to backend. Please check if the backend server is running.';
  }
  if (failure.kind === 'other') return `Configuration error: ${failure.message}`;
  const serverError = failure.serverError || undefined;
  switch (failure.status) {
    case 400:
      return `Bad request: ${serverError ?? 'Invalid request parameters'}`;
    case 401:
      return 'Unauthorized: Backend authentication failed. Please check your backend configuration.';
    case 403:
      return 'Forbidden: Access denied. Please ensure the backend has proper permissions.';
    case 404:
      return `Not found: ${ERROR_CATEGORIES.NOT_FOUND.message}`;
    case 429:
      return 'Rate limit exceeded: Please wait before making more requests.';
    case 500:
      return `Backend error: ${serverError ?? 'Internal server error'}`;
    default:
      return `API error (${failure.status}): ${serverError ?? 'Unknown error'}`;
  }
}

/** Classifies any thrown value from an own-backend call for describeBackendFailure. */
export function backendFailureOf(err: unknown): BackendFailure {
  const facts = errorFacts(err);
  if (facts.noResponse) return { kind: 'no-response' };
  if (facts.status && facts.status > 0) {
    // appErrorFromResponse marks a response without an api error body with an http-* code.
    const fromBody = !facts.code?.startsWith('http-');
    return {
      kind: 'status',
      status: facts.status,
      serverError: fromBody ? facts.userMessage : null,
    };
  }
  return { kind: 'other', message: facts.message ?? facts.userMessage ?? String(err) };
}

/** The own-backend message for any thrown value. */
export function ownBackendErrorMessage(err: unknown): string {
  return describeBackendFailure(backendFailureOf(err));
}
