import { randomBytes } from 'node:crypto';
import type { Redis } from 'ioredis';
import { inject } from 'vitest';

/** The real Redis of this run (see global-setup.ts). */
export function testRedisUrl(): string {
  return inject('redisUrl');
}

/** The start of every test queue prefix (then the run's id: global-setup.ts). */
export const TEST_QUEUE_PREFIX = 'campus-test-';

/**
 * A queue prefix of one's own, so tests never see each other's jobs; it starts with the run's
 * prefix, whose keys the global teardown deletes.
 */
export function testQueuePrefix(): string {
  return `${inject('queueRunPrefix')}${randomBytes(6).toString('hex')}`;
}

/** Deletes every key under a test's prefix (queues, limits, the event log) once it is done. */
export async function removeKeysOf(redis: Redis, prefix: string): Promise<void> {
  let cursor = '0';
  do {
    const [next, keys] = await redis.scan(cursor, 'MATCH', `${prefix}:*`, 'COUNT', 1000);
    cursor = next;
    if (keys.length > 0) await redis.unlink(...keys);
  } while (cursor !== '0');
}
