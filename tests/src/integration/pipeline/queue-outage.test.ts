import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from '@campus/shared/dev/free-port';
import { type LocalRedis, startRedisServer } from '@campus/shared/dev/redis-server';
import type { Database } from '@campus/shared/server/db/client';
import { outbox } from '@campus/shared/server/db/schema';
import { relayOutboxOnce } from '@campus/shared/server/outbox';
import { createProducer } from '@campus/shared/server/queue';
import { connectRedis, openCheckedRedis } from '@campus/shared/server/redis';
import { isNull } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { engine, openTestDatabase } from '../../support/database';
import { testLog } from '../../support/logger';
import { testQueuePrefix, testRedisUrl } from '../../support/redis';

// The outbox relay's queues when Redis was away as they were made (a worker started during an
// outage), and a row that never enqueues.

let database: Database;

beforeAll(async () => {
  database = await openTestDatabase();
});
beforeEach(async () => {
  await database.db.delete(outbox);
});
afterAll(async () => {
  await database?.close();
});

const validPing = () => ({ requestedAt: new Date().toISOString() });

/** Outbox rows of ping jobs written a minute ago, a second apart, in this order. */
async function pingRows(jobIds: string[], payloadOf: (id: string) => unknown = validPing) {
  const minuteAgo = Date.now() - 60_000;
  await database.db.insert(outbox).values(
    jobIds.map((jobId, index) => ({
      jobName: 'ping',
      jobId,
      payload: payloadOf(jobId),
      createdAt: new Date(minuteAgo + index * 1_000),
    })),
  );
}

const pendingIds = async () =>
  (await database.db.select().from(outbox).where(isNull(outbox.enqueuedAt))).map((r) => r.jobId);

describe(`queues and the outbox relay through a Redis outage, on ${engine}`, () => {
  let dir: string;
  let localRedis: LocalRedis | undefined;
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'campus-queue-outage-'));
  });
  afterAll(async () => {
    await localRedis?.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  it('a producer made while Redis is down enqueues every job once Redis is up', async () => {
    const port = await freePort();
    const connection = connectRedis(`redis://127.0.0.1:${port}`, 'producer');
    connection.on('error', () => {});
    const producer = createProducer(connection, testQueuePrefix(), testLog);
    try {
      const ids = ['outage-1', 'outage-2', 'outage-3'];
      await pingRows(ids);
      expect(await relayOutboxOnce(database.db, producer, testLog, { minAgeMs: 0 })).toBe(0);
      expect(await pendingIds()).toEqual(ids);

      localRedis = await startRedisServer({ dir, port });
      await vi.waitFor(
        async () => {
          await relayOutboxOnce(database.db, producer, testLog, { minAgeMs: 0 });
          expect(await pendingIds()).toEqual([]);
        },
        { timeout: 15_000, interval: 250 },
      );
      for (const id of ids) {
        expect((await producer.queue('system').getJob(id))?.name).toBe('ping');
      }
    } finally {
      await producer.close();
      connection.disconnect();
    }
  }, 30_000);

  it('the relay goes past a row that keeps failing, to the rows behind it', async () => {
    const redis = await openCheckedRedis(testRedisUrl(), 'producer', testLog);
    const producer = createProducer(redis, testQueuePrefix(), testLog);
    try {
      // The oldest row can never be a job (its payload is not a ping's).
      await pingRows(['broken', 'good-1', 'good-2'], (id) =>
        id === 'broken' ? { requestedAt: 'not a time' } : validPing(),
      );
      const relayOne = () =>
        relayOutboxOnce(database.db, producer, testLog, { minAgeMs: 0, batch: 1 });
      expect(await relayOne()).toBe(0);
      expect(await relayOne()).toBe(1);
      expect(await relayOne()).toBe(1);
      expect(await pendingIds()).toEqual(['broken']);
    } finally {
      await producer.close();
      redis.disconnect();
    }
  });
});
