import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Database } from '@campus/shared/server/db/client';
import { createOrderEventPublisher } from '@campus/shared/server/events/order-events';
import { createMailer, type Mailer } from '@campus/shared/server/mail/mailer';
import { guardSheetStore } from '@campus/shared/server/sheets/guarded-sheet-store';
import { createLocalSheetStore } from '@campus/shared/server/sheets/local-sheet-store';
import type { SheetStore } from '@campus/shared/server/sheets/sheet-store';
import type { WorkerDeps } from '@campus/worker/job-context';
import type { ReceiptDeps } from '@campus/worker/receipts/read-order-receipt';
import { createReceiptReader } from '@campus/worker/receipts/receipt-reader';
import { createScreenshotSource } from '@campus/worker/receipts/screenshot-source';
import type { Redis } from 'ioredis';
import { TEST_PUBLIC_URL, TEST_SHEET_WRITES_PER_MINUTE } from './app';
import { testLog } from './logger';

/** What a worker needs, for tests: the local sheet store and an outbox mailer by default. */
export function testWorkerDeps(options: {
  database: Database;
  redis: Redis;
  prefix: string;
  sheets?: SheetStore;
  mailer?: Mailer;
  sheetWritesPerMinute?: number;
  /** By default the screenshots are looked for in an empty folder: none is read. */
  receipts?: ReceiptDeps;
}): WorkerDeps {
  return {
    database: options.database,
    log: testLog,
    sheets: guardSheetStore(options.sheets ?? createLocalSheetStore(options.database.db), {
      redis: options.redis,
      prefix: options.prefix,
      writesPerMinute: options.sheetWritesPerMinute ?? TEST_SHEET_WRITES_PER_MINUTE,
    }),
    mailer:
      options.mailer ??
      createMailer({
        outboxDir: mkdtempSync(join(tmpdir(), 'campus-worker-outbox-')),
        from: 'CampusBucket <no-reply@campus.test>',
        log: testLog,
      }),
    publicUrl: TEST_PUBLIC_URL,
    receipts: options.receipts ?? {
      // Its engine starts at the first picture found: never, here.
      reader: createReceiptReader({ timeLimitMs: 60_000 }),
      screenshot: createScreenshotSource({ uploadsDir: join(tmpdir(), 'campus-no-uploads') }),
    },
    events: createOrderEventPublisher({
      redis: options.redis,
      prefix: options.prefix,
      log: testLog,
    }),
  };
}
