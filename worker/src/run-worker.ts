import { loadConfigOrExit, publicUrl, requireDatabaseUrl } from '@campus/shared/server/config';
import type { Db } from '@campus/shared/server/db/client';
import { openDatabase } from '@campus/shared/server/db/client';
import { createOrderEventPublisher } from '@campus/shared/server/events/order-events';
import { Lifecycle } from '@campus/shared/server/lifecycle';
import { createLogger } from '@campus/shared/server/logger';
import { mailerFromConfig } from '@campus/shared/server/mail/mailer';
import { countMails } from '@campus/shared/server/metrics/mailer-metrics';
import { createMetrics } from '@campus/shared/server/metrics/metrics';
import { serveMetrics } from '@campus/shared/server/metrics/metrics-server';
import { countSheetWrites } from '@campus/shared/server/metrics/sheet-store-metrics';
import { createProducer } from '@campus/shared/server/queue';
import { closeRedis, DEFAULT_REDIS_URL, openCheckedRedis } from '@campus/shared/server/redis';
import { guardSheetStore } from '@campus/shared/server/sheets/guarded-sheet-store';
import type { SheetStore } from '@campus/shared/server/sheets/sheet-store';
import { sheetStoreFromConfig } from '@campus/shared/server/sheets/sheet-store-from-config';
import { receiptsFromConfig } from './receipts/receipts-from-config';
import { startPipeline } from './start-pipeline';

/**
 * The worker process (scaled mode): any number of replicas on PostgreSQL and Redis, stopped by
 * SIGTERM. `sheets` replaces the configured SheetStore (a test's stand-in) and `upkeep` its timings.
 */
export async function runWorker(
  options: {
    sheets?: (db: Db) => SheetStore;
    upkeep?: { everyMs: number; staleOrderMs: number };
  } = {},
): Promise<void> {
  const config = loadConfigOrExit();
  const log = createLogger({ level: config.LOG_LEVEL, service: 'worker' });
  const lifecycle = new Lifecycle(log);
  lifecycle.exitOnSignals();
  try {
    const database = await openDatabase(
      { kind: 'postgres', url: requireDatabaseUrl(config, 'worker') },
      log,
    );
    lifecycle.add('database', database.close);
    const redis = await openCheckedRedis(config.REDIS_URL ?? DEFAULT_REDIS_URL, 'worker', log);
    lifecycle.add('redis', () => closeRedis(redis));
    const producerRedis = await openCheckedRedis(
      config.REDIS_URL ?? DEFAULT_REDIS_URL,
      'producer',
      log,
    );
    lifecycle.add('redis producer connection', () => closeRedis(producerRedis));
    const producer = createProducer(producerRedis, config.QUEUE_PREFIX, log);
    lifecycle.add('queue producer', producer.close);
    const mailer = mailerFromConfig(config, log);
    lifecycle.add('mailer', async () => mailer.close());
    const metrics = createMetrics({ processMetrics: true });
    const receipts = receiptsFromConfig(config, metrics);
    lifecycle.add('receipt reader', receipts.close);
    const sheetStore = (options.sheets ?? ((db) => sheetStoreFromConfig(config, db)))(database.db);
    const running = startPipeline({
      connection: redis,
      producer,
      prefix: config.QUEUE_PREFIX,
      upkeep: options.upkeep,
      metrics,
      deps: {
        database,
        log,
        sheets: guardSheetStore(countSheetWrites(sheetStore, metrics), {
          redis,
          prefix: config.QUEUE_PREFIX,
          writesPerMinute: config.SHEETS_WRITES_PER_MINUTE,
        }),
        mailer: countMails(mailer, metrics),
        publicUrl: publicUrl(config),
        events: createOrderEventPublisher({
          redis: producerRedis,
          prefix: config.QUEUE_PREFIX,
          log,
        }),
        receipts,
      },
    });
    lifecycle.add('workers', running.close);
    // Each replica serves its own figures, so that Prometheus scrapes every one of them.
    if (config.WORKER_METRICS_PORT !== undefined && config.METRICS_TOKEN !== undefined) {
      const served = await serveMetrics({
        registry: metrics.registry,
        token: config.METRICS_TOKEN,
        host: config.HOST,
        port: config.WORKER_METRICS_PORT,
        log,
      });
      lifecycle.add('metrics server', served.close);
      log.info({ url: served.url }, 'worker metrics served');
    }
    log.info('worker started');
  } catch (error) {
    log.fatal({ err: error }, error instanceof Error ? error.message : 'worker failed to start');
    await lifecycle.exit(1);
  }
}
