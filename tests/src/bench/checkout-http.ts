// Checkout over HTTP, end to end (session, captcha check, validation, transaction, enqueue), with
// the load from autocannon in a process of its own: orders per second with BUYERS connections
// (closed loop), and latency at a fixed FIXED_RATE orders a second (open loop). The floor: a plain
// `pg` transaction making the same inserts and stock update (no HTTP, no ORM, no reads), on the
// same database with a pool of the api's size: the limit this machine's PostgreSQL sets.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { monitorEventLoopDelay, PerformanceObserver } from 'node:perf_hooks';
import { createCaptcha } from '@campus/api/auth/captcha';
import { CHECKOUT_STAGES, type CheckoutStage } from '@campus/api/orders/checkout-stages';
import { newId } from '@campus/shared/server/db/ids';
import { orders } from '@campus/shared/server/db/schema';
import type { Lifecycle } from '@campus/shared/server/lifecycle';
import { createMetrics, type Metrics } from '@campus/shared/server/metrics/metrics';
import type { Challenge } from 'altcha-lib';
import { desc } from 'drizzle-orm';
import pg from 'pg';
import type { Logger } from 'pino';
import { solvedPayload } from '../support/captcha';
import { signedInStudent } from '../support/orders';
import { type LoadFigures, type PreparedRequest, runAutocannon } from './autocannon-load';
import { BENCH_AUTH_SECRET, startBenchApi } from './bench-api';
import { benchOrder, benchScreenshot, openBenchCampus } from './bench-campus';
import { type ProfileSummary, profiled } from './cpu-profile';
import { percentile } from './percentile';
import { canReadProcessCost, costPerAnswer, costSince, readProcessCost } from './process-cost';

/** Buyers checking out at once: autocannon's connections. */
const BUYERS = 100;
const WARMUP_ORDERS = 200;
const THROUGHPUT_ORDERS = 1_500;
/** Orders a second of the open-loop run, and for how long. */
const FIXED_RATE = 100;
const FIXED_RATE_SECONDS = 10;
const FLOOR_ORDERS = 1_500;
// The checkout route allows 20 orders per student in 10 minutes: enough students that none is
// refused (about 18 orders each).
const STUDENTS = 180;
// The lowest bound configuration allows: solving stays cheap for the bench, while verifying costs
// the api what it always does (one key derivation).
const CAPTCHA_COUNTER_MAX = 10;
// The api's default pool (openDatabase), which the floor gets too.
const POOL_SIZE = 10;
const SIGN_IN_AT_ONCE = 4;
/** A closed-loop run of its own under the profiler, so the profiler slows no figure. */
const PROFILED_ORDERS = 500;

export interface CheckoutHttpReport {
  engine: 'postgres' | 'pglite';
  buyers: number;
  students: number;
  /** Closed loop, THROUGHPUT_ORDERS orders. */
  throughput: LoadFigures;
  /**
   * Open loop at `rate` orders a second, and the api's event loop meanwhile (the api runs in the
   * bench's process): its longest stall and longest garbage collection, in ms, which a p99 of a
   * thousand orders shows at once.
   */
  fixedRate: {
    rate: number;
    figures: LoadFigures;
    longestStallMs: number;
    longestGcMs: number;
    /** The api's process per order (its CPU, every thread; its write system calls); null without /proc. */
    cost: { cpuMicros: number; writes: number } | null;
    /** Each stage's mean time per checkout meanwhile, from campus_checkout_stage_seconds. */
    stages: StageTime[];
  };
  floor: { orders: number; poolSize: number; ordersPerSecond: number; p99: number } | null;
  /** Orders per second over HTTP / the floor's. */
  ratio: number | null;
  /** The api's process (the bench's) during a closed-loop run of PROFILED_ORDERS. */
  profile: ProfileSummary;
}

type Row = Record<string, unknown>;

interface StageTime {
  stage: CheckoutStage;
  /** Checkouts that got through the stage. */
  count: number;
  meanMs: number;
}

/** Each stage's total seconds and count so far, from the api's histogram. */
async function stageTotals(metrics: Metrics) {
  const totals = new Map<string, { seconds: number; count: number }>();
  for (const { labels, metricName, value } of (await metrics.checkoutStage.get()).values) {
    const stage = String(labels.stage);
    const total = totals.get(stage) ?? { seconds: 0, count: 0 };
    if (metricName?.endsWith('_sum')) total.seconds = value;
    else if (metricName?.endsWith('_count')) total.count = value;
    totals.set(stage, total);
  }
  return totals;
}

