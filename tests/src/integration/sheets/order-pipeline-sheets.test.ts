import { placeOrder } from '@campus/api/orders/place-order';
import type { TUserProfile } from '@campus/shared/domain/entities';
import { ORDER_SHEET_HEADER } from '@campus/shared/domain/order';
import { orderSheetRow } from '@campus/shared/domain/order-sheet-row';
import { sheetTabName } from '@campus/shared/domain/sheet-tab';
import type { Database } from '@campus/shared/server/db/client';
import { orders } from '@campus/shared/server/db/schema';
import { JOBS, orderJobId, placedOrderJobs } from '@campus/shared/server/jobs';
import { enqueueOutboxJobs, relayOutboxOnce } from '@campus/shared/server/outbox';
import { createProducer, type Producer } from '@campus/shared/server/queue';
import { connectRedis, openCheckedRedis } from '@campus/shared/server/redis';
import { createGoogleSheetStore } from '@campus/shared/server/sheets/google-sheet-store';
import { reviveStaleOrderJobs, STALE_ORDER_MS } from '@campus/worker/revive-order-jobs';
import { startPipeline } from '@campus/worker/start-pipeline';
import { Worker } from 'bullmq';
import { and, eq, inArray, isNotNull, isNull, type SQL, sql } from 'drizzle-orm';
import type { Redis } from 'ioredis';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, TEST_PUBLIC_URL } from '../../support/app';
import { buildCampusTree } from '../../support/builders';
import { engine, openTestDatabase } from '../../support/database';
import { testLog } from '../../support/logger';
import {
  buildOrderingStudent,
  checkoutBody,
  martLine,
  menuLine,
  postOrder,
  shownGrandTotal,
  signedInStudent,
} from '../../support/orders';
import { waitForDrainedQueue, waitForEveryJobTried } from '../../support/queues';
import { testQueuePrefix, testRedisUrl } from '../../support/redis';
import { type SheetsStandIn, startSheetsStandIn } from '../../support/sheets-stand-in';
import { testWorkerDeps } from '../../support/worker';

// The order pipeline against a stand-in of Google's Sheets v4 API (docs/architecture.md §3.4):
// quota, 429s, 5xx, timeouts and answers lost after the write. Reconciled by order id: every order
// has exactly one row.

const TOKEN = 'stand-in-token';
let database: Database;
let tree: Awaited<ReturnType<typeof buildCampusTree>>;
let student: TUserProfile;
let screenshotId: string;
const closers: Array<() => Promise<unknown>> = [];

beforeAll(async () => {
  database = await openTestDatabase();
  tree = await buildCampusTree(database.db, { martItem: { stock: 1_000_000 } });
  ({ student, screenshotId } = await buildOrderingStudent(database.db, tree));
});

afterEach(async () => {
  for (const close of closers.splice(0).reverse()) await close();
});

afterAll(async () => {
  await database.close();
});

/**
 * Places an order as checkout does (service, then enqueue after commit), at the main test campus
 * or another one.
 */
async function place(producer: Producer, n: number, at = tree): Promise<string> {
  const buyer = { ...student, universityId: at.university.id, campusId: at.campus.id };
  const cartItems = [menuLine(at, 1 + (n % 3)), martLine(at, 1)];
  const persons = 1 + (n % 4);
  const { orderId } = await placeOrder(database.db, buyer, {
    idempotencyKey: crypto.randomUUID(),
    cartItems,
    firstName: `Buyer${n}`,
    lastName: 'Khan',
    room: `Room ${n}`,
    phone: '0300-1234567',
    email: student.email,
    persons,
    specialInstruction: n % 5 === 0 ? `=SUM(A1:A9) note ${n}` : '',
    universityId: at.university.id,
    campusId: at.campus.id,
    accountTitle: 'Test Student',
    bankName: 'HBL',
    screenshot: screenshotId,
    captcha: 'checked by the route',
    grandTotal: shownGrandTotal(cartItems, persons),
  });
  await enqueueOutboxJobs(
    database.db,
    producer,
    placedOrderJobs(orderId, null).map((job) => job.jobId),
    testLog,
  );
  return orderId;
}

