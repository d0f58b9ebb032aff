import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createApp } from '@campus/api/app';
import { type AccountServices, createAccountServices } from '@campus/api/auth/services';
import { CatalogueCache } from '@campus/shared/server/catalogue/cache';
import { databaseCatalogueSource } from '@campus/shared/server/catalogue/queries';
import type { Database } from '@campus/shared/server/db/client';
import { createMailer, type Mailer } from '@campus/shared/server/mail/mailer';
import type { Redis } from 'ioredis';
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
}

/** The api app as production builds it, on a test database and Redis. */
export function createTestApp(options: TestAppOptions) {
  const prefix = options.prefix ?? testQueuePrefix();
  const mailer =
    options.mailer ??
    createMailer({
      outboxDir: mkdtempSync(join(tmpdir(), 'campus-outbox-')),
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
    publicUrl: TEST_PUBLIC_URL,
    trustProxy: true,
    log: testLog,
  });
  const app = createApp({
    log: testLog,
    webDistDir: options.webDistDir ?? join(tmpdir(), 'campus-no-web-here'),
    catalogue,
    accounts,
    publicUrl: TEST_PUBLIC_URL,
    health: {
      database: () => options.database.ping(),
      redis: async () => {
        await options.redis.ping();
      },
    },
  });
  return { app, accounts, mailer, catalogue, prefix };
}
