import { Hono } from 'hono';
import { streamSSE } from 'hono/streaming';
import type { AppEnv } from '../app-env';
import type { Guards } from '../auth/guards';
import type { LiveEvents } from '../events/live-events';

// What keeps an event stream flowing through proxies: no caching or transforming (compression
// would hold events back), nginx told not to buffer, and the connection closed with the stream,
// so a replica that stops is not held open by a connection the browser would reuse.
const STREAM_HEADERS = {
  'Cache-Control': 'no-cache, no-transform',
  'X-Accel-Buffering': 'no',
  Connection: 'close',
} as const;

/**
 * GET /api/events: the signed-in person's live events (docs/architecture.md §8) as Server-Sent
 * Events, resumed after the Last-Event-ID header a reconnecting browser sends. 401 signed out; 429
 * past the open streams one person may hold; 503 without Redis (the page polls instead). It ends
 * when the session does or its rights change (a revoke, or the session read again at each
 * heartbeat).
 */
export function eventRoutes(events: LiveEvents, guards: Guards) {
  return new Hono<AppEnv>().get('/', async (c) => {
    const user = await guards.signedInUser(c);
    const session = new Headers({ cookie: c.req.header('cookie') ?? '' });
    const stream = await events.open(user, c.req.header('last-event-id'), () =>
      guards.sessionProfile(session),
    );
    const response = streamSSE(c, (sink) => stream.run(sink));
    for (const [name, value] of Object.entries(STREAM_HEADERS)) response.headers.set(name, value);
    return response;
  });
}
