import type { CatalogueCache } from '@campus/shared/server/catalogue/cache';
import type { Db } from '@campus/shared/server/db/client';
import type { Producer } from '@campus/shared/server/queue';
import type { Logger } from 'pino';

/** What the admin use cases use: the database, the queue (tab jobs) and the storefront's cache. */
export interface AdminDeps {
  db: Db;
  producer: Producer;
  catalogue: CatalogueCache;
}

/** A use case that queues jobs after commit also logs what the queue did, with the request. */
export type TabJobDeps = AdminDeps & { log: Logger };
