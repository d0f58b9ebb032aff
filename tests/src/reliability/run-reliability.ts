import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from '@campus/shared/dev/free-port';
import { type LocalRedis, startRedisServer } from '@campus/shared/dev/redis-server';
import { ORDER_SHEET_HEADER } from '@campus/shared/domain/order';
import { orders } from '@campus/shared/server/db/schema';
import { JOBS, orderJobId } from '@campus/shared/server/jobs';
import { createProducer } from '@campus/shared/server/queue';
import { closeRedis, openCheckedRedis } from '@campus/shared/server/redis';
import { and, count, eq, isNull } from 'drizzle-orm';
import type { Logger } from 'pino';
import { TEST_AUTH_SECRET } from '../support/app';
import { buildCampusTree } from '../support/builders';
import { checkoutBody, signedInStudent } from '../support/orders';
import { type Spawned, spawnEntry } from '../support/process';
import { scratchDatabase } from '../support/scratch-database';
import { type SheetsStandIn, startSheetsStandIn } from '../support/sheets-stand-in';
import type { SheetsFault } from '../support/sheets-stand-in/types';

// The reliability run (docs/architecture.md §6): N orders through two api and two worker processes
// on PostgreSQL and a Redis of its own, while the sheet fails, a worker is killed, Redis restarts
// and an api restarts; then every order id is looked for in the sheet.

export interface ReliabilityOptions {
  orders: number;
  /** A PostgreSQL server's admin URL; the run makes (and drops) a database of its own there. */
  postgresAdminUrl: string;
  log: Logger;
  /** Orders in flight at once (each is a buyer solving a captcha and checking out). */
  concurrency?: number;
  /** How long the pipeline may take to catch up once every order is placed. */
  drainTimeoutMs?: number;
}

export interface ReliabilityReport {
  /** Orders in the orders table. */
  placed: number;
  /** Of them, how many have a row in the sheet. */
  inSheet: number;
  missing: number;
  /** Order ids with more than one row. */
  duplicated: number;
  /** Rows whose order id is not in the orders table, or that carry no order id at all. */
  unknown: number;
  /** Orders whose row stands in another campus's tab. */
  misplaced: number;
  /** Order ids a buyer was given that are not in the orders table (an order lost after its 201). */
  lostAfterAnswer: number;
  /** Requests answered with an error or not at all, each retried with the same idempotency key. */
  retriedRequests: number;
  /** Database, Redis, the four processes and the buyers signed in, before the first order. */
  setupSeconds: number;
  placingSeconds: number;
  /** From the first order placed until the last one's row was in the sheet. */
  totalSeconds: number;
  /** From the last order placed until the last row was in the sheet. */
  catchUpSeconds: number;
  /** Rows in the sheet per second, over the whole run (totalSeconds). */
  rowsPerSecond: number;
  sheetsCalls: {
    total: number;
    writes: number;
    rejected: number;
    /** Every call (reads, writes, rejected ones) per order placed. */
    perOrder: number;
    writesPerOrder: number;
    /** The faults the stand-in injected, by kind. */
    injected: Partial<Record<SheetsFault, number>>;
  };
  /**
   * The worker killed with its append in flight: the rows of that append (which then landed), and
   * the reads of a tab's order ids that followed (a writer reconciling what it could not know).
   */
  killedMidAppend: { rows: number; readsAfter: number } | null;
  /**
   * The order whose row the sheet refuses for what it holds: set aside (with the reason, its job
   * failed for good) while the rest of its tab arrived, then written once fixed and retried.
   */
  contentRefused: {
    setAside: boolean;
    reason: string | null;
    jobFailedReason: string | null;
    writtenAfterFix: boolean;
  } | null;
  faults: string[];
}

/** The text in one order's instructions that the stand-in refuses as Google refuses a value. */
const REFUSED_TEXT = 'reliability-refused-cell';

/** The kinds of sheet fault the run injects: each at least once, then 30% of calls at random. */
export const RELIABILITY_FAULTS: SheetsFault[] = [
  '500',
  '503',
  '429',
  'timeout',
  'written-500',
  'written-timeout',
  'lost-response',
];

