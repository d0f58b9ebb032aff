// Checkout latency with a slow spreadsheet, against the design it replaces (the order waits for
// the sheet append), and how fast the worker drains a backlog into the sheet. Both through a
// stand-in of the Sheets v4 API answering every call after 2 s and the real Redis, on a scratch
// PostgreSQL database (the engine of the scaled mode) when one answers, else an in-memory PGlite.
import { placeOrder } from '@campus/api/orders/place-order';
import { ORDER_SHEET_HEADER } from '@campus/shared/domain/order';
import { sheetTabName } from '@campus/shared/domain/sheet-tab';
import { type Database, openDatabase } from '@campus/shared/server/db/client';
import { orders } from '@campus/shared/server/db/schema';
import { orderJobs } from '@campus/shared/server/jobs';
import type { Lifecycle } from '@campus/shared/server/lifecycle';
import { enqueueOutboxJobs } from '@campus/shared/server/outbox';
import { createProducer } from '@campus/shared/server/queue';
import { closeRedis, openCheckedRedis } from '@campus/shared/server/redis';
import { createGoogleSheetStore } from '@campus/shared/server/sheets/google-sheet-store';
import { orderSheetRow } from '@campus/worker/sheets/sync-tab';
import { startPipeline } from '@campus/worker/start-pipeline';
import { eq, isNull } from 'drizzle-orm';
import type { Logger } from 'pino';
import { buildCampusTree } from '../support/builders';
import { buildOrderingStudent, martLine, menuLine } from '../support/orders';
import { scratchDatabase } from '../support/scratch-database';
import { startSheetsStandIn } from '../support/sheets-stand-in';
import { testWorkerDeps } from '../support/worker';

export const SHEET_LATENCY_MS = 2_000;
export const CHECKOUTS = 300;
export const CHECKOUT_CONCURRENCY = 100;
export const BACKLOG = 500;
const TOKEN = 'bench-token';

// The api's pool size (shared/src/server/db/client.ts).
const POOL_SIZE = 10;

export interface CheckoutReport {
  engine: 'postgres' | 'pglite';
  queued: { p50: number; p99: number };
  inline: { p50: number; p99: number };
  drain: { orders: number; seconds: number; ordersPerSecond: number; sheetCalls: number };
}

function percentile(sorted: readonly number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;
}

/** Runs `count` tasks, `concurrency` at a time; returns each task's duration in ms, sorted. */
async function timed(count: number, concurrency: number, task: (n: number) => Promise<void>) {
  const durations: number[] = [];
  let next = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < count) {
        const n = next++;
        const started = performance.now();
        await task(n);
        durations.push(performance.now() - started);
      }
    }),
  );
  return durations.sort((a, b) => a - b);
}

