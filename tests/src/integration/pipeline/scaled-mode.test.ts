import { freePort } from '@campus/shared/dev/free-port';
import { createProducer } from '@campus/shared/server/queue';
import { connectRedis, openCheckedRedis } from '@campus/shared/server/redis';
import { QueueEvents } from 'bullmq';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_AUTH_SECRET } from '../../support/app';
import { engine, openTestDatabase } from '../../support/database';
import { testLog } from '../../support/logger';
import { spawnEntry } from '../../support/process';
import { testQueuePrefix, testRedisUrl } from '../../support/redis';

// Separate api and worker processes need PostgreSQL, so this runs in the PostgreSQL project only.
describe.runIf(engine === 'postgres')('scaled mode: api and worker as their own processes', () => {
  let databaseUrl: string;
  let closeDatabase: () => Promise<void>;
  beforeAll(async () => {
    const database = await openTestDatabase();
    databaseUrl = database.url as string;
    closeDatabase = database.close;
  });
  afterAll(async () => {
    await closeDatabase();
  });

  it('a ping enqueued through Redis is answered by the worker process; both stop on SIGTERM', async () => {
    const prefix = testQueuePrefix();
    const port = await freePort();
    const common = {
      DATABASE_URL: databaseUrl,
      REDIS_URL: testRedisUrl(),
      QUEUE_PREFIX: prefix,
      LOG_LEVEL: 'info',
    };
    const worker = spawnEntry('worker/src/main.ts', common);
    const api = spawnEntry('api/src/main.ts', {
      ...common,
      PORT: String(port),
      HOST: '127.0.0.1',
      AUTH_SECRET: TEST_AUTH_SECRET,
    });
    const redis = await openCheckedRedis(testRedisUrl(), 'producer', testLog);
    const producer = createProducer(redis, prefix, testLog);
    const events = new QueueEvents('system', {
      connection: connectRedis(testRedisUrl(), 'worker'),
      prefix,
    });
    try {
      await worker.waitFor(/"msg":"worker started"/, 60_000);
      await api.waitFor(/"msg":"api listening"/, 60_000);
      const ready = await fetch(`http://127.0.0.1:${port}/readyz`);
      expect(ready.status).toBe(200);

      await events.waitUntilReady();
      const requestedAt = new Date().toISOString();
      const { id } = await producer.enqueue('ping', { requestedAt });
      const job = await producer.queue('system').getJob(id);
      expect(await job?.waitUntilFinished(events, 15_000)).toMatchObject({
        pong: true,
        requestedAt,
      });
      // The log line travels through the child's stdout, which may trail the completion event.
      await worker.waitFor(/"msg":"ping received"/, 5_000);
    } finally {
      await events.close();
      await producer.close();
      redis.disconnect();
      worker.child.kill('SIGTERM');
      api.child.kill('SIGTERM');
    }
    expect(await worker.exited).toBe(0);
    expect(await api.exited).toBe(0);
  }, 120_000);

  it('an api process without DATABASE_URL refuses to start and says why', async () => {
    const api = spawnEntry('api/src/main.ts', { REDIS_URL: testRedisUrl(), LOG_LEVEL: 'info' });
    expect(await api.exited).toBe(1);
    expect(api.output()).toContain('needs DATABASE_URL');
  }, 30_000);

  it('an api process without AUTH_SECRET refuses to start and says why', async () => {
    const api = spawnEntry('api/src/main.ts', {
      DATABASE_URL: databaseUrl,
      REDIS_URL: testRedisUrl(),
      LOG_LEVEL: 'info',
    });
    expect(await api.exited).toBe(1);
    expect(api.output()).toContain('needs AUTH_SECRET');
  }, 30_000);
});