/** Runs `load` and gives each stage's mean time per checkout meanwhile. */
async function timingStages<T>(metrics: Metrics, load: () => Promise<T>) {
  const before = await stageTotals(metrics);
  const result = await load();
  const after = await stageTotals(metrics);
  const stages = CHECKOUT_STAGES.map((stage): StageTime => {
    const was = before.get(stage) ?? { seconds: 0, count: 0 };
    const now = after.get(stage) ?? { seconds: 0, count: 0 };
    const count = now.count - was.count;
    return { stage, count, meanMs: count > 0 ? ((now.seconds - was.seconds) * 1000) / count : 0 };
  });
  return { result, stages };
}

/** A value as `pg` should send it back: jsonb columns come out as objects and arrays. */
function param(value: unknown): unknown {
  if (value === null || value instanceof Date || Buffer.isBuffer(value)) return value;
  return typeof value === 'object' ? JSON.stringify(value) : value;
}

function insertSql(table: string, columns: string[], rows: number, suffix = ''): string {
  const values = Array.from(
    { length: rows },
    (_, r) => `(${columns.map((_, c) => `$${r * columns.length + c + 1}`).join(', ')})`,
  ).join(', ');
  return `insert into ${table} (${columns.map((c) => `"${c}"`).join(', ')}) values ${values}${suffix}`;
}

/** Runs `load` while watching this process's event loop: its longest stall and garbage collection. */
async function watchingEventLoop(load: () => Promise<LoadFigures>) {
  const delays = monitorEventLoopDelay({ resolution: 1 });
  let longestGcMs = 0;
  const collections = new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) longestGcMs = Math.max(longestGcMs, entry.duration);
  });
  collections.observe({ entryTypes: ['gc'] });
  delays.enable();
  const before = canReadProcessCost(process.pid) ? readProcessCost(process.pid) : null;
  try {
    const figures = await load();
    const cost =
      before && costPerAnswer(costSince(process.pid, before), figures.ok + figures.failed);
    return { figures, longestStallMs: delays.max / 1e6, longestGcMs, cost };
  } finally {
    delays.disable();
    collections.disconnect();
  }
}

/**
 * The floor: FLOOR_ORDERS transactions, BUYERS at once over a pool of POOL_SIZE, each writing a
 * copy of `orderId` as checkout wrote it (the order, its lines, its outbox rows) and taking its
 * mart stock.
 */
async function plainTransactionFloor(url: string, orderId: string) {
  const pool = new pg.Pool({ connectionString: url, max: POOL_SIZE });
  try {
    const [order] = (await pool.query('select * from orders where id = $1', [orderId]))
      .rows as Row[];
    if (!order) throw new Error('no order to copy for the floor');
    const lines = (
      await pool.query('select * from order_lines where order_id = $1 order by position', [orderId])
    ).rows as Row[];
    const jobs = (
      await pool.query('select job_name, job_id, payload from outbox where job_id like $1', [
        `%${orderId}%`,
      ])
    ).rows as Row[];
    const orderColumns = Object.keys(order);
    const lineColumns = Object.keys(lines[0] ?? {}).filter((c) => c !== 'id');
    const insertOrder = insertSql('orders', orderColumns, 1);
    const insertLines = insertSql('order_lines', lineColumns, lines.length);
    const insertJobs = insertSql(
      'outbox',
      ['job_name', 'job_id', 'payload'],
      jobs.length,
      ' on conflict (job_id) do nothing',
    );
    const martLines = lines.filter((line) => line.mart_item_id !== null);
    const once = async () => {
      const id = newId();
      const client = await pool.connect();
      try {
        await client.query('begin');
        for (const line of martLines) {
          const taken = await client.query(
            'update mart_items set stock = stock - $2 where id = $1 and stock >= $2 returning id',
            [line.mart_item_id, line.quantity],
          );
          if (taken.rowCount !== 1) throw new Error('out of stock in the floor');
        }
        const copy: Row = {
          ...order,
          id,
          idempotency_key: crypto.randomUUID(),
          placed_at: new Date(),
        };
        await client.query(
          insertOrder,
          orderColumns.map((c) => param(copy[c])),
        );
        await client.query(
          insertLines,
          lines.flatMap((line) => lineColumns.map((c) => param(c === 'order_id' ? id : line[c]))),
        );
        await client.query(
          insertJobs,
          jobs.flatMap((job) => [
            job.job_name,
            String(job.job_id).replace(orderId, id),
            JSON.stringify(job.payload).replaceAll(orderId, id),
          ]),
        );
        await client.query('commit');
      } catch (error) {
        await client.query('rollback');
        throw error;
      } finally {
        client.release();
      }
    };
    const durations: number[] = [];
    let next = 0;
    const started = performance.now();
    await Promise.all(
      Array.from({ length: BUYERS }, async () => {
        while (next < FLOOR_ORDERS) {
          next += 1;
          const begun = performance.now();
          await once();
          durations.push(performance.now() - begun);
        }
      }),
    );
    const seconds = (performance.now() - started) / 1000;
    durations.sort((a, b) => a - b);
    return {
      orders: FLOOR_ORDERS,
      poolSize: POOL_SIZE,
      ordersPerSecond: FLOOR_ORDERS / seconds,
      p99: percentile(durations, 99),
    };
  } finally {
    await pool.end();
  }
}

