import { SheetStoreError } from './sheet-store';

// What a failed Google Sheets call means for the pipeline (google-sheet-store.ts): slow down (429,
// with Google's Retry-After), try again (timeouts, network failures, 5xx), or give up (the rest).

// Google rarely sends Retry-After with a 429; its write quota refills per minute, so a short pause
// lets part of the window pass without idling the worker for a whole minute.
const DEFAULT_RATE_LIMIT_WAIT_MS = 10_000;

const NETWORK_CODES = new Set([
  'ECONNRESET',
  'ECONNREFUSED',
  'ECONNABORTED',
  'ETIMEDOUT',
  'EPIPE',
  'ENOTFOUND',
  'EAI_AGAIN',
  'ENETUNREACH',
  'EHOSTUNREACH',
  'ERR_STREAM_PREMATURE_CLOSE',
]);

interface GaxiosLike {
  status?: number;
  code?: unknown;
  config?: unknown;
  response?: { status?: number; headers?: unknown };
}

/**
 * Classifies a failed Sheets call. The original error is not kept as the cause: it carries the
 * request body (customers' rows) and headers, which must not reach the logs.
 */
export function toSheetStoreError(
  error: unknown,
  what: string,
  timeoutMs: number,
): SheetStoreError {
  if (error instanceof SheetStoreError) return error;
  const failed = (error ?? {}) as GaxiosLike;
  const status = failed.response?.status ?? failed.status;
  const googleMessage = error instanceof Error ? error.message : String(error);
  const message = `Google Sheets: ${what} failed${status ? ` (HTTP ${status})` : ''}: ${googleMessage}`;

  if (status === undefined) {
    // The only aborts are our own timeouts; "The operation was aborted" alone would not say so.
    if (isTimeout(error)) {
      return new SheetStoreError(
        'transient',
        `Google Sheets: ${what} timed out: no answer within ${timeoutMs} ms`,
      );
    }
    return new SheetStoreError(isNetworkFailure(error) ? 'transient' : 'permanent', message);
  }
  if (
    status === 429 ||
    // Older Google APIs say "rate limit" with a 403; it is still a reason to wait, not to give up.
    (status === 403 && /rate ?limit|quota/i.test(googleMessage))
  ) {
    return new SheetStoreError('rate-limited', message, {
      retryAfterMs: retryAfterMs(failed.response?.headers) ?? DEFAULT_RATE_LIMIT_WAIT_MS,
    });
  }
  if (status >= 500 || status === 408) return new SheetStoreError('transient', message);
  // A missing tab is a 400 about the range; a 404 means the spreadsheet itself is gone or the
  // id is wrong, which creating a tab cannot fix.
  if (status === 400 && /unable to parse range/i.test(googleMessage)) {
    return new SheetStoreError('not-found', message);
  }
  // What the rows hold (a cell over 50,000 characters, a value it cannot take), not the request.
  if (
    status === 400 &&
    /characters in a single cell|Invalid values?\[|Invalid value at 'data\.values\[\d+\]\.values/i.test(
      googleMessage,
    )
  ) {
    return new SheetStoreError('content-refused', message);
  }
  return new SheetStoreError('permanent', message);
}

function isTimeout(error: unknown): boolean {
  for (let cause = error, depth = 0; cause && depth < 5; depth++) {
    const { code, name } = cause as { code?: unknown; name?: unknown };
    if (name === 'AbortError' || name === 'TimeoutError' || code === 'TimeoutError') return true;
    cause = (cause as { cause?: unknown }).cause;
  }
  return false;
}

/** Whether a failure without an HTTP answer is the network's (retry) rather than ours. */
function isNetworkFailure(error: unknown): boolean {
  for (let cause = error, depth = 0; cause && depth < 5; depth++) {
    const { code, message } = cause as { code?: unknown; message?: unknown };
    if (typeof code === 'string' && (NETWORK_CODES.has(code) || code.startsWith('UND_ERR'))) {
      return true;
    }
    if (typeof message === 'string' && /socket hang up|aborted|timed? ?out/i.test(message)) {
      return true;
    }
    cause = (cause as { cause?: unknown }).cause;
  }
  // Gaxios gives up without a response only once it has tried to send the request.
  return typeof error === 'object' && error !== null && 'config' in error;
}

function retryAfterMs(headers: unknown): number | undefined {
  // Gaxios answers node-fetch Headers (not the global class), older versions a plain object.
  const value =
    typeof (headers as Headers | undefined)?.get === 'function'
      ? (headers as Headers).get('retry-after')
      : (headers as Record<string, unknown> | undefined)?.['retry-after'];
  if (typeof value !== 'string' || value.trim() === '') return undefined;
  const seconds = Number(value);
  if (Number.isFinite(seconds)) return Math.max(0, seconds * 1000);
  const date = Date.parse(value);
  return Number.isNaN(date) ? undefined : Math.max(0, date - Date.now());
}
