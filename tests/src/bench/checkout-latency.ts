// Checkout latency with a slow spreadsheet, against the design it replaces (the order waits for
// the sheet append); the Sheets calls the worker makes while those orders pour in; and how fast
// it drains a backlog, against BullMQ working off as many no-op jobs. All through a stand-in of the
// Sheets v4 API answering every call after 2 s (and for a second backlog at once, to show the
// worker's own time) and the real Redis, on a scratch PostgreSQL database (the engine of the scaled mode) when one
// answers, else an in-memory PGlite.
import { join } from 'node:path';
import { placeOrder } from '@campus/api/orders/place-order';
import type { TUserProfile } from '@campus/shared/domain/entities';
import { ORDER_SHEET_HEADER } from '@campus/shared/domain/order';
import { orderSheetRow } from '@campus/shared/domain/order-sheet-row';
import { sheetTabName } from '@campus/shared/domain/sheet-tab';
import { orders, outbox } from '@campus/shared/server/db/schema';
import { placedOrderJobs, QUEUE_NAMES } from '@campus/shared/server/jobs';
import type { Lifecycle } from '@campus/shared/server/lifecycle';
import { createMailer } from '@campus/shared/server/mail/mailer';
import { enqueueOutboxJobs } from '@campus/shared/server/outbox';
import { createProducer } from '@campus/shared/server/queue';
import { closeRedis, openCheckedRedis } from '@campus/shared/server/redis';
import { createGoogleSheetStore } from '@campus/shared/server/sheets/google-sheet-store';
import { startPipeline } from '@campus/worker/start-pipeline';
import { Queue, Worker } from 'bullmq';
import { count, eq, isNull } from 'drizzle-orm';
import type { Redis } from 'ioredis';
import type { Logger } from 'pino';
import { buildOrderingStudent } from '../support/orders';
import { startSheetsStandIn } from '../support/sheets-stand-in';
import { testWorkerDeps } from '../support/worker';
import { benchOrder, openBenchCampus } from './bench-campus';
import { percentile } from './percentile';

export const SHEET_LATENCY_MS = 2_000;
/** Buyers checking out at once, each a different student. */
export const BUYERS = 100;
/** Timed checkouts of each design, after WARMUP untimed ones. */
export const CHECKOUTS = 1_000;
const WARMUP = 100;
/** Orders waiting when the worker starts (a sheet outage, a lunch rush): three appends' worth. */
export const BACKLOG = 1_500;
/** Google's write quota per minute, which the stand-in enforces on the worker's calls. */
export const GOOGLE_WRITES_PER_MINUTE = 60;
// A campus mart of this many items, each order taking one (stock rows are locked per item).
const TOKEN = 'bench-token';

export interface LatencyFigures {
  p50: number;
  p99: number;
  /** Orders answered per second while BUYERS checked out at once. */
  ordersPerSecond: number;
}

export interface CheckoutReport {
  engine: 'postgres' | 'pglite';
  queued: LatencyFigures;
  inline: LatencyFigures;
  /** The worker while the queued checkouts poured in, until their last row was in the sheet. */
  peak: { orders: number; sheetCalls: number; callsPerOrder: number; catchUpSeconds: number };
  drain: {
    orders: number;
    /** Until the last row was in the sheet. */
    seconds: number;
    ordersPerSecond: number;
    sheetCalls: number;
    /** Until every job of the backlog (sheet, mail and screenshot check) was done, the rows long in. */
    jobsDoneSeconds: number;
    /**
     * Another backlog as large, drained while the stand-in answers at once: the worker's own time,
     * without the 2 s of each Sheets call.
     */
    instantSheet: {
      seconds: number;
      ordersPerSecond: number;
      jobsDoneSeconds: number;
      sheetCalls: number;
    };
  };
  /** The floor of the drain: BACKLOG no-op BullMQ jobs on the same Redis, waiting, then worked. */
  noOpDrain: { jobs: number; concurrency: number; seconds: number; jobsPerSecond: number };
}

// The worker's own concurrency per queue (start-worker.ts), for the no-op floor.
const NO_OP_CONCURRENCY = 4;