/**
 * Every order's Payment Reference cell taken as written, for a test that counts the upkeep's
 * revivals of the other jobs: an earlier test's set-aside row waits a minute to look again, and a
 * row appended while the upkeep runs would have its reference job revived in the same sweep.
 */
async function referencesTakenAsWritten(): Promise<void> {
  await database.db.update(orders).set({ sheetPaymentReference: sql`${orders.paymentReference}` });
}

/** The orders of `placed` whose row is in its tab but whose Payment Reference cell is not yet. */
async function referencesBehind(placed: readonly string[]): Promise<number> {
  return ordersWhere(
    and(
      inArray(orders.id, [...placed]),
      isNotNull(orders.sheetAppendedAt),
      isNull(orders.sheetPaymentReference),
    ),
  );
}

/** How many orders meet `condition`. */
async function ordersWhere(condition: SQL | undefined): Promise<number> {
  return (await database.db.select({ id: orders.id }).from(orders).where(condition)).length;
}

/** A producer whose Redis is away: what it is given waits in the outbox. */
function parkedProducer(): Producer {
  const deadRedis = connectRedis('redis://127.0.0.1:1', 'producer');
  deadRedis.on('error', () => {});
  const parked = createProducer(deadRedis, testQueuePrefix(), testLog);
  closers.push(async () => {
    await parked.close();
    deadRedis.disconnect();
  });
  return parked;
}

async function startWorkerAgainst(standIn: SheetsStandIn, prefix = testQueuePrefix()) {
  const producerRedis: Redis = await openCheckedRedis(testRedisUrl(), 'producer', testLog);
  const workerRedis: Redis = await openCheckedRedis(testRedisUrl(), 'worker', testLog);
  const producer = createProducer(producerRedis, prefix, testLog);
  const sheets = createGoogleSheetStore({
    spreadsheetId: standIn.spreadsheetId,
    accessToken: TOKEN,
    rootUrl: standIn.url,
    timeoutMs: 400,
  });
  const deps = testWorkerDeps({
    database,
    redis: workerRedis,
    prefix,
    sheets,
    sheetWritesPerMinute: 10_000,
  });
  const pipeline = startPipeline({ connection: workerRedis, producer, prefix, deps });
  closers.push(async () => {
    await pipeline.close();
    await producer.close();
    producerRedis.disconnect();
    workerRedis.disconnect();
  });
  return { producer, deps };
}

/** What the stand-in refuses in a cell, as Google refuses a value it cannot take. */
const REFUSED = 'REFUSED-BY-SHEETS';

/**
 * A stand-in that refuses every append holding REFUSED, a campus of its own, and a producer
 * whose Redis is away, so that the orders placed with it wait to go in one batch.
 */
async function refusingSheet() {
  const standIn = await startSheetsStandIn({ accessToken: TOKEN, refuseCellsContaining: REFUSED });
  closers.push(() => standIn.close());
  const other = await buildCampusTree(database.db, { martItem: { stock: 1_000 } });
  const tab = sheetTabName(other.university.name, other.campus.name);
  return { standIn, other, tab, parked: parkedProducer() };
}

/** The order ids in the tab's Order ID column, reconciled against the orders placed. */
function reconcile(standIn: SheetsStandIn, tab: string, placed: readonly string[]) {
  const rows = (standIn.tab(tab) ?? []).slice(1);
  const ids = rows.map((row) => String(row[ORDER_SHEET_HEADER.length - 1]));
  const counts = new Map<string, number>();
  for (const id of ids) counts.set(id, (counts.get(id) ?? 0) + 1);
  return {
    rows: rows.length,
    duplicates: [...counts].filter(([, count]) => count > 1).map(([id]) => id),
    missing: placed.filter((id) => !counts.has(id)),
    strangers: ids.filter((id) => !placed.includes(id)),
  };
}