export async function measureCheckout(options: {
  redisUrl: string;
  queuePrefix: string;
  log: Logger;
  lifecycle: Lifecycle;
  /** A PostgreSQL server to make the scratch database on; PGlite without one. */
  postgresAdminUrl?: string;
}): Promise<CheckoutReport> {
  const { log } = options;
  const resources: Array<() => Promise<unknown>> = [];
  const closeAll = async () => {
    for (const close of resources.splice(0).reverse()) await close();
  };
  options.lifecycle.add('checkout bench', closeAll);
  try {
    let database: Database;
    if (options.postgresAdminUrl) {
      const scratch = await scratchDatabase(
        options.postgresAdminUrl,
        'campus_bench',
        log,
        POOL_SIZE,
      );
      resources.push(scratch.drop);
      database = scratch.database;
    } else {
      database = await openDatabase({ kind: 'pglite-memory' }, log);
      resources.push(database.close);
    }
    const { db } = database;
    const tree = await buildCampusTree(db, { martItem: { stock: 1_000_000 } });
    const { student, screenshotId: screenshot } = await buildOrderingStudent(db, tree);
    const place = (n: number) =>
      placeOrder(db, student, {
        idempotencyKey: crypto.randomUUID(),
        cartItems: [menuLine(tree, 1 + (n % 3)), martLine(tree, 1)],
        firstName: 'Bench',
        lastName: `Buyer ${n}`,
        room: `Room ${n}`,
        phone: '0300-1234567',
        email: student.email,
        persons: 1 + (n % 3),
        specialInstruction: '',
        universityId: tree.university.id,
        campusId: tree.campus.id,
        accountTitle: 'Bench Buyer',
        bankName: 'HBL',
        screenshot,
        captcha: 'verified before this point',
      });

    // Google's real quota would refuse the inline design's writes beyond 60 a minute; the stand-in
    // lets it write freely so the comparison is of latency alone.
    const standIn = await startSheetsStandIn({
      accessToken: TOKEN,
      latencyMs: SHEET_LATENCY_MS,
      writesPerMinute: 100_000,
    });
    resources.push(() => standIn.close());
    const sheets = createGoogleSheetStore({
      spreadsheetId: standIn.spreadsheetId,
      accessToken: TOKEN,
      rootUrl: standIn.url,
    });
    const tab = sheetTabName(tree.university.name, tree.campus.name);
    await sheets.ensureTab(tab, ORDER_SHEET_HEADER);

    const producerRedis = await openCheckedRedis(options.redisUrl, 'producer', log);
    resources.push(() => closeRedis(producerRedis));
    const producer = createProducer(producerRedis, options.queuePrefix, log);
    resources.push(producer.close);

    // Ours: the transaction, then the enqueue; the sheet is the worker's business.
    const queued = await timed(CHECKOUTS, CHECKOUT_CONCURRENCY, async (n) => {
      const { orderId } = await place(n);
      await enqueueOutboxJobs(
        db,
        producer,
        orderJobs(orderId).map((job) => job.jobId),
        log,
      );
    });
    // The design it replaces: the order answers only once its row is in the sheet.
    const inline = await timed(CHECKOUTS, CHECKOUT_CONCURRENCY, async (n) => {
      const { orderId } = await place(CHECKOUTS + n);
      const [order] = await db.select().from(orders).where(eq(orders.id, orderId));
      if (!order) throw new Error('order vanished');
      await sheets.appendRows(tab, [orderSheetRow(order)]);
      await db.update(orders).set({ sheetAppendedAt: new Date() }).where(eq(orders.id, orderId));
    });

    // A backlog (a sheet outage, a lunch rush) of BACKLOG orders, drained at Google's quota.
    for (let n = CHECKOUTS; n < BACKLOG; n++) {
      const { orderId } = await place(2 * CHECKOUTS + n);
      await enqueueOutboxJobs(
        db,
        producer,
        orderJobs(orderId).map((job) => job.jobId),
        log,
      );
    }
    standIn.setWriteQuota(60);
    standIn.resetCounts();
    const workerRedis = await openCheckedRedis(options.redisUrl, 'worker', log);
    resources.push(() => closeRedis(workerRedis));
    const started = performance.now();
    const pipeline = startPipeline({
      connection: workerRedis,
      producer,
      prefix: options.queuePrefix,
      deps: {
        ...testWorkerDeps({ database, redis: workerRedis, prefix: options.queuePrefix, sheets }),
        log,
        sheetWritesPerMinute: 50,
      },
    });
    resources.push(pipeline.close);
    for (;;) {
      const waiting = await db
        .select({ id: orders.id })
        .from(orders)
        .where(isNull(orders.sheetAppendedAt));
      if (waiting.length === 0) break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const seconds = (performance.now() - started) / 1000;
    return {
      engine: options.postgresAdminUrl ? 'postgres' : 'pglite',
      queued: { p50: percentile(queued, 50), p99: percentile(queued, 99) },
      inline: { p50: percentile(inline, 50), p99: percentile(inline, 99) },
      drain: {
        orders: BACKLOG,
        seconds,
        ordersPerSecond: BACKLOG / seconds,
        sheetCalls: standIn.calls.total,
      },
    };
  } finally {
    await closeAll();
  }
}
