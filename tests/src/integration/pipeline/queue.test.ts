import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startRedisServer } from '@campus/shared/dev/redis-server';
import type { Database } from '@campus/shared/server/db/client';
import { createProducer } from '@campus/shared/server/queue';
import { connectRedis, openCheckedRedis } from '@campus/shared/server/redis';
import { processors } from '@campus/worker/processors';
import { startWorkers } from '@campus/worker/start-worker';
import { QueueEvents } from 'bullmq';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { engine, openTestDatabase } from '../../support/database';
import { testLog } from '../../support/logger';
import { testQueuePrefix, testRedisUrl } from '../../support/redis';
import { testWorkerDeps } from '../../support/worker';

let database: Database;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(async () => {
  await database.close();
});

describe(`queue loop on ${engine}`, () => {
  it('a ping enqueued by the api producer completes in the worker through real Redis', async () => {
    const prefix = testQueuePrefix();
    const producerRedis = await openCheckedRedis(testRedisUrl(), 'producer', testLog);
    const workerRedis = await openCheckedRedis(testRedisUrl(), 'worker', testLog);
    const producer = createProducer(producerRedis, prefix, testLog);
    const workers = startWorkers({
      connection: workerRedis,
      prefix,
      registry: processors,
      deps: testWorkerDeps({ database, redis: workerRedis, prefix }),
    });
    const events = new QueueEvents('system', {
      connection: connectRedis(testRedisUrl(), 'worker'),
      prefix,
    });
    try {
      await events.waitUntilReady();
      const requestedAt = new Date().toISOString();
      const { id } = await producer.enqueue('ping', { requestedAt }, { jobId: 'ping-test' });
      const job = await producer.queue('system').getJob(id);
      const result = await job?.waitUntilFinished(events, 10_000);
      expect(result).toMatchObject({ pong: true, requestedAt });
      expect(await job?.getState()).toBe('completed');
    } finally {
      await events.close();
      await workers.close();
      await producer.close();
      producerRedis.disconnect();
      workerRedis.disconnect();
    }
  });

  it('refuses a payload that breaks its schema before it reaches Redis', async () => {
    const producerRedis = await openCheckedRedis(testRedisUrl(), 'producer', testLog);
    const producer = createProducer(producerRedis, testQueuePrefix(), testLog);
    try {
      await expect(producer.enqueue('ping', { requestedAt: 'yesterday' })).rejects.toThrow();
      expect(await producer.queue('system').count()).toBe(0);
    } finally {
      await producer.close();
      producerRedis.disconnect();
    }
  });
});

describe('worker start-up', () => {
  it('refuses to start when a job name has no processor', async () => {
    const redis = await openCheckedRedis(testRedisUrl(), 'worker', testLog);
    try {
      expect(() =>
        startWorkers({
          connection: redis,
          prefix: testQueuePrefix(),
          registry: {} as typeof processors,
          deps: testWorkerDeps({ database, redis, prefix: testQueuePrefix() }),
        }),
      ).toThrow(
        'No processor registered for job(s): ping, append-order-row, notify-order, check-screenshot, notify-order-status, sync-order-status, create-sheet-tab, delete-sheet-tab, ensure-master-tab',
      );
    } finally {
      redis.disconnect();
    }
  });
});

describe('producer without Redis', () => {
  it('fails fast instead of hanging the request', async () => {
    // Nothing listens on port 1.
    const redis = connectRedis('redis://127.0.0.1:1', 'producer');
    redis.on('error', () => {});
    const producer = createProducer(redis, testQueuePrefix(), testLog);
    const started = Date.now();
    try {
      await expect(
        producer.enqueue('ping', { requestedAt: new Date().toISOString() }),
      ).rejects.toThrow();
      expect(Date.now() - started).toBeLessThan(5_000);
    } finally {
      await producer.close().catch(() => {});
      redis.disconnect();
    }
  });

  it('opening a Redis that does not answer names the address', async () => {
    await expect(openCheckedRedis('redis://127.0.0.1:1', 'producer', testLog)).rejects.toThrow(
      'Cannot reach Redis at redis://127.0.0.1:1',
    );
  });
});

describe('Redis eviction policy', () => {
  let dir: string;
  let lru: Awaited<ReturnType<typeof startRedisServer>>;
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'campus-lru-'));
    lru = await startRedisServer({ dir, maxmemoryPolicy: 'allkeys-lru' });
  });
  afterAll(async () => {
    await lru.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  it('a Redis that may evict keys is refused with the reason', async () => {
    await expect(openCheckedRedis(lru.url, 'worker', testLog)).rejects.toThrow(
      /maxmemory-policy allkeys-lru.*noeviction/s,
    );
  });
});
