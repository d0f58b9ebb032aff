import type { AddressInfo } from 'node:net';
import { CatalogueCache } from '@campus/shared/server/catalogue/cache';
import { databaseCatalogueSource } from '@campus/shared/server/catalogue/queries';
import { startCatalogueSync } from '@campus/shared/server/catalogue/sync';
import type { Database } from '@campus/shared/server/db/client';
import type { Mailer } from '@campus/shared/server/mail/mailer';
import { countMails } from '@campus/shared/server/metrics/mailer-metrics';
import { createMetrics, type Metrics } from '@campus/shared/server/metrics/metrics';
import { countSheetWrites } from '@campus/shared/server/metrics/sheet-store-metrics';
import { startPeriodic } from '@campus/shared/server/periodic';
import type { Producer } from '@campus/shared/server/queue';
import { guardSheetStore } from '@campus/shared/server/sheets/guarded-sheet-store';
import type { Redis } from 'ioredis';
import type { Logger } from 'pino';
import type { ApiAdapters } from './adapters';
import { createApp } from './app';
import { createAccountServices } from './auth/services';
import { RepeatAnswers } from './catalogue/repeat-answers';
import { LiveEvents } from './events/live-events';
import { serveHttp } from './serve';
import { moveOldScreenshots } from './uploads/move-old-screenshots';
import { sweepUnattachedUploads, UPLOAD_SWEEP_EVERY_MS } from './uploads/sweep-unattached';

// How long requests under way may take to finish once the server is told to stop.
const SHUTDOWN_GRACE_MS = 10_000;

export interface RunningApi {
  url: string;
  /** Live updates of this replica: publishOrder, and the streams it serves. */
  events: LiveEvents;
  /** Ends the open event streams, then stops the server (requests under way may finish). */
  close(): Promise<void>;
}

/** Starts the HTTP server on an already-opened database and Redis. */
export async function startApi(options: {
  database: Database;
  redis: Redis;
  producer: Producer;
  log: Logger;
  host: string;
  port: number;
  webDistDir: string;
  /** Names the Redis channel on which replicas share catalogue invalidations. */
  queuePrefix: string;
  mailer: Mailer;
  /** Signs sessions and captcha challenges; the same in every replica. */
  authSecret: string;
  publicUrl: string;
  trustProxy: boolean;
  /** The captcha's proof-of-work bound (CAPTCHA_COUNTER_MAX). */
  captchaCounterMax: number;
  /** WhatsApp number of the floating chat link; unset hides the link. */
  whatsappNumber?: string;
  /** The orders spreadsheet, images and pay-to default, picked from configuration. */
  adapters: ApiAdapters;
  /** Sheet appends allowed per rolling minute across every process (SHEETS_WRITES_PER_MINUTE). */
  sheetWritesPerMinute: number;
  /** How often open event streams get a heartbeat (EVENTS_HEARTBEAT_SECONDS); 15 s by default. */
  eventsHeartbeatMs?: number;
  /** The process's metrics; the all-in-one process shares one with its worker. Default: new. */
  metrics?: Metrics;
  /** METRICS_TOKEN: lets a scraper read GET /metrics; unset: super admins only. */
  metricsToken?: string;
}): Promise<RunningApi> {
  const metrics = options.metrics ?? createMetrics({ processMetrics: true });
  const catalogue = new CatalogueCache(databaseCatalogueSource(options.database.db));
  const repeats = new RepeatAnswers(catalogue);
  const catalogueSync = await startCatalogueSync({
    cache: catalogue,
    redis: options.redis,
    queuePrefix: options.queuePrefix,
    log: options.log,
  });
  const accounts = createAccountServices({
    db: options.database.db,
    redis: options.redis,
    keyPrefix: options.queuePrefix,
    mailer: countMails(options.mailer, metrics),
    secret: options.authSecret,
    publicUrl: options.publicUrl,
    trustProxy: options.trustProxy,
    log: options.log,
    captchaCounterMax: options.captchaCounterMax,
  });
  const events = new LiveEvents({
    redis: options.redis,
    prefix: options.queuePrefix,
    log: options.log,
    heartbeatMs: options.eventsHeartbeatMs,
  });
  const app = createApp({
    log: options.log,
    events,
    webDistDir: options.webDistDir,
    catalogue,
    repeats,
    accounts,
    publicUrl: options.publicUrl,
    whatsappNumber: options.whatsappNumber ?? null,
    producer: options.producer,
    ...options.adapters,
    metrics,
    metricsToken: options.metricsToken ?? null,
    sheets: guardSheetStore(countSheetWrites(options.adapters.sheets, metrics), {
      redis: options.redis,
      prefix: options.queuePrefix,
      writesPerMinute: options.sheetWritesPerMinute,
    }),
    health: {
      database: () => options.database.ping(),
      databaseWrite: () => options.database.probeWrite(),
      redis: async () => {
        await options.redis.ping();
      },
    },
  });
  // Screenshots an earlier version kept among the public photos are private from this start on.
  const uploadsDir = options.adapters.uploadsDir;
  if (uploadsDir) {
    await moveOldScreenshots({ db: options.database.db, dir: uploadsDir, log: options.log }).catch(
      (error: unknown) =>
        options.log.error(
          { err: error },
          'old payment screenshots not moved; the next start retries',
        ),
    );
  }
  // Uploads no order or item took are swept by the process that holds the image store.
  const sweep = startPeriodic(
    'unattached uploads',
    UPLOAD_SWEEP_EVERY_MS,
    () =>
      sweepUnattachedUploads({
        db: options.database.db,
        images: options.adapters.images,
        log: options.log,
      }),
    options.log,
  );
  const server = serveHttp({
    fetch: app.fetch,
    hostname: options.host,
    port: options.port,
    answerFirst: repeats.answerFirst(metrics, options.log),
  });
  // Once stopping, every answer closes its connection: keep-alive clients reconnect to another
  // replica instead of holding this one open.
  let stopping = false;
  server.prependListener('request', (_request, response) => {
    if (stopping) response.shouldKeepAlive = false;
  });
  try {
    await new Promise<void>((resolve, reject) => {
      server.once('listening', resolve);
      server.once('error', reject);
    });
  } catch (error) {
    await events.close();
    await sweep.close();
    await catalogueSync.close();
    throw error;
  }
  const { port } = server.address() as AddressInfo;
  // As PUBLIC_URL's default names this machine, so that the link printed is the one it accepts.
  const shownHost = ['0.0.0.0', '127.0.0.1'].includes(options.host) ? 'localhost' : options.host;
  return {
    url: `http://${shownHost}:${port}`,
    events,
    close: async () => {
      stopping = true;
      // Open streams never finish by themselves: ended first, their browsers reconnect to
      // another replica, and their connections (Connection: close) do not hold this one open.
      await events.close();
      const closed = new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
      });
      server.closeIdleConnections();
      const cutOff = setTimeout(() => server.closeAllConnections(), SHUTDOWN_GRACE_MS);
      try {
        await closed;
      } finally {
        clearTimeout(cutOff);
        await sweep.close();
        await catalogueSync.close();
      }
    },
  };
}
