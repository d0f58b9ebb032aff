// `npm run bench`: first figures, printed and never asserted (DESIGN §6). One run measures
// catalogue throughput against the bare framework, and the initial JavaScript of the storefront.
import { mkdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { Lifecycle } from '@campus/shared/server/lifecycle';
import { createLogger } from '@campus/shared/server/logger';
import { DEFAULT_REDIS_URL } from '@campus/shared/server/redis';
import {
  ensureRedisServerBinary,
  redisAnswers,
  startRedisServer,
} from '@campus/shared/server/redis-server';
import { Redis } from 'ioredis';
import { repoRoot } from '../support/process';
import { measureCatalogueThroughput } from './catalogue-throughput';
import {
  BACKLOG,
  CHECKOUT_CONCURRENCY,
  CHECKOUTS,
  measureCheckout,
  SHEET_LATENCY_MS,
} from './checkout-latency';
import { measureInitialJs } from './initial-js';

// Relative to the repository root; removed at the end of every run.
const DATA_DIR = 'data/bench';
// Reserved for the bench: every Redis key under it is the bench's own and deleted afterwards.
const QUEUE_PREFIX = 'campus-bench';

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

try {
  const dataDir = join(repoRoot, DATA_DIR);
  rmSync(dataDir, { recursive: true, force: true });
  mkdirSync(dataDir, { recursive: true });
  lifecycle.add('bench data folder', async () => rmSync(dataDir, { recursive: true, force: true }));
  const redisUrl = await benchRedis();
  lifecycle.add('bench keys in Redis', () => removeBenchKeys(redisUrl));

  say('Measuring catalogue throughput (about 30 s)...');
  const throughput = await measureCatalogueThroughput({
    redisUrl,
    queuePrefix: QUEUE_PREFIX,
    dataDir,
    log,
    lifecycle,
  });
  say('Measuring checkout with a slow sheet and the worker draining a backlog (about 40 s)...');
  const checkout = await measureCheckout({
    redisUrl,
    queuePrefix: QUEUE_PREFIX,
    log,
    lifecycle,
  });
  say('Measuring initial JavaScript in Chromium...');
  const initialJs = await measureInitialJs({
    redisUrl,
    queuePrefix: QUEUE_PREFIX,
    dataDir: DATA_DIR,
    lifecycle,
    say,
  });

  const [bare] = throughput.rows;
  say('');
  say('CampusBucket bench');
  say('');
  say(
    `Catalogue throughput: one process, real HTTP (keep-alive), ${throughput.concurrency} ` +
      `concurrent requests, ${throughput.durationMs / 1000} s per target after a warm-up; ` +
      `the restaurants body is ${kb(throughput.responseBytes)}.`,
  );
  for (const row of throughput.rows) {
    const ratio = bare
      ? `  ${(row.requestsPerSecond / bare.requestsPerSecond).toFixed(2)} x bare`
      : '';
    const failed = row.failed > 0 ? `, ${row.failed} failed` : '';
    say(
      `  ${row.label.padEnd(52)} ${perSecond(row.requestsPerSecond).padStart(14)}${ratio}${failed}`,
    );
  }
  say('');
  const ms = (value: number) => `${Math.round(value).toLocaleString('en-US')} ms`;
  say(
    `Checkout with the sheet answering after ${SHEET_LATENCY_MS / 1000} s: ${CHECKOUTS} orders, ` +
      `${CHECKOUT_CONCURRENCY} at a time, server work from the validated order to the answer.`,
  );
  say(
    `  ${'queued (transaction + enqueue; the worker appends)'.padEnd(52)} ` +
      `p50 ${ms(checkout.queued.p50).padStart(8)}  p99 ${ms(checkout.queued.p99).padStart(8)}`,
  );
  say(
    `  ${'inline baseline (the order waits for the append)'.padEnd(52)} ` +
      `p50 ${ms(checkout.inline.p50).padStart(8)}  p99 ${ms(checkout.inline.p99).padStart(8)}`,
  );
  say(
    `  ${'inline / queued'.padEnd(52)} p50 ${(checkout.inline.p50 / checkout.queued.p50).toFixed(1)} x` +
      `  p99 ${(checkout.inline.p99 / checkout.queued.p99).toFixed(1)} x`,
  );
  say(
    `Worker drain: ${BACKLOG} waiting orders into one tab at Google's quota (60 writes a minute), ` +
      `2 s per call: ${checkout.drain.ordersPerSecond.toFixed(1)} orders/s ` +
      `(${checkout.drain.seconds.toFixed(1)} s, ${checkout.drain.sheetCalls} Sheets calls).`,
  );
  say('');
  say(
    `Initial JavaScript per route (gzip -9 of every .js until network idle; ${initialJs.selection}):`,
  );
  for (const row of initialJs.rows) {
    const landed = row.landedOn === row.route ? '' : ` -> ${row.landedOn}`;
    say(
      `  ${`${row.route}${landed}`.padEnd(52)} ${kb(row.gzipBytes).padStart(10)} gzip, ` +
        `${kb(row.rawBytes)} raw, ${row.files} files`,
    );
  }
  say('');
  await lifecycle.exit(0);
} catch (error) {
  if (!interrupted) {
    log.fatal({ err: error }, 'bench failed');
    process.stderr.write(`\n${error instanceof Error ? error.message : String(error)}\n`);
  }
  await lifecycle.exit(1);
}
