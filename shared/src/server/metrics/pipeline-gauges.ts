import type { Queue } from 'bullmq';
import { count, isNull, sql } from 'drizzle-orm';
import type { Logger } from 'pino';
import { Gauge } from 'prom-client';
import type { Db } from '../db/client';
import { orders, outbox } from '../db/schema';
import { QUEUE_NAMES, type QueueName } from '../jobs';
import type { Metrics } from './metrics';

/** How long a scrape waits for the database or Redis before it leaves their figures out. */
const SCRAPE_READ_TIMEOUT_MS = 1_000;

const QUEUE_STATES = ['waiting', 'active', 'delayed'] as const;

function withTimeout<T>(work: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} did not answer within ${ms} ms`)), ms);
  });
  return Promise.race([work, late]).finally(() => clearTimeout(timer));
}

/**
 * One read per scrape, however many gauges ask for it: prom-client collects every metric of a
 * scrape at once, so the gauges fed by one read share the read under way.
 */
function perScrape<T>(read: () => Promise<T>): () => Promise<T> {
  let underWay: Promise<T> | null = null;
  return () => {
    underWay ??= read().finally(() => {
      underWay = null;
    });
    return underWay;
  };
}

/**
 * The gauges of the order pipeline, read from the database and Redis when Prometheus scrapes
 * (collect callbacks), each source given SCRAPE_READ_TIMEOUT_MS: a slow Redis leaves the queue
 * figures out of that scrape (campus_metrics_source_up{source="redis"} 0) instead of hanging it.
 * The figures are the same from every process that reads them; the api registers them.
 */
export function registerPipelineGauges(
  metrics: Metrics,
  source: {
    db: Db;
    queue(name: QueueName): Pick<Queue, 'getJobCounts'>;
    log: Logger;
    timeoutMs?: number;
  },
): void {
  const timeoutMs = source.timeoutMs ?? SCRAPE_READ_TIMEOUT_MS;
  const registers = [metrics.registry];
  const { db, log } = source;

  const database = perScrape(async () => {
    try {
      const [[waiting], [withoutRow]] = await withTimeout(
        Promise.all([
          db.select({ n: count() }).from(outbox).where(isNull(outbox.enqueuedAt)),
          db
            .select({
              n: count(),
              oldestSeconds:
                sql<number>`coalesce(extract(epoch from (now() - min(${orders.placedAt}))), 0)`.mapWith(
                  Number,
                ),
            })
            .from(orders)
            .where(isNull(orders.sheetAppendedAt)),
        ]),
        timeoutMs,
        'the database',
      );
      return {
        outboxWaiting: waiting?.n ?? 0,
        withoutSheetRow: withoutRow?.n ?? 0,
        oldestWithoutSheetRowSeconds: Math.max(0, withoutRow?.oldestSeconds ?? 0),
      };
    } catch (error) {
      log.warn({ err: error }, 'metrics: pipeline figures not read from the database');
      return null;
    }
  });

  const redis = perScrape(async () => {
    try {
      return await withTimeout(
        Promise.all(
          QUEUE_NAMES.map(async (queue) => {
            const counts = await source
              .queue(queue)
              .getJobCounts('waiting', 'prioritized', 'active', 'delayed', 'failed');
            const of = (state: string) => counts[state] ?? 0;
            return {
              queue,
              // A job with a priority waits all the same.
              waiting: of('waiting') + of('prioritized'),
              active: of('active'),
              delayed: of('delayed'),
              failed: of('failed'),
            };
          }),
        ),
        timeoutMs,
        'Redis',
      );
    } catch (error) {
      log.warn({ err: error }, 'metrics: queue figures not read from Redis');
      return null;
    }
  });

  new Gauge({
    name: 'campus_queue_jobs',
    help: 'Jobs in each queue by state (waiting, active, delayed), read from Redis at scrape time',
    labelNames: ['queue', 'state'] as const,
    registers,
    async collect() {
      const queues = await redis();
      this.reset();
      for (const counts of queues ?? []) {
        for (const state of QUEUE_STATES) this.set({ queue: counts.queue, state }, counts[state]);
      }
    },
  });
  new Gauge({
    name: 'campus_queue_failed_jobs',
    help: 'Jobs that used up their attempts, per queue (retry them at /ops/queues)',
    labelNames: ['queue'] as const,
    registers,
    async collect() {
      const queues = await redis();
      this.reset();
      for (const counts of queues ?? []) this.set({ queue: counts.queue }, counts.failed);
    },
  });
  const fromDatabase = (
    name: string,
    help: string,
    pick: (figures: NonNullable<Awaited<ReturnType<typeof database>>>) => number,
  ) =>
    new Gauge({
      name,
      help,
      registers,
      async collect() {
        const figures = await database();
        this.reset();
        if (figures) this.set(pick(figures));
      },
    });
  fromDatabase(
    'campus_outbox_waiting',
    'Outbox rows not yet handed to Redis (the relay retries them)',
    (f) => f.outboxWaiting,
  );
  fromDatabase(
    'campus_orders_without_sheet_row',
    'Orders whose row is not in their campus tab yet',
    (f) => f.withoutSheetRow,
  );
  fromDatabase(
    'campus_oldest_order_without_sheet_row_seconds',
    'Age of the oldest order still without its sheet row (0 when every order has its row)',
    (f) => f.oldestWithoutSheetRowSeconds,
  );
  new Gauge({
    name: 'campus_metrics_source_up',
    help: 'Whether this scrape could read the source (database, redis) within its timeout',
    labelNames: ['source'] as const,
    registers,
    async collect() {
      const [fromDb, fromRedis] = await Promise.all([database(), redis()]);
      this.set({ source: 'database' }, fromDb ? 1 : 0);
      this.set({ source: 'redis' }, fromRedis ? 1 : 0);
    },
  });
}
