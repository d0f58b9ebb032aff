// `npm run bench`: figures printed and written to bench/results/<date>.json, never asserted
// (docs/architecture.md §6). One run measures catalogue throughput against the bare framework and
// checkout over HTTP against a plain-pg transaction (autocannon, in a process of its own), checkout
// against the inline-append design, the worker's drain and its Sheets calls, the storefront's
// initial JavaScript and Lighthouse scores, the insights query on 100,000 orders, the
// duplicate-screenshot check on up to 100,000, the receipt corpus read by the worker's reader, and
// the reliability run with 5,000 orders.
import { mkdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { join } from 'node:path';
import {
  ensureRedisServerBinary,
  redisAnswers,
  startRedisServer,
} from '@campus/shared/dev/redis-server';
import { Lifecycle } from '@campus/shared/server/lifecycle';
import { createLogger } from '@campus/shared/server/logger';
import { DEFAULT_REDIS_URL } from '@campus/shared/server/redis';
import { Redis } from 'ioredis';
import {
  formatReliabilityReport,
  type ReliabilityReport,
  runReliability,
} from '../reliability/run-reliability';
import { POSTGRES_ADMIN_URL, postgresAnswers } from '../support/postgres-admin';
import { repoRoot } from '../support/process';
import { measureCatalogueThroughput, type ThroughputReport } from './catalogue-throughput';
import { type CheckoutHttpReport, formatCheckoutHttp, measureCheckoutHttp } from './checkout-http';
import {
  BACKLOG,
  BUYERS,
  CHECKOUTS,
  type CheckoutReport,
  GOOGLE_WRITES_PER_MINUTE,
  type LatencyFigures,
  measureCheckout,
  SHEET_LATENCY_MS,
} from './checkout-latency';
import {
  DURABILITY_CHECKOUTS,
  type EmbeddedDurabilityReport,
  measureEmbeddedDurability,
} from './embedded-durability';
import { type InitialJsRow, measureInitialJs } from './initial-js';
import {
  formatInsightsQuery,
  type InsightsQueryFigure,
  measureInsightsQuery,
} from './insights-query';
import {
  LIGHTHOUSE_RUNS,
  LIGHTHOUSE_TARGETS,
  type LighthouseRow,
  measureLighthouse,
} from './lighthouse';
import {
  formatReceiptCorpus,
  measureReceiptCorpus,
  type ReceiptCorpusReport,
} from './receipt-corpus-reading';
import {
  formatReuseScan,
  measureReuseScan,
  REUSE_SCAN_SIZES,
  type ReuseScanFigure,
} from './screenshot-reuse-scan';
import { describeSelection, startStorefront } from './storefront-server';

// Relative to the repository root; removed at the end of every run.
const DATA_DIR = 'data/bench';
// Reserved for the bench: every Redis key under it is the bench's own and deleted afterwards.
const QUEUE_PREFIX = 'campus-bench';
const RESULTS_DIR = 'bench/results';
// The reliability run's size and orders in flight (each a buyer solving a captcha, checking out).
const RELIABILITY_ORDERS = Number(process.env.BENCH_RELIABILITY_ORDERS ?? 5_000);
const RELIABILITY_CONCURRENCY = 24;
// Receipts of the corpus read (at least 300 over 4 layouts: decision 022); BENCH_RECEIPTS for fewer.
const RECEIPTS = Number(process.env.BENCH_RECEIPTS ?? 300);
// BENCH_ONLY=catalogue,checkout-http measures those parts only (names below); unset: all of them.
const PARTS = [
  'catalogue',
  'checkout-http',
  'checkout',
  'durability',
  'insights',
  'screenshot-reuse',
  'receipts',
  'browser',
  'reliability',
] as const;
type Part = (typeof PARTS)[number];
const only = process.env.BENCH_ONLY?.split(',').map((name) => name.trim());
const unknownParts = only?.filter((name) => !(PARTS as readonly string[]).includes(name)) ?? [];
if (unknownParts.length > 0) {
  process.stderr.write(
    `BENCH_ONLY names unknown parts (${unknownParts.join(', ')}); the parts: ${PARTS.join(', ')}\n`,
  );
  process.exit(2);
}
const measures = (part: Part) => !only || only.includes(part);

const say = (line: string) => process.stdout.write(`${line}\n`);
const log = createLogger({ level: 'warn', service: 'bench' });
const lifecycle = new Lifecycle(log);
lifecycle.exitOnSignals();
// Ctrl-C stops the measurement under way; its failure is then no news.
let interrupted = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    interrupted = true;
  });
}

