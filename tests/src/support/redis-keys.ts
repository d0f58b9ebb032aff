import type { Redis } from 'ioredis';

// Removing what tests leave in Redis. Free of Vitest, so Playwright's teardown uses it too.

/** Deletes every key matching a SCAN pattern. */
export async function removeKeysMatching(redis: Redis, pattern: string): Promise<void> {
  let cursor = '0';
  do {
    const [next, keys] = await redis.scan(cursor, 'MATCH', pattern, 'COUNT', 1000);
    cursor = next;
    if (keys.length > 0) await redis.unlink(...keys);
  } while (cursor !== '0');
}

/** Deletes every key under a test's prefix (queues, limits, the event log) once it is done. */
export function removeKeysOf(redis: Redis, prefix: string): Promise<void> {
  return removeKeysMatching(redis, `${prefix}:*`);
}
