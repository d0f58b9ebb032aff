import type { HttpBindings } from '@hono/node-server';
import type { MiddlewareHandler } from 'hono';
import type { AppEnv } from '../app-env';

/**
 * Only our own code runs: scripts from this origin and the page's own inline scripts named by
 * their hashes ('sha256-...'), workers from this origin (the captcha solves in blob workers), no
 * framing (clickjacking on the sign-in form), photos from anywhere https, and the picture a person
 * has just chosen, shown and read through a blob: URL of the page's own.
 */
export const contentSecurityPolicy = (inlineScriptHashes: string[] = []) =>
  [
    "default-src 'self'",
    ["script-src 'self'", ...inlineScriptHashes.map((hash) => `'${hash}'`)].join(' '),
    "worker-src 'self' blob:",
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob: https:",
    "connect-src 'self' blob:",
    "frame-ancestors 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "object-src 'none'",
  ].join('; ');

/** What every answer carries: Hono's secureHeaders defaults, and the policy above. */
export const SECURITY_HEADERS = Object.entries({
  'Content-Security-Policy': contentSecurityPolicy(),
  'Cross-Origin-Resource-Policy': 'same-origin',
  'Cross-Origin-Opener-Policy': 'same-origin',
  'Origin-Agent-Cluster': '?1',
  'Referrer-Policy': 'no-referrer',
  'Strict-Transport-Security': 'max-age=15552000; includeSubDomains',
  'X-Content-Type-Options': 'nosniff',
  'X-DNS-Prefetch-Control': 'off',
  'X-Download-Options': 'noopen',
  'X-Frame-Options': 'SAMEORIGIN',
  'X-Permitted-Cross-Domain-Policies': 'none',
  'X-XSS-Protection': '0',
});

export const REQUEST_ID_HEADER = 'X-Request-Id';
// A proxy's id is kept when it is a plain token of reasonable length; anything else gets a new one.
const PASSED_ID = /^[\w\-=]{1,255}$/;

/** A request's id: the caller's X-Request-Id when it is a plain token, else a new UUID. */
export function requestIdOf(passed: string | undefined): string {
  return passed && PASSED_ID.test(passed) ? passed : crypto.randomUUID();
}

/**
 * Gives the request its id (the caller's X-Request-Id when it is a plain token, else a new
 * UUID), for the log and the answer's X-Request-Id, and puts the security headers on every
 * answer, refusals and errors included, under any header the route sets itself. Mount it before
 * anything that can answer.
 *
 * Served by Node (serveHttp), the headers go onto Node's response before the app runs, and Node
 * merges them at writeHead: the route's answer keeps its headers a plain record that
 * @hono/node-server writes as it is. Setting them on Hono's answer builds a fetch Headers object
 * per request instead, which cost about half the time of a cached catalogue read (decision 018).
 * Without Node (app.request in tests) they go onto Hono's answer.
 */
export function answerHeaders(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const id = requestIdOf(c.req.header(REQUEST_ID_HEADER));
    c.set('requestId', id);
    const headers = [...SECURITY_HEADERS, [REQUEST_ID_HEADER, id]] as const;
    const outgoing = (c.env as Partial<HttpBindings> | undefined)?.outgoing;
    if (outgoing) {
      for (const [name, value] of headers) outgoing.setHeader(name, value);
      await next();
      return;
    }
    await next();
    for (const [name, value] of headers) {
      if (!c.res.headers.has(name)) c.res.headers.set(name, value);
    }
  };
}