describe(`orders into Google Sheets (stand-in) on ${engine}`, () => {
  it('500 orders through 429s, 5xx, timeouts and lost answers give exactly 500 rows', async () => {
    const standIn = await startSheetsStandIn({
      accessToken: TOKEN,
      writesPerMinute: 15,
      quotaWindowMs: 2_000,
      holdMs: 800,
      seed: 7,
    });
    closers.push(() => standIn.close());
    standIn.setRandomFaults({
      probability: 0.25,
      kinds: ['429', '500', '503', 'timeout', 'lost-response', 'written-500', 'written-timeout'],
    });
    const { producer } = await startWorkerAgainst(standIn);
    const tab = sheetTabName(tree.university.name, tree.campus.name);

    const placed: string[] = [];
    for (let n = 0; n < 500; n++) placed.push(await place(producer, n));
    await expect
      .poll(() => ordersWhere(isNull(orders.sheetAppendedAt)), { timeout: 90_000, interval: 500 })
      .toBe(0);

    const result = reconcile(standIn, tab, placed);
    expect(result).toEqual({ rows: 500, duplicates: [], missing: [], strangers: [] });
    // Each row's reference follows its append (with Status cells showing 'placed'), in writes of
    // many rows each.
    await expect.poll(() => referencesBehind(placed), { timeout: 60_000, interval: 500 }).toBe(0);
    expect(standIn.tab(tab)?.[0]).toEqual([
      ...ORDER_SHEET_HEADER,
      'Status',
      'Status Time',
      'Payment Reference',
    ]);
    const references = await database.db
      .select({ id: orders.id, reference: orders.paymentReference })
      .from(orders)
      .where(inArray(orders.id, placed));
    const referenceOf = new Map(references.map((order) => [order.id, order.reference]));
    for (const row of standIn.tab(tab)?.slice(1) ?? []) {
      expect(row[ORDER_SHEET_HEADER.length + 2]).toBe(
        referenceOf.get(String(row[ORDER_SHEET_HEADER.length - 1])),
      );
    }
    const calls = standIn.calls;
    process.stdout.write(
      `Sheets calls per order: ${(calls.total / 500).toFixed(3)} ` +
        `(${calls.total} calls: ${calls.appends} appends, ${calls.reads} reads, ` +
        `${calls.rateLimited} answered 429, ${calls.rejected} failed) for 500 orders\n`,
    );
    // Batching is what keeps a busy campus under Google's quota: far fewer writes than orders.
    expect(calls.appends).toBeLessThan(250);
    // The orders' screenshot checks (one at a time) run their course too: a later test's upkeep,
    // on queues of another prefix, would otherwise find them waiting and revive them.
    await expect
      .poll(
        () => ordersWhere(and(inArray(orders.id, placed), isNull(orders.screenshotCheckedAt))),
        {
          timeout: 30_000,
          interval: 300,
        },
      )
      .toBe(0);
  }, 120_000);

  it('a worker killed between its append and its bookkeeping: the next one writes no row twice', async () => {
    const standIn = await startSheetsStandIn({ accessToken: TOKEN });
    closers.push(() => standIn.close());
    const other = await buildCampusTree(database.db, { martItem: { stock: 1_000 } });
    const tab = sheetTabName(other.university.name, other.campus.name);
    const sheets = createGoogleSheetStore({
      spreadsheetId: standIn.spreadsheetId,
      accessToken: TOKEN,
      rootUrl: standIn.url,
    });
    await sheets.ensureTab(tab, ORDER_SHEET_HEADER);

    // Redis is away while they are placed: their jobs wait in the outbox.
    const parked = parkedProducer();
    const placed: string[] = [];
    for (let n = 0; n < 4; n++) placed.push(await place(parked, n, other));
    // The dead worker had marked three orders, appended their rows, and died before marking them
    // appended (long enough ago that the write has surely landed).
    const dead = placed.slice(0, 3);
    await database.db
      .update(orders)
      .set({ sheetWriteStartedAt: new Date(Date.now() - 10 * 60_000) })
      .where(inArray(orders.id, dead));
    const rows = await database.db.select().from(orders).where(inArray(orders.id, dead));
    await sheets.appendRows(
      tab,
      rows.map((row) => orderSheetRow(row, TEST_PUBLIC_URL)),
    );

    const { producer } = await startWorkerAgainst(standIn);
    await relayOutboxOnce(database.db, producer, testLog, { minAgeMs: 0 });
    await expect
      .poll(() => reconcile(standIn, tab, placed).rows, { timeout: 20_000, interval: 300 })
      .toBe(4);
    // Every sheet job has run its course before checking that none wrote a row again.
    await waitForDrainedQueue(producer.queue('sheets'));
    expect(reconcile(standIn, tab, placed)).toEqual({
      rows: 4,
      duplicates: [],
      missing: [],
      strangers: [],
    });
  });

  it('sets aside rows refused for their content, keeps the tab flowing, and writes them once fixed and retried', async () => {
    const { standIn, other, tab, parked } = await refusingSheet();
    // Placed while Redis is away, so that all six wait in one batch when the worker starts.
    const placed: string[] = [];
    for (let n = 0; n < 6; n++) placed.push(await place(parked, n, other));
    const [, refusedBySheets, , tooLong] = placed as [string, string, string, string];
    // One the service refuses without saying which row, one over its 50,000-character cell.
    await database.db
      .update(orders)
      .set({ specialInstruction: `note ${REFUSED}` })
      .where(eq(orders.id, refusedBySheets));
    await database.db
      .update(orders)
      .set({ cartItemsText: 'x'.repeat(60_000) })
      .where(eq(orders.id, tooLong));

    const { producer, deps } = await startWorkerAgainst(standIn);
    await relayOutboxOnce(database.db, producer, testLog, { minAgeMs: 0 });
    const setAside = async () =>
      (
        await database.db
          .select({ id: orders.id, reason: orders.sheetSetAsideReason })
          .from(orders)
          .where(inArray(orders.id, placed))
      )
        .filter((order) => order.reason !== null)
        .map((order) => order.id)
        .sort();
    await expect
      .poll(() => reconcile(standIn, tab, placed).rows, { timeout: 30_000, interval: 300 })
      .toBe(4);
    await expect.poll(setAside, { timeout: 10_000 }).toEqual([refusedBySheets, tooLong].sort());
    expect(reconcile(standIn, tab, placed).missing.sort()).toEqual(
      [refusedBySheets, tooLong].sort(),
    );

    // Operators see them at /ops/queues: their sheet jobs failed for good, saying why.
    const queue = producer.queue(JOBS['append-order-row'].queue);
    const failedJob = async (orderId: string) => queue.getJob(orderJobId(orderId, 'sheet'));
    for (const orderId of [refusedBySheets, tooLong]) {
      await expect
        .poll(async () => (await failedJob(orderId))?.failedReason ?? '', { timeout: 10_000 })
        .toMatch(/set aside/);
    }
    const [reasons] = await database.db
      .select({ reason: orders.sheetSetAsideReason })
      .from(orders)
      .where(eq(orders.id, tooLong));
    expect(reasons?.reason).toMatch(/more than 50,000 characters/);
    await expect.poll(() => referencesBehind(placed), { timeout: 20_000 }).toBe(0);
    // The upkeep leaves them to the operator: retrying would only be refused again.
    expect(await reviveStaleOrderJobs(deps, producer, new Date(), 0)).toBe(0);

    // Later orders of the tab still flow.
    placed.push(await place(producer, 6, other));
    await expect
      .poll(() => reconcile(standIn, tab, placed).rows, { timeout: 20_000, interval: 300 })
      .toBe(5);

    // The operator fixes both orders and retries their jobs: both rows arrive, nothing twice.
    await database.db
      .update(orders)
      .set({ specialInstruction: 'note fixed' })
      .where(eq(orders.id, refusedBySheets));
    await database.db
      .update(orders)
      .set({ cartItemsText: 'Samosa x 2 = 200' })
      .where(eq(orders.id, tooLong));
    for (const orderId of [refusedBySheets, tooLong]) await (await failedJob(orderId))?.retry();
    await expect
      .poll(() => reconcile(standIn, tab, placed).rows, { timeout: 20_000, interval: 300 })
      .toBe(7);
    expect(reconcile(standIn, tab, placed)).toEqual({
      rows: 7,
      duplicates: [],
      missing: [],
      strangers: [],
    });
    expect(await setAside()).toEqual([]);
  });

  it('finds the row the sheet refuses in a large batch in a few calls, by halving the batch', async () => {
    const { standIn, other, tab, parked } = await refusingSheet();
    const ORDERS = 64;
    const placed: string[] = [];
    for (let n = 0; n < ORDERS; n++) placed.push(await place(parked, n, other));
    const refused = placed[41] as string;
    await database.db
      .update(orders)
      .set({ specialInstruction: `note ${REFUSED}` })
      .where(eq(orders.id, refused));

    const { producer, deps } = await startWorkerAgainst(standIn);
    await deps.sheets.ensureTab(tab, ORDER_SHEET_HEADER);
    standIn.resetCounts();
    await relayOutboxOnce(database.db, producer, testLog, { minAgeMs: 0 });
    await expect
      .poll(() => reconcile(standIn, tab, placed).rows, { timeout: 30_000, interval: 300 })
      .toBe(ORDERS - 1);
    expect(reconcile(standIn, tab, placed).missing).toEqual([refused]);
    await expect
      .poll(
        async () =>
          (
            await database.db
              .select({ reason: orders.sheetSetAsideReason })
              .from(orders)
              .where(eq(orders.id, refused))
          )[0]?.reason,
        { timeout: 10_000 },
      )
      .toMatch(/the spreadsheet refused this value/);
    // One refused call and at most one accepted call per halving: 2 x log2(64) + 1, where
    // writing each row of the refused batch alone would take 65.
    expect(standIn.calls.appends).toBeLessThanOrEqual(2 * Math.log2(ORDERS) + 1);
    await expect.poll(() => referencesBehind(placed), { timeout: 20_000 }).toBe(0);
  });

  it('revives the sheet job of an order that a long outage left failed', async () => {
    const standIn = await startSheetsStandIn({ accessToken: TOKEN });
    closers.push(() => standIn.close());
    await standIn.down();
    const other = await buildCampusTree(database.db, { martItem: { stock: 1_000 } });
    const tab = sheetTabName(other.university.name, other.campus.name);
    // Placed while Redis was away too: its job waits in the outbox.
    const orderId = await place(parkedProducer(), 0, other);
    // Its job, with one attempt instead of eight, runs out while the sheet is down.
    const prefix = testQueuePrefix();
    const setupRedis = await openCheckedRedis(testRedisUrl(), 'producer', testLog);
    const early = createProducer(setupRedis, prefix, testLog);
    closers.push(async () => {
      await early.close();
      setupRedis.disconnect();
    });
    const jobId = `order-${orderId}-sheet`;
    await early.queue('sheets').add('append-order-row', { orderId }, { jobId, attempts: 1 });
    const { producer, deps } = await startWorkerAgainst(standIn, prefix);
    await expect
      .poll(async () => (await producer.queue('sheets').getJob(jobId))?.isFailed(), {
        timeout: 10_000,
      })
      .toBe(true);

    await standIn.up();
    await referencesTakenAsWritten();
    expect(await reviveStaleOrderJobs(deps, producer)).toBe(0);
    // Its mails count as sent and its screenshot as checked, so that the upkeep has only its
    // sheet job to revive.
    const now = new Date();
    await database.db
      .update(orders)
      .set({
        placedAt: new Date(now.getTime() - STALE_ORDER_MS - 1_000),
        studentNotifiedAt: now,
        adminsNotifiedAt: now,
        screenshotCheckedAt: now,
      })
      .where(eq(orders.id, orderId));
    expect(await reviveStaleOrderJobs(deps, producer)).toBe(1);
    await expect
      .poll(() => reconcile(standIn, tab, [orderId]).rows, { timeout: 10_000, interval: 300 })
      .toBe(1);
    await expect.poll(() => referencesBehind([orderId]), { timeout: 20_000 }).toBe(0);
  });

  it('enqueues again the sheet, mail and screenshot jobs of an order that a crashed Redis lost', async () => {
    const standIn = await startSheetsStandIn({ accessToken: TOKEN });
    closers.push(() => standIn.close());
    const other = await buildCampusTree(database.db, { martItem: { stock: 1_000 } });
    const tab = sheetTabName(other.university.name, other.campus.name);
    // Enqueued (its outbox rows acknowledged) into queues that are then lost: the worker below
    // runs on queues of another prefix, which never saw those jobs.
    const lostRedis = await openCheckedRedis(testRedisUrl(), 'producer', testLog);
    const lost = createProducer(lostRedis, testQueuePrefix(), testLog);
    closers.push(async () => {
      await lost.close();
      lostRedis.disconnect();
    });
    const orderId = await place(lost, 0, other);
    const { producer, deps } = await startWorkerAgainst(standIn);
    // The new queues never saw the order's jobs: once they are drained, nothing wrote its row.
    await waitForDrainedQueue(producer.queue('sheets'));
    expect(await producer.queue('sheets').getJob(orderJobId(orderId, 'sheet'))).toBeUndefined();
    expect(await producer.queue('mail').getJob(orderJobId(orderId, 'notify'))).toBeUndefined();
    expect(
      await producer.queue('checks').getJob(orderJobId(orderId, 'screenshot')),
    ).toBeUndefined();
    expect(standIn.tab(tab)).toBeUndefined();

    await database.db
      .update(orders)
      .set({ placedAt: new Date(Date.now() - STALE_ORDER_MS - 1_000) })
      .where(eq(orders.id, orderId));
    await referencesTakenAsWritten();
    expect(await reviveStaleOrderJobs(deps, producer)).toBe(3);
    await expect
      .poll(
        async () => {
          const [order] = await database.db.select().from(orders).where(eq(orders.id, orderId));
          return {
            rows: reconcile(standIn, tab, [orderId]).rows,
            mailed: order?.studentNotifiedAt != null && order.adminsNotifiedAt != null,
            checked: order?.screenshotCheckedAt != null,
          };
        },
        { timeout: 10_000, interval: 300 },
      )
      .toEqual({ rows: 1, mailed: true, checked: true });
    expect(await reviveStaleOrderJobs(deps, producer)).toBe(0);
    // The job of the row's Payment Reference cell was lost with them: the upkeep brings it back.
    await database.db
      .update(orders)
      .set({ sheetPaymentReference: null })
      .where(eq(orders.id, orderId));
    expect(await reviveStaleOrderJobs(deps, producer)).toBe(1);
    await expect.poll(() => referencesBehind([orderId]), { timeout: 10_000 }).toBe(0);
    const [order] = await database.db.select().from(orders).where(eq(orders.id, orderId));
    expect(standIn.tab(tab)?.[1]?.[ORDER_SHEET_HEADER.length + 2]).toBe(order?.paymentReference);
    expect(await reviveStaleOrderJobs(deps, producer)).toBe(0);
  });

  it('leaves a mail job that failed for good to an operator: a retry could repeat a notice', async () => {
    const other = await buildCampusTree(database.db, { martItem: { stock: 1_000 } });
    const prefix = testQueuePrefix();
    const redis = await openCheckedRedis(testRedisUrl(), 'producer', testLog);
    const workerRedis = await openCheckedRedis(testRedisUrl(), 'worker', testLog);
    const producer = createProducer(redis, prefix, testLog);
    // A mail server that refuses everything, on this prefix's mail queue only.
    const refusing = new Worker(
      'mail',
      async () => {
        throw new Error('550 mailbox unavailable');
      },
      { connection: workerRedis, prefix },
    );
    closers.push(async () => {
      await refusing.close();
      await producer.close();
      redis.disconnect();
      workerRedis.disconnect();
    });
    const failed = await place(parkedProducer(), 0, other);
    const lost = await place(parkedProducer(), 1, other);
    const now = new Date();
    await database.db
      .update(orders)
      .set({
        placedAt: new Date(now.getTime() - STALE_ORDER_MS - 1_000),
        sheetAppendedAt: now,
        screenshotCheckedAt: now,
      })
      .where(inArray(orders.id, [failed, lost]));
    const jobId = `order-${failed}-notify`;
    await producer.queue('mail').add('notify-order', { orderId: failed }, { jobId, attempts: 1 });
    await expect
      .poll(async () => (await producer.queue('mail').getJob(jobId))?.isFailed(), {
        timeout: 10_000,
      })
      .toBe(true);

    // Only the lost one comes back; the failed one stays failed, for bull-board.
    await referencesTakenAsWritten();
    expect(await reviveStaleOrderJobs({ database, log: testLog }, producer)).toBe(1);
    expect(await (await producer.queue('mail').getJob(jobId))?.isFailed()).toBe(true);
    expect(await producer.queue('mail').getJob(`order-${lost}-notify`)).toBeDefined();
  });

  it('takes orders while the sheet is down for the whole run; the backlog drains when it returns', async () => {
    const standIn = await startSheetsStandIn({ accessToken: TOKEN });
    closers.push(() => standIn.close());
    const other = await buildCampusTree(database.db, { martItem: { stock: 1_000 } });
    const tab = sheetTabName(other.university.name, other.campus.name);
    await standIn.down();
    const { producer } = await startWorkerAgainst(standIn);

    const placed: string[] = [];
    for (let n = 0; n < 20; n++) placed.push(await place(producer, n, other));
    // Checkout itself answers 201 while no sheet call can succeed.
    const redis = await openCheckedRedis(testRedisUrl(), 'producer', testLog);
    const app = createTestApp({ database, redis, producer });
    closers.push(async () => {
      await app.close();
      redis.disconnect();
    });
    const buyer = await signedInStudent(app.app, database.db, other.campus);
    const response = await postOrder(
      app.app,
      buyer.cookie,
      await checkoutBody(app.app, other, buyer.screenshot),
    );
    expect(response.status).toBe(201);
    placed.push(((await response.json()) as { orderId: string }).orderId);
    expect(placed).toHaveLength(21);
    // The queue cannot drain while the sheet is down (its jobs retry with backoff): wait until
    // the worker has tried every order's row at least once, then check that none was written.
    await waitForEveryJobTried(
      producer.queue('sheets'),
      placed.map((orderId) => orderJobId(orderId, 'sheet')),
    );
    expect(standIn.tab(tab)).toBeUndefined();

    await standIn.up();
    await expect
      .poll(() => reconcile(standIn, tab, placed).rows, { timeout: 60_000, interval: 500 })
      .toBe(21);
    expect(reconcile(standIn, tab, placed)).toEqual({
      rows: 21,
      duplicates: [],
      missing: [],
      strangers: [],
    });
    await expect.poll(() => referencesBehind(placed), { timeout: 30_000 }).toBe(0);
  }, 90_000);
});
