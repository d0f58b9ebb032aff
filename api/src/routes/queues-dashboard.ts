import { createBullBoard } from '@bull-board/api';
import { BullMQAdapter } from '@bull-board/api/bullMQAdapter';
import { HonoAdapter } from '@bull-board/hono';
import { QUEUES_DASHBOARD_PATH } from '@campus/shared/domain/operations-api';
import { QUEUE_NAMES } from '@campus/shared/server/jobs';
import type { Producer } from '@campus/shared/server/queue';
import { serveStatic } from '@hono/node-server/serve-static';
import { Hono } from 'hono';
import type { AppEnv } from '../app-env';
import type { Guards } from '../auth/guards';

// Where operators see every queue, its failed jobs and replay them (docs/architecture.md §3.5).
export { QUEUES_DASHBOARD_PATH };

/** bull-board over every queue, for super admins only. */
export function queuesDashboardRoutes(producer: Producer, guards: Guards) {
  const serverAdapter = new HonoAdapter(serveStatic);
  serverAdapter.setBasePath(QUEUES_DASHBOARD_PATH);
  createBullBoard({
    queues: QUEUE_NAMES.map((name) => new BullMQAdapter(producer.queue(name))),
    serverAdapter,
    options: { uiConfig: { boardTitle: 'CampusBucket jobs' } },
  });
  return new Hono<AppEnv>()
    .use(guards.requireRole('superAdmin'))
    .route('/', serverAdapter.registerPlugin());
}
