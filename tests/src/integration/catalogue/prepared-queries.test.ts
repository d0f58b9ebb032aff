import type { Database, Db } from '@campus/shared/server/db/client';
import { preparedInsert, preparedInserts, preparedRows } from '@campus/shared/server/db/prepared';
import { outbox, usedCaptchas } from '@campus/shared/server/db/schema';
import {
  insertOutboxRows,
  NEW_OUTBOX_FIELDS,
  type NewOutboxRow,
} from '@campus/shared/server/outbox';
import { eq, like, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { engine, openTestDatabase } from '../../support/database';

// The checkout's hot queries are built once and sent as named prepared statements: they must
// still run inside the transaction that runs them, and take new values at every call.

let database: Database;

beforeAll(async () => {
  database = await openTestDatabase();
});

afterAll(async () => {
  await database.close();
});

type Used = { nonce: string; submission: string; expiresAt: Date };

const insertUsedRows = preparedInsert(
  'test_insert_used_captchas',
  ['nonce', 'submission', 'expiresAt'],
  (db, rows: Used[], returning) => db.insert(usedCaptchas).values(rows).returning(returning),
  { submission: usedCaptchas.submission, nonce: usedCaptchas.nonce },
);
const insertUsed = (db: Db, row: Used) => insertUsedRows(db, [row]);

const resubmit = preparedRows<
  { nonce: typeof usedCaptchas.nonce },
  { nonce: string; submission: string }
>('test_resubmit_captcha', { nonce: usedCaptchas.nonce }, (db, returning) =>
  db
    .update(usedCaptchas)
    .set({ submission: sql`${sql.placeholder('submission')}` })
    .where(eq(usedCaptchas.nonce, sql.placeholder('nonce')))
    .returning(returning),
);

const submissionOf = preparedRows(
  'test_submission_of_captcha',
  { submission: usedCaptchas.submission },
  (db, fields) =>
    db
      .select(fields)
      .from(usedCaptchas)
      .where(eq(usedCaptchas.nonce, sql.placeholder('nonce'))),
);

// Fields in an order of their own, not the table's.
const usedOf = preparedRows<
  { submission: typeof usedCaptchas.submission; nonce: typeof usedCaptchas.nonce },
  { nonces: string[] }
>(
  'test_used_captchas_of',
  { submission: usedCaptchas.submission, nonce: usedCaptchas.nonce },
  (db, fields) =>
    db
      .select(fields)
      .from(usedCaptchas)
      .where(sql`${usedCaptchas.nonce} = any(${sql.placeholder('nonces')})`)
      .orderBy(usedCaptchas.nonce),
);

const find = async (db: Db, nonce: string) => submissionOf(db, { nonce });

// Two tables in one statement: used captchas in a WITH clause, jobs in the main insert.
const insertUsedAndJobs = preparedInserts<
  { used: Used; jobs: NewOutboxRow },
  { jobId: typeof outbox.jobId }
>(
  'test_insert_used_and_jobs',
  { used: ['nonce', 'submission', 'expiresAt'], jobs: NEW_OUTBOX_FIELDS },
  (db, rows, returning) => {
    const used = db.$with('used').as(db.insert(usedCaptchas).values(rows.used));
    return insertOutboxRows(db.with(used), rows.jobs, returning);
  },
  { jobId: outbox.jobId },
);

describe(`prepared queries on ${engine}`, () => {
  it('take new values at every call, dates included', async () => {
    const { db } = database;
    const expiresAt = new Date('2026-11-28T12:34:56.789Z');
    await insertUsed(db, { nonce: 'n-1', submission: 's-1', expiresAt });
    await insertUsed(db, { nonce: 'n-2', submission: 's-2', expiresAt });
    expect(await find(db, 'n-1')).toEqual([{ submission: 's-1' }]);
    expect(await find(db, 'n-2')).toEqual([{ submission: 's-2' }]);
    const [stored] = await db
      .select({ expiresAt: usedCaptchas.expiresAt })
      .from(usedCaptchas)
      .where(eq(usedCaptchas.nonce, 'n-1'));
    expect(stored?.expiresAt).toEqual(expiresAt);
    expect(await find(db, 'n-3')).toEqual([]);
    expect(await resubmit(db, { nonce: 'n-2', submission: 's-2b' })).toEqual([{ nonce: 'n-2' }]);
    expect(await resubmit(db, { nonce: 'n-3', submission: 's-3' })).toEqual([]);
    expect(await find(db, 'n-2')).toEqual([{ submission: 's-2b' }]);
  });

  it('insert any number of rows, prepared or, past a few, built at each call', async () => {
    const { db } = database;
    const expiresAt = new Date();
    for (const count of [2, 3, 40]) {
      const rows = Array.from({ length: count }, (_, i) => ({
        nonce: `many-${count}-${i}`,
        submission: `s-${i}`,
        expiresAt,
      }));
      const written = rows.map(({ nonce, submission }) => ({ submission, nonce }));
      expect(await insertUsedRows(db, rows)).toEqual(written);
      const nonces = rows.map((row) => row.nonce);
      expect(await usedOf(db, { nonces })).toHaveLength(count);
    }
  });

  it('insert into several tables in one statement, all or nothing', async () => {
    const { db } = database;
    const expiresAt = new Date();
    for (const [usedCount, jobCount] of [
      [1, 2],
      [2, 1],
      [1, 20],
    ] as const) {
      const tag = `groups-${usedCount}-${jobCount}`;
      const used = Array.from({ length: usedCount }, (_, i) => ({
        nonce: `${tag}-${i}`,
        submission: 's',
        expiresAt,
      }));
      const jobs = Array.from({ length: jobCount }, (_, i) => ({
        jobName: 'check-screenshot',
        jobId: `${tag}-job-${i}`,
        payload: { orderId: tag },
      }));
      expect(await insertUsedAndJobs(db, { used, jobs })).toEqual(
        jobs.map(({ jobId }) => ({ jobId })),
      );
      expect(await usedOf(db, { nonces: used.map((row) => row.nonce) })).toHaveLength(usedCount);
    }
    // A used captcha already there fails the statement: its jobs are not written either.
    await expect(
      insertUsedAndJobs(db, {
        used: [{ nonce: 'groups-1-2-0', submission: 's', expiresAt }],
        jobs: [{ jobName: 'check-screenshot', jobId: 'groups-again-job', payload: {} }],
      }),
    ).rejects.toThrow();
    expect(await db.select().from(outbox).where(like(outbox.jobId, 'groups-again-%'))).toEqual([]);
  });

  it('run inside the transaction that runs them: its rollback takes their writes back', async () => {
    const { db } = database;
    const expiresAt = new Date();
    await expect(
      db.transaction(async (tx) => {
        await insertUsed(tx, { nonce: 'n-rolled-back', submission: 's', expiresAt });
        // The transaction sees its own write through a prepared query.
        expect(await find(tx, 'n-rolled-back')).toHaveLength(1);
        throw new Error('give up');
      }),
    ).rejects.toThrow('give up');
    expect(await find(db, 'n-rolled-back')).toEqual([]);
    await db.transaction(async (tx) => {
      await insertUsed(tx, { nonce: 'n-committed', submission: 's', expiresAt });
    });
    expect(await find(db, 'n-committed')).toHaveLength(1);
  });

  it('give rows as objects of the fields asked for, inside a transaction too', async () => {
    const { db } = database;
    const expiresAt = new Date();
    await insertUsed(db, { nonce: 'r-1', submission: 'first', expiresAt });
    await insertUsed(db, { nonce: 'r-2', submission: 'second', expiresAt });
    expect(await usedOf(db, { nonces: ['r-2', 'r-1', 'r-none'] })).toEqual([
      { submission: 'first', nonce: 'r-1' },
      { submission: 'second', nonce: 'r-2' },
    ]);
    await expect(
      db.transaction(async (tx) => {
        await insertUsed(tx, { nonce: 'r-3', submission: 'third', expiresAt });
        expect(await usedOf(tx, { nonces: ['r-3'] })).toEqual([
          { submission: 'third', nonce: 'r-3' },
        ]);
        throw new Error('give up');
      }),
    ).rejects.toThrow('give up');
    expect(await usedOf(db, { nonces: ['r-3'] })).toEqual([]);
  });

  it('refuse a call that lacks a value', async () => {
    await expect(
      insertUsed(database.db, { nonce: 'n-4', submission: 's' } as unknown as Used),
    ).rejects.toThrow('test_insert_used_captchas: no value for expiresAt');
    await expect(
      resubmit(database.db, { nonce: 'n-1' } as unknown as { nonce: string; submission: string }),
    ).rejects.toThrow('No value for placeholder "submission"');
  });
});
