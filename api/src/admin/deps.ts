import type { CatalogueCache } from '@campus/shared/server/catalogue/cache';
import type { Db } from '@campus/shared/server/db/client';
import type { Producer } from '@campus/shared/server/queue';

/** What the admin routes use: the database, the queue (tab jobs) and the storefront's cache. */
export interface AdminDeps {
  db: Db;
  producer: Producer;
  catalogue: CatalogueCache;
}
