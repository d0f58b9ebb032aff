import { publishCatalogueInvalidation } from '@campus/shared/server/catalogue/sync';
import { databaseNow } from '@campus/shared/server/db/database-now';
import { releaseExpiredQuotes } from '@campus/shared/server/quotes/release-quotes';
import type { Redis } from 'ioredis';
import type { WorkerDeps } from './job-context';

/**
 * The upkeep's part for quotes (docs/decisions/025-held-quote.md): gives back the mart stock of
 * quotes held past their time, and tells the api replicas that those campuses' stock changed.
 */
export async function releaseHeldQuotes(
  deps: WorkerDeps,
  redis: Redis,
  queuePrefix: string,
): Promise<void> {
  const { db } = deps.database;
  const campuses = await releaseExpiredQuotes(db, await databaseNow(db));
  for (const campusId of campuses) {
    await publishCatalogueInvalidation(redis, queuePrefix, {
      origin: 'worker',
      scope: { kind: 'mart-items', campusId },
    }).catch((error: unknown) =>
      deps.log.warn({ err: error, campusId }, 'stock cache not refreshed after released quotes'),
    );
  }
  if (campuses.length > 0) deps.log.info({ campuses }, 'expired quotes gave their stock back');
}
