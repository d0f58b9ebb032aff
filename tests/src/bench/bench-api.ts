// The api as production starts it (startApi: its middleware, its catalogue cache synced over
// Redis), in the bench's process on a database the caller opened, for autocannon to load: checkout
// over HTTP profiles it there (the catalogue's api runs in a process of its own, api-process.ts).
// It logs as production does, an access line per request at 'info', into DATA_DIR's api.log.
import { join } from 'node:path';
import { type RunningApi, startApi } from '@campus/api/server';
import { createLocalImageStore } from '@campus/api/uploads/local-image-store';
import { freePort } from '@campus/shared/dev/free-port';
import type { Database } from '@campus/shared/server/db/client';
import { createLogger, flushLogger } from '@campus/shared/server/logger';
import { createMailer } from '@campus/shared/server/mail/mailer';
import type { Metrics } from '@campus/shared/server/metrics/metrics';
import { createProducer } from '@campus/shared/server/queue';
import { closeRedis, openCheckedRedis } from '@campus/shared/server/redis';
import { createLocalSheetStore } from '@campus/shared/server/sheets/local-sheet-store';
import { TEST_PAY_TO } from '../support/app';

/** Signs the bench api's sessions and captcha challenges. */
export const BENCH_AUTH_SECRET = 'bench-only-secret-that-is-long-enough-0123456789abcdef';

/** Starts the api; every closer it opens goes on `resources`, to be run in reverse. */
export async function startBenchApi(options: {
  database: Database;
  redisUrl: string;
  queuePrefix: string;
  dataDir: string;
  captchaCounterMax: number;
  resources: Array<() => Promise<unknown>>;
  /** The api's metrics, for the caller to read; default: its own. */
  metrics?: Metrics;
}): Promise<RunningApi> {
  const { database, resources } = options;
  const log = createLogger({
    level: 'info',
    service: 'api',
    destination: join(options.dataDir, 'api.log'),
  });
  resources.push(() => flushLogger(log));
  const redis = await openCheckedRedis(options.redisUrl, 'producer', log);
  resources.push(() => closeRedis(redis));
  const producer = createProducer(redis, options.queuePrefix, log);
  resources.push(producer.close);
  const port = await freePort();
  const api = await startApi({
    database,
    redis,
    producer,
    log,
    host: '127.0.0.1',
    port,
    webDistDir: 'web/dist',
    queuePrefix: options.queuePrefix,
    sheetWritesPerMinute: 60,
    mailer: createMailer({
      outboxDir: join(options.dataDir, 'outbox'),
      from: 'CampusBucket bench <bench@localhost>',
      log,
    }),
    authSecret: BENCH_AUTH_SECRET,
    publicUrl: `http://127.0.0.1:${port}`,
    trustProxy: false,
    captchaCounterMax: options.captchaCounterMax,
    metrics: options.metrics,
    adapters: {
      sheets: createLocalSheetStore(database.db),
      images: createLocalImageStore({ dir: join(options.dataDir, 'uploads') }),
      uploadsDir: join(options.dataDir, 'uploads'),
      payToDefault: TEST_PAY_TO,
    },
  });
  resources.push(api.close);
  return api;
}