/** The REDIS_URL given, the local Redis, or a private redis-server in the bench's data folder. */
async function benchRedis(): Promise<string> {
  const given = process.env.REDIS_URL;
  if (given) return given;
  if (await redisAnswers(DEFAULT_REDIS_URL)) return DEFAULT_REDIS_URL;
  const local = await startRedisServer({
    dir: join(repoRoot, DATA_DIR, 'redis'),
    binary: ensureRedisServerBinary(say),
  });
  lifecycle.add('redis-server', local.stop);
  return local.url;
}

async function removeBenchKeys(url: string): Promise<void> {
  const redis = new Redis(url, { maxRetriesPerRequest: 1, lazyConnect: true });
  redis.on('error', () => {});
  try {
    await redis.connect();
    let cursor = '0';
    do {
      const [next, keys] = await redis.scan(cursor, 'MATCH', `${QUEUE_PREFIX}*`, 'COUNT', 1000);
      cursor = next;
      if (keys.length > 0) await redis.unlink(...keys);
    } while (cursor !== '0');
  } finally {
    redis.disconnect();
  }
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
const perSecond = (value: number) => `${Math.round(value).toLocaleString('en-US')} req/s`;
const ms = (value: number) => `${Math.round(value).toLocaleString('en-US')} ms`;
const ratioText = (value: number) => `${value.toFixed(2)} x`;

/** The reliability run on the local PostgreSQL, why it was skipped, or how it failed. */
async function reliabilityRun(
  withPostgres: boolean,
): Promise<ReliabilityReport | { skipped: string } | { failed: string }> {
  if (!withPostgres) {
    return {
      skipped:
        `no PostgreSQL answers at ${new URL(POSTGRES_ADMIN_URL).host} (scaled mode needs it); ` +
        'start one, or set DATABASE_URL_TEST to a server where databases may be created',
    };
  }
  try {
    return await runReliability({
      orders: RELIABILITY_ORDERS,
      postgresAdminUrl: POSTGRES_ADMIN_URL,
      log,
      concurrency: RELIABILITY_CONCURRENCY,
    });
  } catch (error) {
    // The other figures are still worth their file.
    if (interrupted) throw error;
    log.error({ err: error }, 'reliability run failed');
    return { failed: error instanceof Error ? error.message : String(error) };
  }
}

/** Writes the results through a temporary file, so a half-written file never stands. */
function writeResults(results: object): string {
  const dir = join(repoRoot, RESULTS_DIR);
  mkdirSync(dir, { recursive: true });
  const file = join(dir, `${new Date().toISOString().slice(0, 10)}.json`);
  writeFileSync(`${file}.tmp`, `${JSON.stringify(results, null, 2)}\n`);
  renameSync(`${file}.tmp`, file);
  return file;
}

try {
  const benchStarted = Date.now();
  // The machine may be shared: a busy one lowers every figure, floors included.
  const [one, five, fifteen] = loadavg().map((load) => Number(load.toFixed(2)));
  const dataDir = join(repoRoot, DATA_DIR);
  rmSync(dataDir, { recursive: true, force: true });
  mkdirSync(dataDir, { recursive: true });
  lifecycle.add('bench data folder', async () => rmSync(dataDir, { recursive: true, force: true }));
  const redisUrl = await benchRedis();
  lifecycle.add('bench keys in Redis', () => removeBenchKeys(redisUrl));
  const withPostgres = await postgresAnswers(POSTGRES_ADMIN_URL);
  const common = { redisUrl, queuePrefix: QUEUE_PREFIX, dataDir, log, lifecycle };
  const postgresAdminUrl = withPostgres ? POSTGRES_ADMIN_URL : undefined;

  let throughput: ThroughputReport | null = null;
  if (measures('catalogue') && postgresAdminUrl) {
    say('Measuring catalogue throughput with autocannon (about 1 minute)...');
    throughput = await measureCatalogueThroughput({ ...common, postgresAdminUrl });
  }
  let checkoutHttp: CheckoutHttpReport | null = null;
  if (measures('checkout-http')) {
    say(
      'Measuring checkout over HTTP with autocannon, and its plain-pg floor (about 2 minutes)...',
    );
    checkoutHttp = await measureCheckoutHttp({ ...common, postgresAdminUrl });
  }
  let checkout: CheckoutReport | null = null;
  if (measures('checkout')) {
    say(
      'Measuring checkout with a slow sheet, the worker at the peak and draining a backlog (about 2 minutes)...',
    );
    checkout = await measureCheckout({ ...common, postgresAdminUrl });
  }
  let embeddedDurability: EmbeddedDurabilityReport | null = null;
  if (measures('durability')) {
    say(
      `Measuring what durability at commit costs the embedded database: ${DURABILITY_CHECKOUTS} checkouts each way (about 1 minute)...`,
    );
    embeddedDurability = await measureEmbeddedDurability({
      dataDir: join(dataDir, 'durability'),
      log,
    });
  }
  let insights: InsightsQueryFigure[] | null = null;
  if (measures('insights') && withPostgres) {
    say('Measuring the insights query on 100,000 generated orders (about 1 minute)...');
    insights = await measureInsightsQuery({ postgresAdminUrl: POSTGRES_ADMIN_URL, log });
  }
  let screenshotReuse: ReuseScanFigure[] | null = null;
  if (measures('screenshot-reuse') && withPostgres) {
    say('Measuring the duplicate-screenshot check on up to 100,000 orders (about 1 minute)...');
    screenshotReuse = await measureReuseScan({ postgresAdminUrl: POSTGRES_ADMIN_URL, log });
  }
  let receipts: ReceiptCorpusReport | null = null;
  if (measures('receipts')) {
    say(`Reading ${RECEIPTS} receipts of the corpus with the worker's reader (about 3 minutes)...`);
    receipts = await measureReceiptCorpus(RECEIPTS);
  }
  let browser: {
    initialJs: InitialJsRow[];
    lighthouse: LighthouseRow[];
    selection: string;
  } | null = null;
  if (measures('browser')) {
    say('Measuring initial JavaScript and Lighthouse in Chromium (about 3 minutes)...');
    const storefront = await startStorefront({
      redisUrl,
      queuePrefix: QUEUE_PREFIX,
      dataDir: DATA_DIR,
      lifecycle,
      say,
    });
    const initialJs = await measureInitialJs(storefront, lifecycle);
    const lighthouse = await measureLighthouse(storefront);
    await storefront.stop();
    browser = { initialJs, lighthouse, selection: describeSelection(storefront.selection) };
  }
  let reliability: Awaited<ReturnType<typeof reliabilityRun>> | null = null;
  if (measures('reliability')) {
    say(
      `Reliability run: ${RELIABILITY_ORDERS.toLocaleString('en-US')} orders through faults (about 4 minutes)...`,
    );
    reliability = await reliabilityRun(withPostgres);
  }

  const latency = (label: string, figures: LatencyFigures) =>
    say(
      `  ${label.padEnd(52)} p50 ${ms(figures.p50).padStart(8)}  p99 ${ms(figures.p99).padStart(8)}` +
        `  ${figures.ordersPerSecond.toFixed(0).padStart(4)} orders/s`,
    );
  say('');
  say(`CampusBucket bench${only ? ` (only ${only.join(', ')})` : ''}`);
  say(`${cpus().length} CPUs; load average at the start ${one}, ${five}, ${fifteen}.`);
  say('');
  if (measures('catalogue') && !throughput) {
    say(
      'Catalogue throughput skipped: the api is measured as production starts it, on PostgreSQL, and none answered.',
    );
    say('');
  }
  if (throughput) {
    say(
      `Catalogue throughput: autocannon in its own process, ${throughput.connections} connections ` +
        `(closed loop), ${throughput.rounds} rounds of ${throughput.durationSeconds / throughput.rounds} s ` +
        'per target after a warm-up, each target right after its floor (a ratio is the median of ' +
        "the rounds'); the api (api/src/main.ts on PostgreSQL, its log to a file) and the bare " +
        'app each in a process of ' +
        `its own; the restaurants body is ${kb(throughput.responseBytes)}.`,
    );
    for (const row of throughput.rows) {
      const ratio =
        row.ratio === undefined
          ? ''
          : `  ${ratioText(row.ratio)} of ${row.floor}` +
            (row.ratioRange
              ? ` (rounds ${row.ratioRange.lowest.toFixed(2)}-${row.ratioRange.highest.toFixed(2)})`
              : '');
      const failed = row.failed > 0 ? `, ${row.failed} failed` : '';
      say(
        `  ${row.label.padEnd(46)} ${perSecond(row.requestsPerSecond).padStart(14)}` +
          `  p99 ${ms(row.p99Ms).padStart(6)}${ratio}${failed}`,
      );
    }
    const { costs } = throughput;
    if (costs) {
      say(
        `  What an answer costs the process that gives it, at a fixed ${costs.rate.toLocaleString('en-US')} ` +
          `answers a second for ${costs.seconds} s (its CPU time, every thread, and its write system calls, from /proc):`,
      );
      for (const row of costs.rows) {
        const ratio = row.ratio === undefined ? '' : `  ${ratioText(row.ratio)} the bare app's CPU`;
        say(
          `  ${row.label.padEnd(46)} ${`${row.cpuMicros.toFixed(1)} µs`.padStart(14)}` +
            `  ${row.writes.toFixed(2)} writes${ratio}`,
        );
      }
    } else {
      say("  (What an answer costs is read from Linux's /proc, which this machine does not have.)");
    }
    say('');
  }
  if (checkoutHttp) for (const line of formatCheckoutHttp(checkoutHttp)) say(line);
  if (checkout) {
    say(
      `Checkout with the sheet answering after ${SHEET_LATENCY_MS / 1000} s: ${BUYERS} buyers at once ` +
        `(each a different student), ${CHECKOUTS} timed orders per design after a warm-up, on ` +
        `${checkout.engine === 'postgres' ? 'PostgreSQL' : 'PGlite (no PostgreSQL answered)'}; ` +
        'server work from the validated order to the answer (the order service called in process).',
    );
    latency('queued (transaction + enqueue; the worker appends)', checkout.queued);
    latency('inline baseline (the order waits for the append)', checkout.inline);
    say(
      `  ${'inline / queued'.padEnd(52)} p50 ${(checkout.inline.p50 / checkout.queued.p50).toFixed(1)} x` +
        `  p99 ${(checkout.inline.p99 / checkout.queued.p99).toFixed(1)} x`,
    );
    say(
      `Sheets calls per order at peak: ${checkout.peak.callsPerOrder.toFixed(3)} ` +
        `(${checkout.peak.sheetCalls} calls for ${checkout.peak.orders} orders placed while the worker ` +
        `ran, at Google's quota of ${GOOGLE_WRITES_PER_MINUTE} writes a minute); the last row was in ` +
        `the sheet ${checkout.peak.catchUpSeconds.toFixed(1)} s after the last order.`,
    );
    // The floor waits on nothing: the target compares the worker's own time with it, the drain
    // with the stand-in sheet answering at once. With Google's latency, one call of it bounds the
    // drain, whatever the worker does: printed beside, with that bound.
    const floorRate = checkout.noOpDrain.jobsPerSecond;
    const instant = checkout.drain.instantSheet;
    say(
      `Worker drain: ${BACKLOG} waiting orders into one tab, the stand-in sheet answering at once: ` +
        `${instant.ordersPerSecond.toFixed(1)} orders/s (${instant.seconds.toFixed(2)} s, ` +
        `${instant.sheetCalls} Sheets calls); every job of it (sheet, mail, screenshot check) done ` +
        `after ${instant.jobsDoneSeconds.toFixed(1)} s.`,
    );
    say(
      `  floor: ${checkout.noOpDrain.jobs} BullMQ no-op jobs on the same Redis ` +
        `(concurrency ${checkout.noOpDrain.concurrency}): ${floorRate.toFixed(1)} jobs/s; ` +
        `drain ${ratioText(instant.ordersPerSecond / floorRate)} of it (target >= 0.5 x).`,
    );
    const callsAlone = (checkout.drain.sheetCalls * SHEET_LATENCY_MS) / 1000;
    say(
      `  with Google's latency, ${SHEET_LATENCY_MS / 1000} s per call, at its quota: ` +
        `${checkout.drain.ordersPerSecond.toFixed(1)} orders/s (${checkout.drain.seconds.toFixed(1)} s, ` +
        `${checkout.drain.sheetCalls} Sheets calls), ${ratioText(checkout.drain.ordersPerSecond / floorRate)} ` +
        `of the floor; the calls alone take ${callsAlone.toFixed(1)} s, so no drain of this backlog ` +
        `reaches more than ${ratioText(BACKLOG / callsAlone / floorRate)} of it; every job of it ` +
        `(sheet, mail, screenshot check) done after ${checkout.drain.jobsDoneSeconds.toFixed(1)} s.`,
    );
    say('');
  }
  if (embeddedDurability) {
    say(
      `Embedded database (PGlite on disk), ${embeddedDurability.orders} checkouts one after another, server work per order:`,
    );
    for (const [label, row] of [
      ['durable at commit (fsync on, as npm start runs)', embeddedDurability.durable],
      ["fsync off (PGlite's own default, before)", embeddedDurability.fsyncOff],
    ] as const) {
      say(
        `  ${label.padEnd(52)} p50 ${ms(row.p50).padStart(8)}  p99 ${ms(row.p99).padStart(8)}  mean ${ms(row.mean).padStart(8)}`,
      );
    }
    say(
      `  ${'cost of durability per checkout'.padEnd(52)} ${ms(embeddedDurability.costPerCheckoutMs)}`,
    );
    say('');
  }
  if (measures('insights')) {
    if (insights) for (const line of formatInsightsQuery(insights)) say(line);
    else
      say('Insights on 100,000 orders skipped: it is measured on PostgreSQL, and none answered.');
    say('');
  }
  if (measures('screenshot-reuse')) {
    if (screenshotReuse) for (const line of formatReuseScan(screenshotReuse)) say(line);
    else
      say(
        `The duplicate-screenshot check on up to ${Math.max(...REUSE_SCAN_SIZES).toLocaleString('en-US')} orders skipped: it is measured on PostgreSQL, and none answered.`,
      );
    say('');
  }
  if (receipts) {
    for (const line of formatReceiptCorpus(receipts)) say(line);
    say('');
  }
  if (browser) {
    say(
      `Initial JavaScript per route (gzip -9 of every .js until network idle and of the inline scripts; ${browser.selection}):`,
    );
    for (const row of browser.initialJs) {
      const landed = row.landedOn === row.route ? '' : ` -> ${row.landedOn}`;
      say(
        `  ${`${row.route}${landed}`.padEnd(52)} ${kb(row.gzipBytes).padStart(10)} gzip, ` +
          `${kb(row.rawBytes)} raw, ${row.files} files and ${row.inlineScripts} inline`,
      );
    }
    say('');
    say(
      `Lighthouse mobile, default throttling (slow 4G, 4x CPU), median of ${LIGHTHOUSE_RUNS} runs, ` +
        `a fresh profile each; targets: performance >= ${LIGHTHOUSE_TARGETS.performance}, ` +
        `SEO ${LIGHTHOUSE_TARGETS.seo}, LCP <= ${ms(LIGHTHOUSE_TARGETS.lcpMs)}:`,
    );
    for (const row of browser.lighthouse) {
      const landed = row.landedOn === row.route ? '' : ` -> ${row.landedOn}`;
      say(
        `  ${`${row.route}${landed}`.padEnd(52)} performance ${String(row.performance).padStart(3)}` +
          `  accessibility ${String(row.accessibility).padStart(3)}  SEO ${String(row.seo).padStart(3)}` +
          `  LCP ${ms(row.lcpMs).padStart(8)}`,
      );
      say(
        `  ${''.padEnd(52)} FCP ${ms(row.fcpMs)}, speed index ${ms(row.speedIndexMs)}, ` +
          `total blocking ${ms(row.totalBlockingMs)}, layout shift ${row.layoutShift.toFixed(3)}`,
      );
    }
    say('');
  }
  if (reliability) {
    if ('skipped' in reliability) {
      say(`Reliability run skipped: ${reliability.skipped}.`);
    } else if ('failed' in reliability) {
      say(`Reliability run FAILED: ${reliability.failed}`);
    } else {
      const clean =
        reliability.missing === 0 &&
        reliability.duplicated === 0 &&
        reliability.unknown === 0 &&
        reliability.misplaced === 0 &&
        reliability.lostAfterAnswer === 0;
      say(
        `Reliability run (two api and two worker processes on PostgreSQL, faults injected)` +
          `${clean ? '' : ' - ORDERS LOST, MISSING, DUPLICATED OR MISPLACED'}:`,
      );
      for (const line of formatReliabilityReport(reliability).split('\n')) say(`  ${line}`);
    }
    say('');
  }
  const totalSeconds = (Date.now() - benchStarted) / 1000;
  const file = writeResults({
    date: new Date().toISOString(),
    machine: {
      node: process.version,
      cpus: cpus().length,
      platform: process.platform,
      // Objects and strings, not arrays of numbers: the file stays as Biome formats it.
      loadAverageAtStart: { one, five, fifteen },
    },
    only: only?.join(',') ?? null,
    totalSeconds,
    catalogue: throughput,
    checkoutHttp,
    checkout: checkout && {
      engine: checkout.engine,
      sheetLatencyMs: SHEET_LATENCY_MS,
      orders: CHECKOUTS,
      buyers: BUYERS,
      queued: checkout.queued,
      inline: checkout.inline,
      ratio: {
        p50: checkout.inline.p50 / checkout.queued.p50,
        p99: checkout.inline.p99 / checkout.queued.p99,
      },
    },
    peak: checkout?.peak ?? null,
    drain: checkout && {
      ...checkout.drain,
      floor: checkout.noOpDrain,
      // The target's: the worker's own time (the sheet answering at once) against the floor.
      ratio: checkout.drain.instantSheet.ordersPerSecond / checkout.noOpDrain.jobsPerSecond,
      slowSheetRatio: checkout.drain.ordersPerSecond / checkout.noOpDrain.jobsPerSecond,
    },
    embeddedDurability,
    insights,
    screenshotReuse,
    receipts,
    initialJs: browser?.initialJs ?? null,
    lighthouse: browser?.lighthouse ?? null,
    reliability,
  });
  say(`Whole bench: ${(totalSeconds / 60).toFixed(1)} minutes. Results: ${file}`);
  await lifecycle.exit(0);
} catch (error) {
  if (!interrupted) {
    log.fatal({ err: error }, 'bench failed');
    process.stderr.write(`\n${error instanceof Error ? error.message : String(error)}\n`);
  }
  await lifecycle.exit(1);
}
