import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createApp } from '@campus/api/app';
import { type AccountServices, createAccountServices } from '@campus/api/auth/services';
import { RepeatAnswers } from '@campus/api/catalogue/repeat-answers';
import { LiveEvents } from '@campus/api/events/live-events';
import type { ImageStore } from '@campus/api/uploads/image-store';
import { createLocalImageStore } from '@campus/api/uploads/local-image-store';
import { CatalogueCache } from '@campus/shared/server/catalogue/cache';
import { databaseCatalogueSource } from '@campus/shared/server/catalogue/queries';
import type { Database } from '@campus/shared/server/db/client';
import { createMailer, type Mailer } from '@campus/shared/server/mail/mailer';
import { createMetrics, type Metrics } from '@campus/shared/server/metrics/metrics';
import { createProducer, type Producer } from '@campus/shared/server/queue';
import { guardSheetStore } from '@campus/shared/server/sheets/guarded-sheet-store';
import { createLocalSheetStore } from '@campus/shared/server/sheets/local-sheet-store';
import type { SheetStore } from '@campus/shared/server/sheets/sheet-store';
import type { Redis } from 'ioredis';
import type { Logger } from 'pino';
import { testLog } from './logger';
import { testQueuePrefix } from './redis';

export const TEST_PUBLIC_URL = 'http://campus.test';
export const TEST_AUTH_SECRET = 'test-secret-that-is-long-enough-for-better-auth-0123456789';

export interface TestAppOptions {
  database: Database;
  redis: Redis;
  /** Defaults to a new random test prefix (Redis keys of captcha, rate limits, channels). */
  prefix?: string;
  /** Defaults to an outbox mailer writing to a fresh temporary folder. */
  mailer?: Mailer;
  catalogue?: CatalogueCache;
  webDistDir?: string;
  /** Defaults to a producer on the test prefix; close it with the app's `close`. */
  producer?: Producer;
  /** Defaults to the local sheet store on the test database. */
  sheets?: SheetStore;
  /** Sheet appends a minute (the shared budget); defaults to TEST_SHEET_WRITES_PER_MINUTE. */
  sheetWritesPerMinute?: number;
  /** Defaults to the local image store in a fresh temporary folder. */
  images?: ImageStore;
  /** The address people open (PUBLIC_URL); defaults to TEST_PUBLIC_URL, plain http. */
  publicUrl?: string;
  /** Heartbeats of open event streams; defaults to production's 15 s. */
  eventsHeartbeatMs?: number;
  /** The app's metrics (GET /metrics); defaults to a registry of its own. */
  metrics?: Metrics;
  /** METRICS_TOKEN; defaults to none (super admins only). */
  metricsToken?: string;
  /** The app's logger (its access lines); defaults to the silent test logger. */
  log?: Logger;
}

/** Sheet appends a minute for a test's api and worker: more than any test makes. */
export const TEST_SHEET_WRITES_PER_MINUTE = 600;

/** The pay-to account tests see for a campus without its own. */
export const TEST_PAY_TO = {
  accountTitle: 'CampusBucket Test',
  bankName: 'Test Bank',
  accountNumber: 'PK00 TEST 0000 0000',
};

/** The api app as production builds it, on a test database and Redis. */
export function createTestApp(options: TestAppOptions) {
  const prefix = options.prefix ?? testQueuePrefix();
  const publicUrl = options.publicUrl ?? TEST_PUBLIC_URL;
  // Temporary folders this app made; `close` removes them.
  const made: string[] = [];
  const tempDir = (name: string) => {
    const dir = mkdtempSync(join(tmpdir(), name));
    made.push(dir);
    return dir;
  };
  const mailer =
    options.mailer ??
    createMailer({
      outboxDir: tempDir('campus-outbox-'),
      from: 'CampusBucket <no-reply@campus.test>',
      log: testLog,
    });
  const catalogue =
    options.catalogue ?? new CatalogueCache(databaseCatalogueSource(options.database.db));
  const accounts: AccountServices = createAccountServices({
    db: options.database.db,
    redis: options.redis,
    keyPrefix: prefix,
    mailer,
    secret: TEST_AUTH_SECRET,
    publicUrl,
    trustProxy: true,
    log: testLog,
  });
  const producer = options.producer ?? createProducer(options.redis, prefix, testLog);
  const sheets = guardSheetStore(options.sheets ?? createLocalSheetStore(options.database.db), {
    redis: options.redis,
    prefix,
    writesPerMinute: options.sheetWritesPerMinute ?? TEST_SHEET_WRITES_PER_MINUTE,
  });
  const uploadsDir = tempDir('campus-uploads-');
  const images = options.images ?? createLocalImageStore({ dir: uploadsDir });
  // Listens on Redis only once a test opens an event stream; `close` ends it.
  const events = new LiveEvents({
    redis: options.redis,
    prefix,
    log: testLog,
    heartbeatMs: options.eventsHeartbeatMs,
  });
  const metrics = options.metrics ?? createMetrics();
  const repeats = new RepeatAnswers(catalogue);
  const app = createApp({
    log: options.log ?? testLog,
    metrics,
    metricsToken: options.metricsToken ?? null,
    events,
    webDistDir: options.webDistDir ?? join(tmpdir(), 'campus-no-web-here'),
    catalogue,
    repeats,
    accounts,
    publicUrl,
    producer,
    sheets,
    images,
    uploadsDir: 'dir' in images && typeof images.dir === 'string' ? images.dir : null,
    payToDefault: TEST_PAY_TO,
    health: {
      database: () => options.database.ping(),
      databaseWrite: () => options.database.probeWrite(),
      redis: async () => {
        await options.redis.ping();
      },
    },
  });
  return {
    app,
    repeats,
    accounts,
    mailer,
    catalogue,
    prefix,
    producer,
    sheets,
    images,
    uploadsDir,
    events,
    metrics,
    /**
     * Closes what the test app opened itself (the producer's queues, the event streams and their
     * subscriber) and removes its folders.
     */
    close: async () => {
      await events.close();
      if (!options.producer) await producer.close();
      for (const dir of made) rmSync(dir, { recursive: true, force: true });
    },
  };
}
