import { randomBytes } from 'node:crypto';
import { inject } from 'vitest';

/** The real Redis of this run (see global-setup.ts). */
export function testRedisUrl(): string {
  return inject('redisUrl');
}

/** The start of every test queue prefix; the global teardown deletes keys that begin with it. */
export const TEST_QUEUE_PREFIX = 'campus-test-';

/** A queue prefix of one's own, so tests never see each other's jobs. */
export function testQueuePrefix(): string {
  return `${TEST_QUEUE_PREFIX}${randomBytes(6).toString('hex')}`;
}
