import { CHECKOUT_STAGES } from '@campus/api/orders/checkout-stages';
import { PRICES_CHANGED_CODE } from '@campus/shared/domain/cart-prices';
import type { Database } from '@campus/shared/server/db/client';
import { createMailer } from '@campus/shared/server/mail/mailer';
import { countMails } from '@campus/shared/server/metrics/mailer-metrics';
import { createMetrics } from '@campus/shared/server/metrics/metrics';
import { countSheetWrites } from '@campus/shared/server/metrics/sheet-store-metrics';
import { openCheckedRedis } from '@campus/shared/server/redis';
import { createLocalSheetStore } from '@campus/shared/server/sheets/local-sheet-store';
import { startPipeline } from '@campus/worker/start-pipeline';
import type { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../support/app';
import { buildCampusTree } from '../../support/builders';
import { engine, openTestDatabase } from '../../support/database';
import { testLog } from '../../support/logger';
import { checkoutBody, postOrder, signedInStudent } from '../../support/orders';
import { createPerson } from '../../support/people';
import { testRedisUrl } from '../../support/redis';
import { signInCookie } from '../../support/session';
import { testWorkerDeps } from '../../support/worker';

const TOKEN = 'metrics-token-for-the-test-0123456789abcdef';

let database: Database;
let redis: Redis;
let workerRedis: Redis;
let tree: Awaited<ReturnType<typeof buildCampusTree>>;
// As the all-in-one process runs them: the api and the worker on one registry.
const metrics = createMetrics();
let testApp: ReturnType<typeof createTestApp>;
let superAdminCookie: string;

beforeAll(async () => {
  database = await openTestDatabase();
  redis = await openCheckedRedis(testRedisUrl(), 'producer', testLog);
  workerRedis = await openCheckedRedis(testRedisUrl(), 'worker', testLog);
  tree = await buildCampusTree(database.db, {
    restaurant: { is24x7: true },
    menuItem: { pricePaisa: 25_000 },
    martItem: { pricePaisa: 5_000, stock: 10 },
  });
  testApp = createTestApp({ database, redis, metrics, metricsToken: TOKEN });
  const superAdmin = await createPerson(database.db, 'superAdmin');
  superAdminCookie = await signInCookie(testApp.app, superAdmin.email, superAdmin.password);
});

afterAll(async () => {
  await testApp.close();
  redis.disconnect();
  workerRedis.disconnect();
  await database.close();
});

function scrape(headers: Record<string, string>, app = testApp.app) {
  return app.request('/metrics', { headers });
}

/** The value of one series of a Prometheus text exposition, or undefined when it is not there. */
function sample(text: string, name: string, labels: Record<string, string> = {}) {
  for (const line of text.split('\n')) {
    const match = /^([A-Za-z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!match || match[1] !== name) continue;
    const have = Object.fromEntries(
      [...(match[2] ?? '').matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)].map((m) => [m[1], m[2]]),
    );
    const wanted = Object.entries(labels);
    if (wanted.length === Object.keys(have).length && wanted.every(([k, v]) => have[k] === v)) {
      return Number(match[3]);
    }
  }
  return undefined;
}

async function scrapedWithToken() {
  const response = await scrape({ authorization: `Bearer ${TOKEN}` });
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toContain('text/plain; version=0.0.4');
  return response.text();
}

describe(`GET /metrics after orders on ${engine}`, () => {
  it('counts orders, checkout failures by reason and requests by route pattern; the worker’s jobs, sheet writes and mails follow', async () => {
    const buyer = await signedInStudent(testApp.app, database.db, tree.campus);
    const orderIds: string[] = [];
    for (let i = 0; i < 2; i++) {
      const body = await checkoutBody(testApp.app, tree, buyer.screenshot);
      const response = await postOrder(testApp.app, buyer.cookie, body);
      expect(response.status).toBe(201);
      orderIds.push(((await response.json()) as { orderId: string }).orderId);
    }
    const refused = await postOrder(
      testApp.app,
      buyer.cookie,
      await checkoutBody(testApp.app, tree, buyer.screenshot, { grandTotal: 0 }),
    );
    expect(refused.status).toBe(409);
    // An order's own page: its id must not become a label.
    const page = await testApp.app.request(`/api/orders/${orderIds[0]}`, {
      headers: { cookie: buyer.cookie },
    });
    expect(page.status).toBe(200);
    expect((await testApp.app.request('/api/no-such-route')).status).toBe(404);

    // No worker yet: both orders wait for their rows, and the queue holds their jobs.
    const before = await scrapedWithToken();
    expect(sample(before, 'campus_orders_placed_total')).toBe(2);
    expect(sample(before, 'campus_checkout_failures_total', { reason: PRICES_CHANGED_CODE })).toBe(
      1,
    );
    const checkout = { method: 'POST', route: '/api/orders' };
    expect(sample(before, 'campus_http_requests_total', { ...checkout, status: '201' })).toBe(2);
    expect(sample(before, 'campus_http_requests_total', { ...checkout, status: '409' })).toBe(1);
    expect(sample(before, 'campus_http_request_duration_seconds_count', checkout)).toBe(3);
    // Each stage counts the checkouts that got through it: the refused one stopped at its order.
    expect(
      CHECKOUT_STAGES.map((stage) =>
        sample(before, 'campus_checkout_stage_seconds_count', { stage }),
      ),
    ).toEqual([3, 3, 3, 3, 2, 2]);
    for (const stage of CHECKOUT_STAGES) {
      expect(sample(before, 'campus_checkout_stage_seconds_sum', { stage })).toBeGreaterThan(0);
    }
    expect(
      sample(before, 'campus_http_requests_total', {
        method: 'GET',
        route: '/api/orders/:id',
        status: '200',
      }),
    ).toBe(1);
    expect(
      sample(before, 'campus_http_requests_total', {
        method: 'GET',
        route: 'unmatched',
        status: '404',
      }),
    ).toBe(1);
    for (const id of orderIds) expect(before).not.toContain(id);
    expect(sample(before, 'campus_orders_without_sheet_row')).toBe(2);
    expect(sample(before, 'campus_oldest_order_without_sheet_row_seconds')).toBeGreaterThanOrEqual(
      0,
    );
    expect(sample(before, 'campus_outbox_waiting')).toBe(0);
    expect(
      sample(before, 'campus_queue_jobs', { queue: 'sheets', state: 'waiting' }),
    ).toBeGreaterThanOrEqual(1);
    expect(sample(before, 'campus_queue_failed_jobs', { queue: 'sheets' })).toBe(0);
    expect(sample(before, 'campus_metrics_source_up', { source: 'database' })).toBe(1);
    expect(sample(before, 'campus_metrics_source_up', { source: 'redis' })).toBe(1);

    // The worker runs on the same registry, as in the all-in-one process.
    const deps = testWorkerDeps({
      database,
      redis: workerRedis,
      prefix: testApp.prefix,
      sheets: countSheetWrites(createLocalSheetStore(database.db), metrics),
      mailer: countMails(
        createMailer({
          outboxDir: testApp.mailer.outboxDir ?? '',
          from: 'CampusBucket <no-reply@campus.test>',
          log: testLog,
        }),
        metrics,
      ),
    });
    const pipeline = startPipeline({
      connection: workerRedis,
      producer: testApp.producer,
      prefix: testApp.prefix,
      deps,
      metrics,
    });
    try {
      await expect
        .poll(
          async () => {
            const text = await scrapedWithToken();
            return {
              withoutRow: sample(text, 'campus_orders_without_sheet_row'),
              oldest: sample(text, 'campus_oldest_order_without_sheet_row_seconds'),
              // The student's confirmation and the campus admins' notice, per order.
              mailed: (sample(text, 'campus_mails_sent_total') ?? 0) >= 2,
            };
          },
          { timeout: 20_000, interval: 200 },
        )
        .toEqual({ withoutRow: 0, oldest: 0, mailed: true });
    } finally {
      await pipeline.close();
    }
    const after = await scrapedWithToken();
    expect(
      sample(after, 'campus_job_duration_seconds_count', {
        queue: 'sheets',
        job: 'append-order-row',
        outcome: 'completed',
      }),
    ).toBeGreaterThanOrEqual(1);
    expect(
      sample(after, 'campus_sheet_writes_total', { operation: 'append', result: 'ok' }),
    ).toBeGreaterThanOrEqual(1);
    expect(sample(after, 'campus_mail_failures_total')).toBe(0);
  });
});

describe(`who may read GET /metrics on ${engine}`, () => {
  it('a signed-in super admin, without a token', async () => {
    const response = await scrape({ cookie: superAdminCookie });
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(await response.text()).toContain('# TYPE campus_orders_placed_total counter');
  });

  it('not a student (403), nor someone signed out (401), nor a wrong token (401)', async () => {
    const student = await signedInStudent(testApp.app, database.db, tree.campus);
    const asStudent = await scrape({ cookie: student.cookie });
    expect(asStudent.status).toBe(403);
    expect(await asStudent.json()).toEqual({
      error: {
        code: 'permission-denied',
        message: 'Access denied. Super Admin privileges required.',
      },
    });
    const unauthenticated = {
      error: { code: 'unauthenticated', message: 'Authentication required. Please log in.' },
    };
    const signedOut = await scrape({});
    expect(signedOut.status).toBe(401);
    expect(await signedOut.json()).toEqual(unauthenticated);
    for (const authorization of [`Bearer ${TOKEN.slice(0, -1)}x`, `Basic ${TOKEN}`, 'Bearer']) {
      // A wrong token is refused even beside a super admin's session: it names its bearer.
      const wrong = await scrape({ authorization, cookie: superAdminCookie });
      expect(wrong.status, authorization).toBe(401);
      expect(await wrong.json()).toEqual(unauthenticated);
    }
  });

  it('with no METRICS_TOKEN configured, no token opens it; each app keeps its own registry', async () => {
    const untokened = createTestApp({ database, redis });
    try {
      const withToken = await scrape({ authorization: `Bearer ${TOKEN}` }, untokened.app);
      expect(withToken.status).toBe(401);
      const own = await scrape({ cookie: superAdminCookie }, untokened.app);
      expect(own.status).toBe(200);
      // Its own registry: none of the other app's orders.
      expect(sample(await own.text(), 'campus_orders_placed_total')).toBe(0);
    } finally {
      await untokened.close();
    }
  });
});
