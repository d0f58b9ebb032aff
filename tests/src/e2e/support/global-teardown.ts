import { DEFAULT_REDIS_URL } from '@campus/shared/server/redis';
import { Redis } from 'ioredis';
import { removeKeysMatching } from '../../support/redis-keys';

// The browser tests' servers keep their jobs and event logs in Redis under campus-test-e2e-<port>
// (playwright.config.ts) and campus-test-e2e-firebase-<port> (firebase-import.spec.ts): removed
// here once every test is done. A Redis such a server started itself went with its data folder.
const E2E_KEYS = 'campus-test-e2e-*:*';

export default async function removeE2eKeys(): Promise<void> {
  const redis = new Redis(process.env.REDIS_URL ?? DEFAULT_REDIS_URL, {
    lazyConnect: true,
    maxRetriesPerRequest: 1,
    retryStrategy: () => null,
  });
  redis.on('error', () => {});
  try {
    await redis.connect();
  } catch {
    return; // No Redis answers: the servers ran on their own, which is gone.
  }
  try {
    await removeKeysMatching(redis, E2E_KEYS);
  } finally {
    redis.disconnect();
  }
}