/** How fast BullMQ alone works off `jobs` waiting no-op jobs on this Redis. */
async function drainNoOpJobs(
  connection: Redis,
  prefix: string,
  jobs: number,
): Promise<CheckoutReport['noOpDrain']> {
  const name = 'bench-no-op';
  const queue = new Queue(name, { connection, prefix });
  try {
    await queue.addBulk(
      Array.from({ length: jobs }, (_, n) => ({
        name,
        data: { orderId: `order-${n}` },
        opts: { jobId: `no-op-${n}`, removeOnComplete: true },
      })),
    );
    let done = 0;
    let finished: () => void = () => {};
    const allDone = new Promise<void>((resolve) => {
      finished = resolve;
    });
    const started = performance.now();
    const worker = new Worker(name, async () => {}, {
      connection,
      prefix,
      concurrency: NO_OP_CONCURRENCY,
    });
    worker.on('completed', () => {
      done += 1;
      if (done === jobs) finished();
    });
    await allDone;
    const seconds = (performance.now() - started) / 1000;
    await worker.close();
    return { jobs, concurrency: NO_OP_CONCURRENCY, seconds, jobsPerSecond: jobs / seconds };
  } finally {
    await queue.obliterate({ force: true });
    await queue.close();
  }
}

/**
 * Runs `count` checkouts, `buyers` at once, each buyer checking out again as soon as answered;
 * returns the p50 and p99 of the durations and the orders answered per second.
 */
