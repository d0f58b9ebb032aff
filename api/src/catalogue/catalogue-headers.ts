import type { CachedResponse } from '@campus/shared/server/catalogue/cache';

// Browsers (and any shared cache) keep a copy but must ask again before every use: mart stock
// changes with every order and an admin's edit must show at once, so a max-age would show a
// student items that are gone. Asking again is cheap: a matching If-None-Match gets an empty 304
// from memory, without a database query. The data is the same for everyone, hence public.
const CACHE_CONTROL = 'public, max-age=0, must-revalidate';

/** RFC 9110 §13.1.2: If-None-Match compares weakly, so W/"x" matches "x". */
export function isNotModified(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  if (ifNoneMatch.trim() === '*') return true;
  return ifNoneMatch.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag);
}

/** The headers of a catalogue answer: its 304 (`notModified`) or its 200 with the body. */
export function catalogueHeaders(cached: CachedResponse, notModified: boolean) {
  const headers = { ETag: cached.etag, 'Cache-Control': CACHE_CONTROL };
  return notModified ? headers : { ...headers, 'Content-Type': 'application/json' };
}
