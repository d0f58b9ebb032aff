import type { Db } from '@campus/shared/server/db/client';
import type { Metrics } from '@campus/shared/server/metrics/metrics';
import { bearerToken, isMetricsToken } from '@campus/shared/server/metrics/metrics-token';
import { registerPipelineGauges } from '@campus/shared/server/metrics/pipeline-gauges';
import type { Producer } from '@campus/shared/server/queue';
import { Hono } from 'hono';
import type { Logger } from 'pino';
import type { AppEnv } from '../app-env';
import { assertRole, type Guards } from '../auth/guards';
import { unauthenticated } from '../http/errors';
import { noStore } from '../http/no-store';

/**
 * GET /metrics for Prometheus (docs/product.md §10): the process's registry, with the order
 * pipeline's gauges read at scrape time. A scraper sends `Authorization: Bearer <METRICS_TOKEN>`: a
 * wrong token (or a token while none is configured) is a 401. Without one, a signed-in super admin
 * may read it; anyone else signed in gets the 403 of the super admin pages, someone signed out a
 * 401.
 */
export function metricsRoutes(
  deps: { metrics: Metrics; token: string | null; db: Db; producer: Producer; log: Logger },
  guards: Guards,
) {
  const { registry } = deps.metrics;
  registerPipelineGauges(deps.metrics, { db: deps.db, queue: deps.producer.queue, log: deps.log });
  return new Hono<AppEnv>().get('/metrics', noStore, async (c) => {
    const authorization = c.req.header('authorization');
    if (authorization !== undefined) {
      if (!isMetricsToken(bearerToken(authorization), deps.token)) throw unauthenticated();
    } else {
      assertRole(await guards.signedInUser(c), 'superAdmin');
    }
    return c.body(await registry.metrics(), 200, { 'Content-Type': registry.contentType });
  });
}
