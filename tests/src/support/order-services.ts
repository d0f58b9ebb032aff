import { CatalogueCache } from '@campus/shared/server/catalogue/cache';
import { databaseCatalogueSource } from '@campus/shared/server/catalogue/queries';
import { createOrderEventPublisher } from '@campus/shared/server/events/order-events';
import { createProducer } from '@campus/shared/server/queue';
import { openCheckedRedis } from '@campus/shared/server/redis';
import { TEST_PAY_TO } from './app';
import { openTestDatabase } from './database';
import { testLog } from './logger';
import { testQueuePrefix, testRedisUrl } from './redis';
import { removeKeysOf } from './redis-keys';

/**
 * What the order use cases (checkout, status changes) run on in a test file: a test database, the
 * test Redis under a queue prefix of its own with a producer and the live-event publisher, and the
 * storefront's catalogue cache. `close()` removes the prefix's keys.
 */
export async function openOrderServices() {
  const database = await openTestDatabase();
  const redis = await openCheckedRedis(testRedisUrl(), 'producer', testLog);
  const prefix = testQueuePrefix();
  const producer = createProducer(redis, prefix, testLog);
  const events = createOrderEventPublisher({ redis, prefix, log: testLog });
  const catalogue = new CatalogueCache(databaseCatalogueSource(database.db));
  return {
    database,
    redis,
    prefix,
    producer,
    events,
    catalogue,
    payToDefault: TEST_PAY_TO,
    async close() {
      await producer.close();
      await removeKeysOf(redis, prefix);
      redis.disconnect();
      await database.close();
    },
  };
}

export type OrderServices = Awaited<ReturnType<typeof openOrderServices>>;
