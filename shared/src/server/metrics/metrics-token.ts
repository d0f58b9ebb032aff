import { createHash, timingSafeEqual } from 'node:crypto';

const digest = (text: string) => createHash('sha256').update(text).digest();

/** The token of an `Authorization: Bearer <token>` header, or null for any other header. */
export function bearerToken(authorization: string | undefined | null): string | null {
  const match = /^Bearer +(\S+) *$/i.exec(authorization ?? '');
  return match?.[1] ?? null;
}

/**
 * Whether `given` is the METRICS_TOKEN, compared in constant time (over digests, so that not even
 * the token's length shows in the time taken). Never true while no token is configured.
 */
export function isMetricsToken(given: string | null, token: string | null | undefined): boolean {
  if (!token || given === null) return false;
  return timingSafeEqual(digest(given), digest(token));
}