const ORDERS_PER_STUDENT = 15; // under the api's 20 orders per person per 10 minutes
const SIGN_IN_CONCURRENCY = 8;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Runs task(0) .. task(count - 1), `concurrency` at a time. */
async function inParallel(
  count: number,
  concurrency: number,
  task: (index: number) => Promise<void>,
) {
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(concurrency, count) }, async () => {
      while (next < count) await task(next++);
    }),
  );
}

type Requester = { request(path: string, init?: RequestInit): Promise<Response> };

/**
 * Requests to one of the api processes, from one client address (rate limits count per address).
 */
function viaApis(bases: () => string[], address: string, pick: () => number): Requester {
  return {
    request(path, init = {}) {
      const headers = new Headers(init.headers);
      headers.set('x-forwarded-for', address);
      const all = bases();
      return fetch(`${all[pick() % all.length]}${path}`, { ...init, headers });
    },
  };
}

class Processes {
  readonly all = new Map<string, Spawned>();
  constructor(private readonly env: Record<string, string>) {}

  async start(name: string, entry: string, extra: Record<string, string>, ready: RegExp) {
    const spawned = spawnEntry(entry, { ...this.env, ...extra });
    this.all.set(name, spawned);
    await spawned.waitFor(ready, 90_000);
    return spawned;
  }

  async stop(name: string, signal: NodeJS.Signals) {
    const spawned = this.all.get(name);
    if (!spawned) return;
    spawned.child.kill(signal);
    await spawned.exited;
    this.all.delete(name);
  }

  async stopAll() {
    await Promise.all([...this.all.keys()].map((name) => this.stop(name, 'SIGTERM')));
  }
}

