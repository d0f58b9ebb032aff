import { ORDER_SHEET_HEADER } from '@campus/shared/domain/order';
import type { Database } from '@campus/shared/server/db/client';
import { openCheckedRedis } from '@campus/shared/server/redis';
import { guardSheetStore } from '@campus/shared/server/sheets/guarded-sheet-store';
import {
  createLocalSheetStore,
  type LocalSheetStore,
} from '@campus/shared/server/sheets/local-sheet-store';
import { SheetStoreError } from '@campus/shared/server/sheets/sheet-store';
import type { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../support/app';
import { engine, openTestDatabase } from '../../support/database';
import { testLog } from '../../support/logger';
import { createPerson } from '../../support/people';
import { testQueuePrefix, testRedisUrl } from '../../support/redis';
import { signInCookie } from '../../support/session';

// The tab lock and the write budget are the sheet port's, not the worker's: the operators'
// POST /api/sheets/orders/:tab takes them as a worker does, on the same Redis keys.

let database: Database;
let redis: Redis;
let local: LocalSheetStore;
const opened: Array<ReturnType<typeof createTestApp>> = [];

beforeAll(async () => {
  database = await openTestDatabase();
  redis = await openCheckedRedis(testRedisUrl(), 'producer', testLog);
  local = createLocalSheetStore(database.db);
});

afterAll(async () => {
  for (const test of opened) await test.close();
  redis.disconnect();
  await database.close();
});

async function operatorApp(options: { prefix: string; sheetWritesPerMinute?: number }) {
  const test = createTestApp({ database, redis, ...options });
  opened.push(test);
  const person = await createPerson(database.db, 'superAdmin', null);
  const cookie = await signInCookie(test.app, person.email, person.password);
  const tab = `Guards_${crypto.randomUUID().slice(0, 8)}`;
  await local.ensureTab(tab, ORDER_SHEET_HEADER);
  const append = (text: string) =>
    test.app.request(`/api/sheets/orders/${tab}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie },
      body: JSON.stringify({ values: [[text]] }),
    });
  const firstCells = async () =>
    ((await local.readTab(tab))?.rows ?? []).map((row) => String(row[0]));
  return { tab, append, firstCells };
}

describe(`the sheet port's guarantees on ${engine}`, () => {
  it("an operator's append waits for the worker that holds the tab", async () => {
    const prefix = testQueuePrefix();
    const operator = await operatorApp({ prefix });
    const worker = guardSheetStore(local, { redis, prefix, writesPerMinute: 600 });
    let answered: Response | Promise<Response> | undefined;
    await worker.withTab(operator.tab, async () => {
      answered = operator.append('from the operator');
      // Long enough for an append that ignored the lock to land first.
      await new Promise((resolve) => setTimeout(resolve, 500));
      expect(await operator.firstCells()).toEqual([]);
      await worker.appendRows(operator.tab, [['from the worker']]);
    });
    expect((await answered)?.status).toBe(200);
    expect(await operator.firstCells()).toEqual(['from the worker', 'from the operator']);
  });

  it("an operator's appends spend the budget every worker shares, and over it are refused", async () => {
    const prefix = testQueuePrefix();
    const operator = await operatorApp({ prefix, sheetWritesPerMinute: 2 });
    expect((await operator.append('one')).status).toBe(200);
    expect((await operator.append('two')).status).toBe(200);
    const refused = await operator.append('three');
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    // A worker on the same Redis finds the minute's writes spent too.
    const worker = guardSheetStore(local, { redis, prefix, writesPerMinute: 2 });
    const error = await worker.appendRows(operator.tab, [['four']]).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(SheetStoreError);
    expect(error).toMatchObject({ failure: 'rate-limited', wroteNothing: true });
    expect(await operator.firstCells()).toEqual(['one', 'two']);
  });
});