export async function measureCheckoutHttp(options: {
  redisUrl: string;
  queuePrefix: string;
  dataDir: string;
  log: Logger;
  lifecycle: Lifecycle;
  /** A PostgreSQL server to make the scratch database on; PGlite (and no floor) without one. */
  postgresAdminUrl?: string;
}): Promise<CheckoutHttpReport> {
  const { log } = options;
  const resources: Array<() => Promise<unknown>> = [];
  const closeAll = async () => {
    for (const close of resources.splice(0).reverse()) await close();
  };
  options.lifecycle.add('checkout over HTTP', closeAll);
  try {
    const campus = await openBenchCampus({
      postgresAdminUrl: options.postgresAdminUrl,
      name: 'campus_bench_http',
      log,
      resources,
    });
    const { database, url: databaseUrl, tree } = campus;
    const { db } = database;
    // The api's own metrics, as production makes them; the bench reads its checkout stages.
    const metrics = createMetrics({ processMetrics: true });
    const api = await startBenchApi({
      metrics,
      database,
      redisUrl: options.redisUrl,
      // Its jobs wait, no worker runs: a prefix of their own keeps them from the checkout part's
      // worker (it is still the bench's, and removed with it).
      queuePrefix: `${options.queuePrefix}-http`,
      dataDir: options.dataDir,
      captchaCounterMax: CAPTCHA_COUNTER_MAX,
      resources,
    });
    const client = {
      request: (path: string, init?: RequestInit) => fetch(`${api.url}${path}`, init),
    };
    const students: Awaited<ReturnType<typeof signedInStudent>>[] = [];
    while (students.length < STUDENTS) {
      students.push(
        ...(await Promise.all(
          Array.from({ length: SIGN_IN_AT_ONCE }, () => signedInStudent(client, db, tree.campus)),
        )),
      );
    }
    // Challenges signed with the api's secret, as its captcha route would hand them out.
    const captcha = createCaptcha({
      secret: BENCH_AUTH_SECRET,
      db,
      counterMax: CAPTCHA_COUNTER_MAX,
    });
    let placed = 0;
    const prepare = async (orders: number, name: string): Promise<string> => {
      const requests: PreparedRequest[] = [];
      for (let i = 0; i < orders; i += 1) {
        const n = placed++;
        const student = students[n % STUDENTS] as (typeof students)[number];
        const body = {
          ...benchOrder(campus, n, {
            ...student,
            index: n % STUDENTS,
            screenshot: await benchScreenshot(db, student.id),
          }),
          captcha: await solvedPayload((await captcha.challenge()) as Challenge),
        };
        requests.push({
          headers: { 'content-type': 'application/json', cookie: student.cookie },
          body: JSON.stringify(body),
        });
      }
      const file = join(options.dataDir, `checkout-${name}.json`);
      writeFileSync(file, JSON.stringify(requests));
      return file;
    };
    const url = `${api.url}/api/orders`;
    const post = (requestsFile: string, overallRate?: number) =>
      runAutocannon({
        url,
        method: 'POST',
        connections: BUYERS,
        requestsFile,
        overallRate,
        expectStatus: 201,
      });

    await post(await prepare(WARMUP_ORDERS, 'warm-up'));
    const throughputFile = await prepare(THROUGHPUT_ORDERS, 'throughput');
    const throughput = await post(throughputFile);
    const fixedRateFile = await prepare(FIXED_RATE * FIXED_RATE_SECONDS, 'fixed-rate');
    const { result: fixedRate, stages } = await timingStages(metrics, () =>
      watchingEventLoop(() => post(fixedRateFile, FIXED_RATE)),
    );
    // Last: the profile, read into this process, is garbage the api's collector would otherwise
    // sweep during the fixed-rate run, and count into its latency.
    const profiledFile = await prepare(PROFILED_ORDERS, 'profiled');
    const { profile } = await profiled(() => post(profiledFile));

    let floor: CheckoutHttpReport['floor'] = null;
    if (databaseUrl) {
      const [sample] = await db
        .select({ id: orders.id })
        .from(orders)
        .orderBy(desc(orders.placedAt))
        .limit(1);
      if (!sample) throw new Error('checkout over HTTP placed no order');
      floor = await plainTransactionFloor(databaseUrl, sample.id);
    }
    return {
      engine: databaseUrl ? 'postgres' : 'pglite',
      buyers: BUYERS,
      students: STUDENTS,
      throughput,
      fixedRate: { rate: FIXED_RATE, ...fixedRate, stages },
      floor,
      ratio: floor ? throughput.requestsPerSecond / floor.ordersPerSecond : null,
      profile,
    };
  } finally {
    await closeAll();
  }
}

