import type { Metrics } from '@campus/shared/server/metrics/metrics';
import type { Context, MiddlewareHandler } from 'hono';
import { matchedRoutes } from 'hono/route';
import type { AppEnv } from '../app-env';

/** The route label of requests no route of the api took (unknown paths under /api, other methods). */
const UNMATCHED_ROUTE = 'unmatched';

// Checkout, as checkoutRoutes mounts it: 201 places an order, 200 answers a repeat of one.
const CHECKOUT = { method: 'POST', route: '/api/orders' } as const;

const METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);

/** Counts and times one answer: `route` is its route pattern, `seconds` the time to answer. */
export function countAnswer(
  metrics: Metrics,
  answer: { method: string; route: string; status: number; seconds: number },
): void {
  const method = METHODS.has(answer.method) ? answer.method : 'OTHER';
  const { route, status } = answer;
  metrics.httpRequests.inc({ method, route, status: String(status) });
  metrics.httpDuration.observe({ method, route }, answer.seconds);
}

/**
 * The route pattern of the request (`/api/admin/orders/:id`), never its path: ids in a label would
 * make a series per order. A refusal by a middleware in front of a route (a body too large) counts
 * for that route; a request that no route took counts as UNMATCHED_ROUTE.
 */
function routeLabel(c: Context<AppEnv>): string {
  const routes = matchedRoutes(c);
  const index = c.req.routeIndex;
  const answered = routes[index];
  // Middlewares (app.use) and catch-alls (app.all) are registered for every method: 'ALL'.
  if (answered && answered.method !== 'ALL') return answered.path;
  const ahead = routes
    .slice(index + 1)
    .find((route) => route.method !== 'ALL' && !route.path.endsWith('*'));
  if (ahead) return ahead.path;
  return answered && c.res.status !== 404 ? answered.path : UNMATCHED_ROUTE;
}

/** The error code of a refused checkout's answer ({ error: { code } }), for its failure reason. */
async function failureReason(response: Response): Promise<string> {
  try {
    const body = (await response.clone().json()) as { error?: { code?: unknown } };
    if (typeof body.error?.code === 'string') return body.error.code;
  } catch {
    // Not the api's error shape: the status says what there is to say.
  }
  return `http-${response.status}`;
}

/**
 * Counts and times every answer by method, route pattern and status (campus_http_*), and counts
 * checkout's outcomes: orders placed, and failures by their error code. Mount it first, so that
 * refusals by the other middlewares count too.
 */
export function httpMetrics(metrics: Metrics): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const started = performance.now();
    await next();
    const seconds = (performance.now() - started) / 1000;
    const { method } = c.req;
    const route = routeLabel(c);
    const { status } = c.res;
    countAnswer(metrics, { method, route, status, seconds });
    if (method === CHECKOUT.method && route === CHECKOUT.route) {
      if (status === 201) metrics.ordersPlaced.inc();
      else if (status >= 400) {
        metrics.checkoutFailures.inc({ reason: await failureReason(c.res) });
      }
    }
  };
}
