import { randomBytes } from 'node:crypto';
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