/** Places the orders, injects the faults, waits for the sheet, then reconciles it by order id. */
export async function runReliability(options: ReliabilityOptions): Promise<ReliabilityReport> {
  const { log } = options;
  const concurrency = options.concurrency ?? 12;
  const faults: string[] = [];
  const note = (fault: string) => {
    faults.push(fault);
    log.info({ fault }, 'reliability fault');
  };
  const setupStarted = Date.now();
  const scratch = await scratchDatabase(options.postgresAdminUrl, 'campus_reliability', log, 4);
  const redisDir = mkdtempSync(join(tmpdir(), 'campus-reliability-redis-'));
  // The processes' own files (mails without SMTP, uploads): never the repository's data folder.
  const dataDir = mkdtempSync(join(tmpdir(), 'campus-reliability-data-'));
  const redisPort = await freePort();
  let redis: LocalRedis = await startRedisServer({ dir: redisDir, port: redisPort });
  const standIn: SheetsStandIn = await startSheetsStandIn({
    writesPerMinute: 60,
    holdMs: 4_000,
    refuseCellsContaining: REFUSED_TEXT,
    seed: Number(process.env.RELIABILITY_SEED ?? 20261122),
  });
  const processes = new Processes({
    DATA_DIR: dataDir,
    DATABASE_URL: scratch.url,
    REDIS_URL: redis.url,
    QUEUE_PREFIX: 'campus-reliability',
    AUTH_SECRET: TEST_AUTH_SECRET,
    LOG_LEVEL: 'warn',
    SHEETS_WRITES_PER_MINUTE: '50',
    STAND_IN_URL: standIn.url,
    STAND_IN_SPREADSHEET_ID: standIn.spreadsheetId,
  });
  const apiPorts = [await freePort(), await freePort()];
  const apiBases = () => apiPorts.map((port) => `http://127.0.0.1:${port}`);
  const startApi = (index: number) =>
    processes.start(
      `api-${index}`,
      'api/src/main.ts',
      {
        PORT: String(apiPorts[index]),
        HOST: '127.0.0.1',
        PUBLIC_URL: `http://127.0.0.1:${apiPorts[index]}`,
        TRUST_PROXY: 'true',
        CAPTCHA_COUNTER_MAX: '20',
        LOG_LEVEL: 'info',
      },
      /"msg":"api listening"/,
    );
  // Each worker calls the sheet with a token of its own, so a held call tells whose it is.
  const workerToken = (index: number) => `reliability-worker-${index}`;
  const startWorker = (index: number) =>
    processes.start(
      `worker-${index}`,
      'tests/src/reliability/worker-with-stand-in.ts',
      { LOG_LEVEL: 'info', STAND_IN_ACCESS_TOKEN: workerToken(index) },
      /"msg":"worker started"/,
    );

  try {
    const db = scratch.database.db;
    const trees = [
      await buildCampusTree(db, {
        restaurant: { is24x7: true },
        martItem: { stock: options.orders * 10 },
      }),
      await buildCampusTree(db, {
        restaurant: { is24x7: true },
        martItem: { stock: options.orders * 10 },
      }),
    ];
    await Promise.all([startApi(0), startApi(1), startWorker(0), startWorker(1)]);

    // Buyers sign in before the faults start: sign-in refuses to skip its limits without Redis.
    // Several at a time: each is a person in the database, a captcha, a sign-in and an upload.
    let turn = 0;
    const pick = () => turn++;
    const studentCount = Math.ceil(options.orders / ORDERS_PER_STUDENT);
    type Tree = (typeof trees)[number];
    type Buyer = { tree: Tree; client: Requester; cookie: string; screenshot: string };
    const buyers: Buyer[] = new Array(studentCount);
    await inParallel(studentCount, SIGN_IN_CONCURRENCY, async (i) => {
      const tree = trees[i % trees.length] as Tree;
      const client = viaApis(apiBases, `10.77.${Math.floor(i / 250)}.${(i % 250) + 1}`, pick);
      const { cookie, screenshot } = await signedInStudent(client, db, tree.campus);
      buyers[i] = { tree, client, cookie, screenshot };
    });
    const setupSeconds = (Date.now() - setupStarted) / 1000;

    for (const kind of RELIABILITY_FAULTS) standIn.failNext(kind);
    standIn.setRandomFaults({ probability: 0.3, kinds: RELIABILITY_FAULTS, on: 'any' });
    note(
      `sheets: the next writes fail once each way, then 30% of calls fail (${RELIABILITY_FAULTS.join(', ')})`,
    );

    let placed = 0;
    let retriedRequests = 0;
    // Set by the kill below, inside a fault's closure.
    let held = null as { rows: number; requestsBefore: number } | null;
    const orderIds = new Set<string>();
    const schedule: { at: number; run: () => Promise<void> }[] = [
      {
        at: 0.25,
        run: async () => {
          // Mid-batch: the next append is held, its worker is killed, then the append lands.
          const append = await standIn.holdNextAppend(120_000);
          const index = [0, 1].find((i) => workerToken(i) === append.token);
          if (index === undefined) throw new Error(`a sheet call from no worker: ${append.token}`);
          const after = placed;
          await processes.stop(`worker-${index}`, 'SIGKILL');
          held = { rows: append.rows, requestsBefore: standIn.requests.length };
          append.release();
          note(
            `worker-${index} killed with SIGKILL after ${after} orders, its append of ${append.rows} rows in flight (written after it died)`,
          );
          await sleep(1_000);
          await startWorker(index);
        },
      },
      {
        at: 0.5,
        run: async () => {
          const after = placed;
          await redis.stop('SIGKILL');
          note(
            `Redis killed with SIGKILL after ${after} orders (append-only file, fsync every second)`,
          );
          await sleep(2_000);
          redis = await startRedisServer({ dir: redisDir, port: redisPort });
          note('Redis started again from its append-only file');
        },
      },
      {
        at: 0.75,
        run: async () => {
          const after = placed;
          await processes.stop('api-1', 'SIGTERM');
          note(`api-1 stopped after ${after} orders`);
          await sleep(1_000);
          await startApi(1);
          note('api-1 started again');
        },
      },
    ];
    const faultRuns: Promise<void>[] = [];
    const maybeInjectFaults = () => {
      while (schedule[0] && placed >= schedule[0].at * options.orders) {
        const next = schedule.shift();
        if (next) faultRuns.push(next.run());
      }
    };

    // One order, a third of the way in, holds text the sheet refuses.
    const refusedIndex = Math.floor(options.orders / 3);
    let refusedId: string | null = null;
    const placeOne = async (index: number) => {
      const buyer = buyers[index % buyers.length] as (typeof buyers)[number];
      const idempotencyKey = randomUUID();
      const refused = index === refusedIndex;
      for (let attempt = 0; attempt < 60; attempt++) {
        try {
          // A fresh challenge, fetched from the api and solved, for every attempt.
          const body = await checkoutBody(buyer.client, buyer.tree, buyer.screenshot, {
            idempotencyKey,
            ...(refused ? { specialInstruction: `Leave at the gate ${REFUSED_TEXT}` } : {}),
          });
          const response = await buyer.client.request('/api/orders', {
            method: 'POST',
            headers: { 'content-type': 'application/json', cookie: buyer.cookie },
            body: JSON.stringify(body),
          });
          if (response.status === 201 || response.status === 200) {
            const { orderId } = (await response.json()) as { orderId: string };
            orderIds.add(orderId);
            if (refused) refusedId = orderId;
            return;
          }
          const text = await response.text();
          if (response.status < 500 && response.status !== 429) {
            throw new Error(`order refused with ${response.status}: ${text}`);
          }
        } catch (error) {
          if (error instanceof Error && error.message.startsWith('order refused')) throw error;
        }
        retriedRequests += 1;
        await sleep(500);
      }
      throw new Error('an order could not be placed in 60 attempts');
    };

    const started = Date.now();
    await inParallel(options.orders, concurrency, async (index) => {
      await placeOne(index);
      placed += 1;
      maybeInjectFaults();
    });
    const placingSeconds = (Date.now() - started) / 1000;
    await Promise.all(faultRuns);

    // The outage ends; the pipeline catches up on its own.
    standIn.clearFaults();
    note('sheets: faults cleared');
    const deadline = Date.now() + (options.drainTimeoutMs ?? 240_000);
    // Every row but the refused one arrives while it stays set aside.
    for (;;) {
      const [waiting] = await db
        .select({ n: count() })
        .from(orders)
        .where(and(isNull(orders.sheetAppendedAt), isNull(orders.sheetSetAsideAt)));
      if ((waiting?.n ?? 0) === 0 || Date.now() > deadline) break;
      await sleep(1_000);
    }
    const contentRefused = refusedId
      ? await fixAndRetry(refusedId, { db, redisUrl: redis.url, log, deadline })
      : null;
    if (contentRefused) {
      note(
        `the order whose cell the sheet refuses: ${contentRefused.setAside ? 'set aside' : 'NOT set aside'}, ` +
          `${contentRefused.writtenAfterFix ? 'written after it was fixed and retried' : 'NOT written after the fix'}`,
      );
    }
    const totalSeconds = (Date.now() - started) / 1000;
    // Nothing may write after the count: every process stops before the sheet is read.
    await processes.stopAll();

    const tabOf = new Map(
      (await db.select({ id: orders.id, tab: orders.sheetTabName }).from(orders)).map((o) => [
        o.id,
        o.tab,
      ]),
    );
    const seen = new Map<string, number>();
    let unknown = 0;
    let misplaced = 0;
    for (const tab of standIn.tabs()) {
      const rows = standIn.tab(tab.title) ?? [];
      for (const row of rows.slice(1)) {
        // The append's last cell; the worker's cells after it follow in writes of their own.
        const id = String(row[ORDER_SHEET_HEADER.length - 1] ?? '');
        seen.set(id, (seen.get(id) ?? 0) + 1);
        if (!tabOf.has(id)) unknown += 1;
        else if (tabOf.get(id) !== tab.title) misplaced += 1;
      }
    }
    const tableIds = [...tabOf.keys()];
    const calls = standIn.calls;
    return {
      placed: tableIds.length,
      inSheet: tableIds.filter((id) => seen.has(id)).length,
      missing: tableIds.filter((id) => !seen.has(id)).length,
      duplicated: tableIds.filter((id) => (seen.get(id) ?? 0) > 1).length,
      unknown,
      misplaced,
      lostAfterAnswer: [...orderIds].filter((id) => !tabOf.has(id)).length,
      retriedRequests,
      setupSeconds,
      placingSeconds,
      totalSeconds,
      catchUpSeconds: totalSeconds - placingSeconds,
      rowsPerSecond: tableIds.filter((id) => seen.has(id)).length / totalSeconds,
      sheetsCalls: {
        total: calls.total,
        writes: calls.writes,
        rejected: calls.rejected,
        perOrder: calls.total / Math.max(1, tableIds.length),
        writesPerOrder: calls.writes / Math.max(1, tableIds.length),
        injected: { ...calls.faults },
      },
      killedMidAppend: held && {
        rows: held.rows,
        readsAfter: standIn.requests
          .slice(held.requestsBefore)
          .filter((call) => call.kind === 'read' && call.path.includes('/values/')).length,
      },
      contentRefused,
      faults,
    };
  } finally {
    await processes.stopAll();
    await redis.stop();
    await standIn.close();
    await scratch.drop();
    rmSync(redisDir, { recursive: true, force: true });
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/**
 * What an operator does with a row the sheet refused: sees it set aside and its job failed with the
 * reason (/ops/queues), fixes the order, retries the job; then the row must arrive.
 */
async function fixAndRetry(
  orderId: string,
  context: {
    db: Awaited<ReturnType<typeof scratchDatabase>>['database']['db'];
    redisUrl: string;
    log: Logger;
    deadline: number;
  },
) {
  const { db } = context;
  const [order] = await db
    .select({ setAsideAt: orders.sheetSetAsideAt, reason: orders.sheetSetAsideReason })
    .from(orders)
    .where(eq(orders.id, orderId));
  const connection = await openCheckedRedis(context.redisUrl, 'producer', context.log);
  const producer = createProducer(connection, 'campus-reliability', context.log);
  try {
    const queue = producer.queue(JOBS['append-order-row'].queue);
    let jobFailedReason: string | null = null;
    while (Date.now() < context.deadline) {
      const job = await queue.getJob(orderJobId(orderId, 'sheet'));
      if (job && (await job.getState()) === 'failed') {
        jobFailedReason = job.failedReason;
        break;
      }
      await sleep(500);
    }
    await db
      .update(orders)
      .set({ specialInstruction: 'Leave at the gate' })
      .where(eq(orders.id, orderId));
    await (await queue.getJob(orderJobId(orderId, 'sheet')))?.retry();
    let writtenAfterFix = false;
    while (!writtenAfterFix && Date.now() < context.deadline + 60_000) {
      const [now] = await db
        .select({ appendedAt: orders.sheetAppendedAt })
        .from(orders)
        .where(eq(orders.id, orderId));
      writtenAfterFix = !!now?.appendedAt;
      if (!writtenAfterFix) await sleep(500);
    }
    return {
      setAside: !!order?.setAsideAt,
      reason: order?.reason ?? null,
      jobFailedReason,
      writtenAfterFix,
    };
  } finally {
    await producer.close();
    await closeRedis(connection);
  }
}

/** The report as the run prints it. */
export function formatReliabilityReport(report: ReliabilityReport): string {
  return [
    `placed ${report.placed} / in sheet ${report.inSheet} / missing ${report.missing} / duplicated ${report.duplicated} (rows of unknown orders ${report.unknown}, in another campus's tab ${report.misplaced}, answered but lost ${report.lostAfterAnswer})`,
    `setup ${report.setupSeconds.toFixed(1)} s, placing ${report.placingSeconds.toFixed(1)} s, all rows in the sheet after ${report.totalSeconds.toFixed(1)} s (${report.catchUpSeconds.toFixed(1)} s after the last order; ${report.rowsPerSecond.toFixed(1)} rows/s over the run); ${report.retriedRequests} requests retried`,
    `sheets calls: ${report.sheetsCalls.total} (${report.sheetsCalls.writes} writes, ${report.sheetsCalls.rejected} rejected), ${report.sheetsCalls.perOrder.toFixed(3)} per order (${report.sheetsCalls.writesPerOrder.toFixed(3)} writes per order); faults injected: ${
      Object.entries(report.sheetsCalls.injected)
        .map(([kind, times]) => `${kind} x${times}`)
        .join(', ') || 'none'
    }`,
    ...(report.killedMidAppend
      ? [
          `the killed worker's append: ${report.killedMidAppend.rows} rows; ${report.killedMidAppend.readsAfter} reads of a tab's order ids followed it`,
        ]
      : []),
    ...(report.contentRefused
      ? [
          `the row the sheet refused for its content: ${report.contentRefused.setAside ? 'set aside' : 'not set aside'} (${report.contentRefused.reason}), its job failed with "${report.contentRefused.jobFailedReason}", ${report.contentRefused.writtenAfterFix ? 'written once fixed and retried' : 'not written after the fix'}`,
        ]
      : []),
    ...report.faults.map((fault) => `fault: ${fault}`),
  ].join('\n');
}
