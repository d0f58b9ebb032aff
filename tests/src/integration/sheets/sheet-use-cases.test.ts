import { appendSheetRows } from '@campus/api/sheets/append-sheet-rows';
import { createSheetTab } from '@campus/api/sheets/create-sheet-tab';
import { deleteSheetTab } from '@campus/api/sheets/delete-sheet-tab';
import { ensureMasterTab } from '@campus/api/sheets/ensure-master-tab';
import { findUser } from '@campus/api/users/find-user';
import type { TUserProfile } from '@campus/shared/domain/entities';
import { MASTER_TAB_NAME, SHEET_TAB_MESSAGES, sheetTabName } from '@campus/shared/domain/sheet-tab';
import type { Database } from '@campus/shared/server/db/client';
import { auditLog } from '@campus/shared/server/db/schema';
import { createProducer, type Producer } from '@campus/shared/server/queue';
import { openCheckedRedis } from '@campus/shared/server/redis';
import {
  createLocalSheetStore,
  type LocalSheetStore,
} from '@campus/shared/server/sheets/local-sheet-store';
import { SheetStoreError } from '@campus/shared/server/sheets/sheet-store';
import { and, eq } from 'drizzle-orm';
import type { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hex } from '../../support/admin';
import { engine, openTestDatabase } from '../../support/database';
import { testLog } from '../../support/logger';
import { createPerson } from '../../support/people';
import { testQueuePrefix, testRedisUrl } from '../../support/redis';

// The operators' sheet calls of docs/product.md §7 as use cases, called directly (the routes' tests
// go through HTTP): tab jobs queued under a new id per request and audited, rows appended at once.

let database: Database;
let redis: Redis;
let producer: Producer;
let sheets: LocalSheetStore;
let superAdmin: TUserProfile;

const deps = () => ({ db: database.db, producer, sheets, log: testLog });

const auditOf = (tabName: string) =>
  database.db
    .select({ action: auditLog.action, details: auditLog.details })
    .from(auditLog)
    .where(and(eq(auditLog.entity, 'sheet-tab'), eq(auditLog.entityId, tabName)));

beforeAll(async () => {
  database = await openTestDatabase();
  redis = await openCheckedRedis(testRedisUrl(), 'producer', testLog);
  producer = createProducer(redis, testQueuePrefix(), testLog);
  sheets = createLocalSheetStore(database.db);
  const made = await createPerson(database.db, 'superAdmin');
  superAdmin = (await findUser(database.db, made.id)) as TUserProfile;
});

afterAll(async () => {
  await producer?.close();
  redis?.disconnect();
  await database?.close();
});

describe(`tab jobs on ${engine}`, () => {
  it('queues a tab’s creation and deletion, each a new job, and audits both', async () => {
    const request = { universityName: `Uni ${hex()}`, campusName: 'Main' };
    const created = await createSheetTab(deps(), superAdmin, request);
    const tabName = sheetTabName(request.universityName, request.campusName);
    expect(created.tabName).toBe(tabName);
    const job = await producer.queue('sheets').getJob(created.jobId);
    expect(job?.name).toBe('create-sheet-tab');
    expect(job?.data).toEqual({ tabName });
    const deleted = await deleteSheetTab(deps(), superAdmin, request);
    expect((await producer.queue('sheets').getJob(deleted.jobId))?.name).toBe('delete-sheet-tab');
    const again = await createSheetTab(deps(), superAdmin, request);
    expect(again.jobId).not.toBe(created.jobId);
    expect(await auditOf(tabName)).toEqual([
      { action: 'create', details: { jobId: created.jobId } },
      { action: 'delete', details: { jobId: deleted.jobId } },
      { action: 'create', details: { jobId: again.jobId } },
    ]);
  });

  it('refuses names that make no tab, or the Master tab, and queues nothing', async () => {
    const counts = () => producer.queue('sheets').getJobCounts();
    const before = await counts();
    await expect(
      createSheetTab(deps(), superAdmin, { universityName: '!!!', campusName: '???' }),
    ).rejects.toMatchObject({ status: 400, fields: { campusName: SHEET_TAB_MESSAGES.empty } });
    await expect(
      deleteSheetTab(deps(), superAdmin, { universityName: 'Master', campusName: '' }),
    ).rejects.toMatchObject({ status: 400 });
    expect(await counts()).toEqual(before);
  });

  it('queues making sure the Master tab exists', async () => {
    const master = await ensureMasterTab(deps());
    expect(master.tabName).toBe(MASTER_TAB_NAME);
    expect((await producer.queue('sheets').getJob(master.jobId))?.name).toBe('ensure-master-tab');
  });
});

describe(`manual appends on ${engine}`, () => {
  it('appends the rows as they are, at once, and audits how many', async () => {
    const tabName = `Manual_${hex()}`;
    await sheets.ensureTab(tabName, ['A', 'B']);
    const rows = [
      ['one', 1],
      ['two', 2],
    ];
    expect(await appendSheetRows(deps(), superAdmin, tabName, { values: rows })).toBe(2);
    expect((await sheets.readTab(tabName))?.rows).toEqual(rows);
    expect(await auditOf(tabName)).toEqual([{ action: 'append', details: { rows: 2 } }]);
  });

  it('leaves the sheet’s refusal to the caller, and audits nothing', async () => {
    const tabName = `Missing_${hex()}`;
    const append = appendSheetRows(deps(), superAdmin, tabName, { values: [['x']] });
    await expect(append).rejects.toBeInstanceOf(SheetStoreError);
    expect(await auditOf(tabName)).toEqual([]);
  });
});
