import type { Database } from '@campus/shared/server/db/client';
import type { orderLines, orders, uploads } from '@campus/shared/server/db/schema';
import { openCheckedRedis } from '@campus/shared/server/redis';
import { count } from 'drizzle-orm';
import type { Redis } from 'ioredis';
import { afterAll, beforeAll } from 'vitest';
import { createTestApp } from './app';
import { buildCampusTree } from './builders';
import { openTestDatabase } from './database';
import { testLog } from './logger';
import { signedInStudent } from './orders';
import { testRedisUrl } from './redis';

// What the security tests attack: the real api over a test database, a campus whose restaurant
// is always open and a campus beside it, and a signed-in student of the first.

export interface AttackedApp {
  database: Database;
  redis: Redis;
  testApp: ReturnType<typeof createTestApp>;
  tree: Awaited<ReturnType<typeof buildCampusTree>>;
  otherTree: Awaited<ReturnType<typeof buildCampusTree>>;
  buyer: Awaited<ReturnType<typeof signedInStudent>>;
}

/** The app of the running test file, filled in by setUpAttackedApp() before its tests run. */
export const attacked = {} as AttackedApp;

/** Opens the app before the file's tests (beforeAll) and closes it after them (afterAll). */
export function setUpAttackedApp(): void {
  beforeAll(async () => {
    attacked.database = await openTestDatabase();
    attacked.redis = await openCheckedRedis(testRedisUrl(), 'producer', testLog);
    attacked.tree = await buildCampusTree(attacked.database.db, {
      restaurant: { is24x7: true },
      menuItem: { pricePaisa: 25_000 },
      martItem: { pricePaisa: 5_000, stock: 50 },
    });
    attacked.otherTree = await buildCampusTree(attacked.database.db, {
      restaurant: { is24x7: true },
    });
    attacked.testApp = createTestApp({ database: attacked.database, redis: attacked.redis });
    attacked.buyer = await signedInStudent(
      attacked.testApp.app,
      attacked.database.db,
      attacked.tree.campus,
    );
  });

  afterAll(async () => {
    await attacked.testApp.close();
    attacked.redis.disconnect();
    await attacked.database.close();
  });
}

/** How many rows the table has. */
export async function rows(table: typeof orders | typeof orderLines | typeof uploads) {
  const [row] = await attacked.database.db.select({ n: count() }).from(table);
  return row?.n ?? 0;
}

type ErrorBody = { code: string; message: string; fields?: Record<string, string> };

export async function errorBodyOf(response: Response) {
  return ((await response.json()) as { error: ErrorBody }).error;
}

export async function errorOf(response: Response) {
  return (await errorBodyOf(response)).message;
}
