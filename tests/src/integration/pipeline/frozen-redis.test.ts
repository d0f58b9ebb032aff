import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type LocalRedis, startRedisServer } from '@campus/shared/dev/redis-server';
import type { Database } from '@campus/shared/server/db/client';
import { outbox } from '@campus/shared/server/db/schema';
import { JOBS, type JobName } from '@campus/shared/server/jobs';
import { relayOutboxOnce } from '@campus/shared/server/outbox';
import { openCheckedRedis, REDIS_PAUSED_MESSAGE } from '@campus/shared/server/redis';
import { like } from 'drizzle-orm';
import type { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../support/app';
import { buildCampusTree } from '../../support/builders';
import { engine, openTestDatabase } from '../../support/database';
import { testLog } from '../../support/logger';
import { checkoutBody, postOrder, signedInStudent } from '../../support/orders';

// Short enough for a test; production skips Redis for DEFAULT_REDIS_PAUSE_MS.
const PAUSE_MS = 3_000;

let dir: string;
let localRedis: LocalRedis;
let redisPid: number;
let redis: Redis;
let database: Database;
let testApp: ReturnType<typeof createTestApp>;
let tree: Awaited<ReturnType<typeof buildCampusTree>>;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'campus-frozen-redis-'));
  localRedis = await startRedisServer({ dir });
  redisPid = Number(readFileSync(join(dir, 'redis.pid'), 'utf8'));
  redis = await openCheckedRedis(localRedis.url, 'producer', testLog, { pauseMs: PAUSE_MS });
  database = await openTestDatabase();
  tree = await buildCampusTree(database.db, {
    restaurant: { is24x7: true },
    martItem: { stock: 100 },
  });
  testApp = createTestApp({ database, redis });
});

afterAll(async () => {
  process.kill(redisPid, 'SIGCONT');
  await testApp.close();
  redis.disconnect();
  await database.close();
  await localRedis.stop();
  rmSync(dir, { recursive: true, force: true });
});

async function readyCheckout() {
  const buyer = await signedInStudent(testApp.app, database.db, tree.campus);
  return { cookie: buyer.cookie, body: await checkoutBody(testApp.app, tree, buyer.screenshot) };
}

async function place(checkout: Awaited<ReturnType<typeof readyCheckout>>): Promise<string> {
  const response = await postOrder(testApp.app, checkout.cookie, checkout.body);
  expect(response.status).toBe(201);
  return ((await response.json()) as { orderId: string }).orderId;
}

function outboxOf(orderId: string) {
  return database.db
    .select()
    .from(outbox)
    .where(like(outbox.jobId, `order-${orderId}-%`))
    .orderBy(outbox.id);
}

describe(`checkout while Redis is frozen, on ${engine}`, () => {
  it('waits for one timeout, then skips Redis for a while: the orders are taken and their jobs follow once Redis answers', async () => {
    const checkouts = await Promise.all([1, 2, 3, 4].map(() => readyCheckout()));
    let pauses = 0;
    redis.on('paused', () => {
      pauses += 1;
    });

    // Connected but answering nothing, as a hung or swapping Redis.
    process.kill(redisPid, 'SIGSTOP');
    const frozenOrders: string[] = [];
    for (const checkout of checkouts.slice(0, 3)) frozenOrders.push(await place(checkout));
    // The first checkout's rate limit waited for the timeout; nothing after it asked Redis.
    expect(pauses).toBe(1);
    for (const orderId of frozenOrders) {
      const rows = await outboxOf(orderId);
      expect(rows.length).toBeGreaterThan(0);
      expect(rows.every((row) => row.enqueuedAt === null)).toBe(true);
      // The first job met the skipped Redis; the rest were left to the relay without asking.
      expect(rows[0]?.lastError).toBe(REDIS_PAUSED_MESSAGE);
    }

    process.kill(redisPid, 'SIGCONT');
    await new Promise((resolve) => setTimeout(resolve, PAUSE_MS));
    // After the pause Redis is asked again: the next order's jobs go straight to the queue...
    const [lastCheckout] = checkouts.slice(3);
    if (!lastCheckout) throw new Error('four checkouts were prepared');
    const afterward = await outboxOf(await place(lastCheckout));
    expect(afterward.every((row) => row.enqueuedAt instanceof Date)).toBe(true);
    expect(pauses).toBe(1);
    // ...and the relay sends what the frozen minutes left behind.
    await relayOutboxOnce(database.db, testApp.producer, testLog, { minAgeMs: 0 });
    for (const orderId of frozenOrders) {
      const rows = await outboxOf(orderId);
      expect(rows.every((row) => row.enqueuedAt instanceof Date)).toBe(true);
      for (const row of rows) {
        const queue = testApp.producer.queue(JOBS[row.jobName as JobName].queue);
        expect(await queue.getJob(row.jobId)).toBeTruthy();
      }
    }
  });
});

describe(`GET /metrics while Redis is frozen, on ${engine}`, () => {
  it('answers after its short timeout with the database figures and without the queue figures', async () => {
    const token = 'metrics-token-for-the-test-0123456789abcdef';
    const scraped = createTestApp({ database, redis, metricsToken: token });
    process.kill(redisPid, 'SIGSTOP');
    try {
      const response = await scraped.app.request('/metrics', {
        headers: { authorization: `Bearer ${token}` },
      });
      expect(response.status).toBe(200);
      const text = await response.text();
      expect(text).toMatch(/^campus_metrics_source_up\{source="redis"\} 0$/m);
      expect(text).toMatch(/^campus_metrics_source_up\{source="database"\} 1$/m);
      expect(text).toMatch(/^campus_orders_without_sheet_row \d+$/m);
      expect(text).not.toMatch(/^campus_queue_jobs\{/m);
      expect(text).not.toMatch(/^campus_queue_failed_jobs\{/m);
    } finally {
      process.kill(redisPid, 'SIGCONT');
      await scraped.close();
    }
  });
});