const ms = (value: number) => `${Math.round(value).toLocaleString('en-US')} ms`;
const percent = (share: number) => `${(share * 100).toFixed(1).padStart(5)} %`;

function stageLines(stages: StageTime[]): string[] {
  const total = stages.reduce((sum, row) => sum + row.meanMs, 0);
  return stages.map(
    (row) =>
      `    ${row.stage.padEnd(12)} ${row.meanMs.toFixed(2).padStart(6)} ms  ${percent(total > 0 ? row.meanMs / total : 0)}` +
      `  (${row.count.toLocaleString('en-US')} checkouts)`,
  );
}

/** The report's lines for run.ts to print. */
export function formatCheckoutHttp(report: CheckoutHttpReport): string[] {
  const { throughput, fixedRate, floor } = report;
  const failed = (figures: LoadFigures) =>
    figures.failed > 0 ? `, ${figures.failed} not 201 (${JSON.stringify(figures.statuses)})` : '';
  const lines = [
    `Checkout over HTTP (session, captcha, validation, transaction, enqueue; no worker running): ` +
      `load from a process of its own, ${report.buyers} connections, ${report.students} students, on ` +
      `${report.engine === 'postgres' ? 'PostgreSQL' : 'PGlite (no PostgreSQL answered)'}; the api in the bench's process.`,
    `  ${'closed loop'.padEnd(40)} ${throughput.requestsPerSecond.toFixed(0).padStart(5)} orders/s` +
      `  p50 ${ms(throughput.latency.p50)}  p99 ${ms(throughput.latency.p99)}${failed(throughput)}`,
  ];
  if (floor) {
    lines.push(
      `  ${`floor: plain pg transaction, pool ${floor.poolSize}`.padEnd(40)} ` +
        `${floor.ordersPerSecond.toFixed(0).padStart(5)} orders/s  p99 ${ms(floor.p99)}`,
      `  ${'HTTP / floor'.padEnd(40)} ${(report.ratio ?? 0).toFixed(2)} x (target >= 0.5 x)`,
    );
  } else {
    lines.push('  floor skipped: the plain pg transaction needs PostgreSQL, and none answered');
  }
  lines.push(
    `  ${`open loop at ${fixedRate.rate} orders/s`.padEnd(40)} ` +
      `${fixedRate.figures.requestsPerSecond.toFixed(0).padStart(5)} orders/s  p50 ${ms(fixedRate.figures.latency.p50)}` +
      `  p99 ${ms(fixedRate.figures.latency.p99)} (target <= 50 ms)${failed(fixedRate.figures)}`,
    `  ${''.padEnd(40)} the api's event loop meanwhile: longest stall ${ms(fixedRate.longestStallMs)}, ` +
      `longest garbage collection ${ms(fixedRate.longestGcMs)}`,
    ...(fixedRate.cost
      ? [
          `  ${''.padEnd(40)} the api's process per order: ${(fixedRate.cost.cpuMicros / 1000).toFixed(2)} ms ` +
            `of CPU, ${fixedRate.cost.writes.toFixed(1)} write system calls (from /proc)`,
        ]
      : []),
    `  Where a checkout's time goes, by stage, at ${fixedRate.rate} orders/s (the mean per checkout ` +
      "from campus_checkout_stage_seconds; each stage's waits on PostgreSQL and Redis included):",
    ...stageLines(fixedRate.stages),
    `  Where the api's process spent its busy ${ms(report.profile.busyMs)} during a profiled closed loop ` +
      `of ${PROFILED_ORDERS} orders (idle ${ms(report.profile.idleMs)}), by package ` +
      "(Node's internals counted for the package calling them; a stack after an await starts " +
      'from the microtask queue, so the profile cannot say which stage it served):',
    ...report.profile.packages.map((row) => `    ${percent(row.share)}  ${row.name}`),
    '  and by function:',
    ...report.profile.functions.map((row) => `    ${percent(row.share)}  ${row.name}`),
    '',
  );
  return lines;
}
