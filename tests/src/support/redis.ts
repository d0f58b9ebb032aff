import { randomBytes } from 'node:crypto';
import { inject } from 'vitest';

/** The real Redis of this run (see global-setup.ts). */
export function testRedisUrl(): string {
  return inject('redisUrl');
}

/** A queue prefix of one's own, so tests never see each other's jobs. */
export function testQueuePrefix(): string {
  return `test-${randomBytes(6).toString('hex')}`;
}