async function timed(
  count: number,
  buyers: number,
  checkout: (buyer: number) => Promise<void>,
): Promise<LatencyFigures> {
  const durations: number[] = [];
  const started = performance.now();
  await Promise.all(
    Array.from({ length: buyers }, async (_, buyer) => {
      for (let n = buyer; n < count; n += buyers) {
        const begun = performance.now();
        await checkout(buyer);
        durations.push(performance.now() - begun);
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  durations.sort((a, b) => a - b);
  return {
    p50: percentile(durations, 50),
    p99: percentile(durations, 99),
    ordersPerSecond: count / seconds,
  };
}

export async function measureCheckout(options: {
  redisUrl: string;
  queuePrefix: string;
  dataDir: string;
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
    // The api's default pool, shared by the checkouts and, while it runs, the worker.
    const campus = await openBenchCampus({
      postgresAdminUrl: options.postgresAdminUrl,
      name: 'campus_bench',
      log,
      resources,
    });
    const { database, tree } = campus;
    const { db } = database;
    const students: { student: TUserProfile; screenshot: string }[] = [];
    for (let b = 0; b < BUYERS; b++) {
      const { student, screenshotId } = await buildOrderingStudent(db, tree);
      students.push({ student, screenshot: screenshotId });
    }
    let placed = 0;
    const place = async (buyer: number) => {
      const n = placed++;
      const { student, screenshot } = students[buyer % BUYERS] as (typeof students)[number];
      const { orderId } = await placeOrder(
        db,
        student,
        benchOrder(campus, n, { index: buyer, email: student.email, screenshot }),
      );
      return orderId;
    };

    const standIn = await startSheetsStandIn({
      accessToken: TOKEN,
      latencyMs: SHEET_LATENCY_MS,
      writesPerMinute: GOOGLE_WRITES_PER_MINUTE,
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
    const workerRedis = await openCheckedRedis(options.redisUrl, 'worker', log);
    resources.push(() => closeRedis(workerRedis));
    const startWorker = () => {
      const pipeline = startPipeline({
        connection: workerRedis,
        producer,
        prefix: options.queuePrefix,
        deps: {
          ...testWorkerDeps({
            database,
            redis: workerRedis,
            prefix: options.queuePrefix,
            sheets,
            sheetWritesPerMinute: 50,
            mailer: createMailer({
              outboxDir: join(options.dataDir, 'checkout-outbox'),
              from: 'CampusBucket bench <bench@localhost>',
              log,
            }),
          }),
          log,
        },
      });
      resources.push(pipeline.close);
      return pipeline;
    };
    const queuedCheckout = async (buyer: number) => {
      const orderId = await place(buyer);
      await enqueueOutboxJobs(
        db,
        producer,
        placedOrderJobs(orderId, null).map((job) => job.jobId),
        log,
      );
    };
    // The peak's jobs whose rows other jobs' batches wrote still wait their turn once the sheet
    // has caught up: worked off before the worker stops, so that none stands before the backlog.
    const waitForIdleQueues = async () => {
      for (;;) {
        let unfinished = 0;
        for (const name of QUEUE_NAMES) {
          const counts = await producer
            .queue(name)
            .getJobCounts('waiting', 'active', 'delayed', 'prioritized');
          unfinished += Object.values(counts).reduce((sum, n) => sum + n, 0);
        }
        if (unfinished === 0) return;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    };
    // Looks every 20 ms: a drain with a sheet answering at once takes a fifth of a second.
    const waitForSheet = async () => {
      for (;;) {
        const [waiting] = await db
          .select({ n: count() })
          .from(orders)
          .where(isNull(orders.sheetAppendedAt));
        if ((waiting?.n ?? 0) === 0) return;
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    };

    // The design it replaces: the order answers only once its row is in the sheet. Google's
    // quota would refuse its writes beyond 60 a minute; here they all pass, so that the
    // comparison is of latency alone.
    standIn.setWriteQuota(1_000_000);
    const inlineCheckout = async (buyer: number) => {
      const orderId = await place(buyer);
      const [order] = await db.select().from(orders).where(eq(orders.id, orderId));
      if (!order) throw new Error('order vanished');
      await sheets.appendRows(tab, [orderSheetRow(order, 'http://bench.test')]);
      await db.update(orders).set({ sheetAppendedAt: new Date() }).where(eq(orders.id, orderId));
    };
    await timed(WARMUP, BUYERS, inlineCheckout);
    const inline = await timed(CHECKOUTS, BUYERS, inlineCheckout);
    // That design has no jobs: its orders' outbox rows must not reach the worker below.
    await db.delete(outbox);

    // Ours: the transaction, then the enqueue; the worker appends, at Google's quota, meanwhile.
    standIn.setWriteQuota(GOOGLE_WRITES_PER_MINUTE);
    await timed(WARMUP, BUYERS, queuedCheckout);
    standIn.resetCounts();
    const worker = startWorker();
    const queued = await timed(CHECKOUTS, BUYERS, queuedCheckout);
    const peakEnded = performance.now();
    await waitForSheet();
    const catchUpSeconds = (performance.now() - peakEnded) / 1000;
    const peakOrders = WARMUP + CHECKOUTS;
    const peakCalls = standIn.calls.total;
    await waitForIdleQueues();
    await worker.close();

    // A backlog, drained at Google's quota by a worker that starts once it is all waiting.
    const drainBacklog = async () => {
      await timed(BACKLOG, 20, queuedCheckout);
      standIn.resetCounts();
      const started = performance.now();
      const drainer = startWorker();
      await waitForSheet();
      const seconds = (performance.now() - started) / 1000;
      await waitForIdleQueues();
      const jobsDoneSeconds = (performance.now() - started) / 1000;
      await drainer.close();
      return { seconds, jobsDoneSeconds, sheetCalls: standIn.calls.total };
    };
    const drain = await drainBacklog();
    standIn.latencyMs = 0;
    const instant = await drainBacklog();
    const noOpDrain = await drainNoOpJobs(workerRedis, options.queuePrefix, BACKLOG);
    return {
      engine: options.postgresAdminUrl ? 'postgres' : 'pglite',
      queued,
      inline,
      peak: {
        orders: peakOrders,
        sheetCalls: peakCalls,
        callsPerOrder: peakCalls / peakOrders,
        catchUpSeconds,
      },
      drain: {
        orders: BACKLOG,
        seconds: drain.seconds,
        ordersPerSecond: BACKLOG / drain.seconds,
        jobsDoneSeconds: drain.jobsDoneSeconds,
        sheetCalls: drain.sheetCalls,
        instantSheet: {
          seconds: instant.seconds,
          ordersPerSecond: BACKLOG / instant.seconds,
          jobsDoneSeconds: instant.jobsDoneSeconds,
          sheetCalls: instant.sheetCalls,
        },
      },
      noOpDrain,
    };
  } finally {
    await closeAll();
  }
}
