import type { IncomingMessage, ServerResponse } from 'node:http';
import type { CachedResponse, CatalogueCache } from '@campus/shared/server/catalogue/cache';
import type { Metrics } from '@campus/shared/server/metrics/metrics';
import type { Logger } from 'pino';
import { REQUEST_ID_HEADER, requestIdOf, SECURITY_HEADERS } from '../middleware/answer-headers';
import { countAnswer } from '../middleware/http-metrics';
import { logAnswer } from '../middleware/request-log';
import { catalogueHeaders, isNotModified } from './catalogue-headers';

// Bounded, so requests for many unknown ids cannot grow memory without limit (the catalogue cache
// holds as many entries). A kept answer holds its body (shared with the cache) until its path is
// asked for again after it went stale, or it is the oldest of a full map.
const MAX_PATHS = 10_000;

interface Kept {
  /** The route pattern that answered, for the metrics. */
  route: string;
  cached: CachedResponse;
  /** Every header of the 200 and of the 304 but X-Request-Id, as writeHead's name/value list. */
  ok: string[];
  notModified: string[];
}

// A Host header the app certainly accepts, as a name whose last label starts with a letter (so it
// is no IPv4 address to the URL parser) or as four octets, with a port or none; @hono/node-server
// answers 400 to a Host it cannot build the request's URL from. Anything else goes to the app.
const PLAIN_HOST =
  /^(?:(?:[a-z0-9-]+\.)*[a-z][a-z0-9-]*|(?:(?:25[0-5]|2[0-4]\d|1?\d?\d)\.){3}(?:25[0-5]|2[0-4]\d|1?\d?\d))(?::(\d{1,5}))?$/i;

function isPlainHost(host: string | undefined): boolean {
  if (host === undefined) return true;
  const port = PLAIN_HOST.exec(host);
  return port !== null && Number(port[1] ?? 0) <= 65_535;
}

function headList(headers: Record<string, string>): string[] {
  return [...SECURITY_HEADERS, ...Object.entries(headers)].flat();
}

/**
 * The catalogue's answers to GETs, kept by the path they answered, so that Node sends the same
 * answer again without running the app while the catalogue cache still holds it (decision 018).
 * Only a path the app itself routed and answered is kept, without a query, so a repeat is the very
 * request the app's middleware let through; anything else, and any answer an invalidation or its
 * age made stale, goes to the app as before.
 */
export class RepeatAnswers {
  private readonly byPath = new Map<string, Kept>();

  constructor(private readonly cache: CatalogueCache) {}

  /** After the app answered a GET of `path` with `cached`, through the route pattern `route`. */
  keep(path: string, route: string, cached: CachedResponse): void {
    if (this.byPath.get(path)?.cached === cached || !this.cache.isCurrent(cached)) return;
    this.byPath.delete(path);
    if (this.byPath.size >= MAX_PATHS) {
      const oldest = this.byPath.keys().next();
      if (!oldest.done) this.byPath.delete(oldest.value);
    }
    const length = String(Buffer.byteLength(cached.body));
    this.byPath.set(path, {
      route,
      cached,
      ok: headList({ ...catalogueHeaders(cached, false), 'Content-Length': length }),
      notModified: headList(catalogueHeaders(cached, true)),
    });
  }

  /**
   * Answers a GET of a kept path whose answer is still current as the app would: the same status,
   * headers and body (a 304 to a matching If-None-Match), the request's id, its log line and its
   * metrics. Any other request is left to the app.
   */
  answerFirst(
    metrics: Metrics,
    log: Logger,
  ): (request: IncomingMessage, response: ServerResponse) => boolean {
    return (request, response) => {
      try {
        return this.answer(request, response, metrics, log);
      } catch (error) {
        // A fault here is ours, not the request's: the app answers it, unless an answer has begun.
        log.error({ err: error }, 'a repeat of a catalogue answer failed');
        if (!response.headersSent) return false;
        // Counting or logging an answer already sent failed: that answer stands.
        if (!response.writableEnded) response.destroy();
        return true;
      }
    };
  }

  private answer(
    request: IncomingMessage,
    response: ServerResponse,
    metrics: Metrics,
    log: Logger,
  ): boolean {
    if (request.method !== 'GET') return false;
    const path = request.url ?? '';
    const kept = this.byPath.get(path);
    if (!kept || !isPlainHost(request.headers.host)) return false;
    if (!this.cache.isCurrent(kept.cached)) {
      this.byPath.delete(path);
      return false;
    }
    const started = performance.now();
    const reqId = requestIdOf(request.headers['x-request-id'] as string | undefined);
    const notModified = isNotModified(request.headers['if-none-match'], kept.cached.etag);
    const status = notModified ? 304 : 200;
    response.writeHead(status, [
      ...(notModified ? kept.notModified : kept.ok),
      REQUEST_ID_HEADER,
      reqId,
    ]);
    response.end(notModified ? undefined : kept.cached.body);
    const seconds = (performance.now() - started) / 1000;
    countAnswer(metrics, { method: 'GET', route: kept.route, status, seconds });
    logAnswer(log, { reqId, method: 'GET', path, status, started });
    return true;
  }
}
