import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DEFAULT_CAPTCHA_COUNTER_MAX } from '@campus/api/auth/captcha';
import { startApi } from '@campus/api/server';
import { createLocalImageStore } from '@campus/api/uploads/local-image-store';
import type { Database } from '@campus/shared/server/db/client';
import { createMailer } from '@campus/shared/server/mail/mailer';
import { createProducer } from '@campus/shared/server/queue';
import { closeRedis, openCheckedRedis } from '@campus/shared/server/redis';
import { createLocalSheetStore } from '@campus/shared/server/sheets/local-sheet-store';
import {
  TEST_AUTH_SECRET,
  TEST_PAY_TO,
  TEST_PUBLIC_URL,
  TEST_SHEET_WRITES_PER_MINUTE,
} from './app';
import { testLog } from './logger';
import { testRedisUrl } from './redis';

/**
 * An api replica as production starts it (startApi: its own Redis connections, its HTTP server on
 * a free port of 127.0.0.1), over a shared test database. Replicas given the same prefix share
 * queues, channels and the event log, as replicas of one deployment do.
 */
export async function startTestApi(options: {
  database: Database;
  prefix: string;
  /** Defaults to the test run's Redis. */
  redisUrl?: string;
  eventsHeartbeatMs?: number;
}) {
  const redis = await openCheckedRedis(options.redisUrl ?? testRedisUrl(), 'producer', testLog);
  const producer = createProducer(redis, options.prefix, testLog);
  const dir = mkdtempSync(join(tmpdir(), 'campus-api-'));
  const uploadsDir = join(dir, 'uploads');
  const mailer = createMailer({
    outboxDir: join(dir, 'outbox'),
    from: 'CampusBucket <no-reply@campus.test>',
    log: testLog,
  });
  const api = await startApi({
    database: options.database,
    redis,
    producer,
    log: testLog,
    host: '127.0.0.1',
    port: 0,
    webDistDir: join(tmpdir(), 'campus-no-web-here'),
    queuePrefix: options.prefix,
    mailer,
    authSecret: TEST_AUTH_SECRET,
    publicUrl: TEST_PUBLIC_URL,
    trustProxy: false,
    captchaCounterMax: DEFAULT_CAPTCHA_COUNTER_MAX,
    sheetWritesPerMinute: TEST_SHEET_WRITES_PER_MINUTE,
    eventsHeartbeatMs: options.eventsHeartbeatMs,
    adapters: {
      sheets: createLocalSheetStore(options.database.db),
      images: createLocalImageStore({ dir: uploadsDir }),
      uploadsDir,
      payToDefault: TEST_PAY_TO,
    },
  });
  let closed = false;
  return {
    url: api.url,
    events: api.events,
    redis,
    /** A request to this replica over HTTP, as `app.request` is in-process. */
    request: (path: string, init?: RequestInit) => fetch(`${api.url}${path}`, init),
    /** Stops the server as on SIGTERM, then closes its Redis connections and removes its files. */
    close: async () => {
      if (closed) return;
      closed = true;
      await api.close();
      await producer.close();
      await closeRedis(redis);
      mailer.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

export type TestApi = Awaited<ReturnType<typeof startTestApi>>;
