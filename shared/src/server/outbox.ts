import { and, asc, eq, inArray, isNull, lt, sql } from 'drizzle-orm';
import type { Logger } from 'pino';
import type { Db } from './db/client';
import { type InsertRow, preparedInsert, preparedRows } from './db/prepared';
import { outbox } from './db/schema';
import { COMPLETED_JOBS_KEPT_S, JOBS, type JobName, type OutboxJob } from './jobs';
import { startPeriodic } from './periodic';
import type { Producer } from './queue';

// The transactional outbox (docs/architecture.md §3.2-3.3): jobs are rows written with the business
// change, so a job exists exactly when the change committed. Enqueueing is at-least-once and
// BullMQ's job id makes a repeat harmless.

type OutboxRow = typeof outbox.$inferSelect;

/** An outbox row as enqueueOutboxRows takes it. */
export type WrittenOutboxRow = Pick<OutboxRow, 'id' | 'jobName' | 'jobId' | 'payload'>;

/** What is returned of the outbox rows a statement wrote. */
export const WRITTEN_FIELDS = {
  id: outbox.id,
  jobName: outbox.jobName,
  jobId: outbox.jobId,
  payload: outbox.payload,
};

/** An outbox row as a statement writes it: the other columns take their defaults. */
export type NewOutboxRow = InsertRow<typeof outbox, 'jobName' | 'jobId' | 'payload'>;
export const NEW_OUTBOX_FIELDS = ['jobName', 'jobId', 'payload'] as const;

/**
 * The insert of jobs into the outbox, on `db` or on a query builder that goes with other writes: a
 * job id already there is not written again, and the rows written return `returning`.
 */
export function insertOutboxRows<F extends Partial<typeof WRITTEN_FIELDS>>(
  db: Pick<Db, 'insert'>,
  rows: NewOutboxRow[],
  returning: F,
) {
  return db
    .insert(outbox)
    .values(rows)
    .onConflictDoNothing({ target: outbox.jobId })
    .returning(returning);
}

// Every checkout writes its jobs.
const insertJobs = preparedInsert<NewOutboxRow, typeof WRITTEN_FIELDS>(
  'write_outbox',
  NEW_OUTBOX_FIELDS,
  insertOutboxRows,
  WRITTEN_FIELDS,
);

/**
 * Writes the jobs in the caller's transaction; returns the rows it wrote (a job id already in the
 * outbox is not written again), for enqueueOutboxRows once the transaction has committed.
 */
export async function writeOutbox(tx: Db, jobs: readonly OutboxJob[]): Promise<WrittenOutboxRow[]> {
  if (jobs.length === 0) return [];
  return insertJobs(tx, jobs);
}

// After every checkout: its rows that Redis took.
const markEnqueued = preparedRows<Record<never, never>, { ids: number[]; at: Date }>(
  'mark_outbox_enqueued',
  {},
  (db) =>
    db
      .update(outbox)
      .set({ enqueuedAt: sql`${sql.placeholder('at')}` })
      .where(sql`${outbox.id} = any(${sql.placeholder('ids')})`),
);

/**
 * Enqueues the given outbox rows and marks those Redis took: each queue's rows in their order, the
 * queues at once (a checkout's sheet and mail jobs cost one round trip, not two). Never throws: at
 * the first row of a queue Redis does not take, it records the error and leaves that row and the
 * queue's rest to the relay.
 */
export async function enqueueOutboxRows(
  db: Db,
  producer: Producer,
  rows: readonly WrittenOutboxRow[],
  log: Logger,
): Promise<{ enqueued: number; failed: number }> {
  const done: number[] = [];
  let failed = 0;
  const recordFailure = (id: number, error: unknown) =>
    db
      .update(outbox)
      .set({
        attempts: sql`${outbox.attempts} + 1`,
        lastError: error instanceof Error ? error.message.slice(0, 500) : String(error),
      })
      .where(eq(outbox.id, id))
      .catch((dbError: unknown) => log.error({ err: dbError }, 'outbox bookkeeping failed'));
  const queues = new Map<string, Array<{ row: WrittenOutboxRow; payload: unknown }>>();
  for (const row of rows) {
    const definition = JOBS[row.jobName as JobName];
    const payload = definition?.payload.safeParse(row.payload);
    if (!definition || !payload?.success) {
      // A row no worker could run: kept for an operator, never in the way of the others.
      failed += 1;
      const problem = new Error(`Outbox row ${row.jobId} is not a valid ${row.jobName} job`);
      log.error({ jobId: row.jobId }, problem.message);
      await recordFailure(row.id, problem);
      continue;
    }
    const queue = queues.get(definition.queue) ?? [];
    queue.push({ row, payload: payload.data });
    queues.set(definition.queue, queue);
  }
  await Promise.all(
    [...queues.values()].map(async (jobs) => {
      for (const [index, { row, payload }] of jobs.entries()) {
        try {
          await producer.enqueue(row.jobName as JobName, payload as never, { jobId: row.jobId });
          done.push(row.id);
        } catch (error) {
          failed += jobs.length - index;
          log.warn(
            { err: error, jobId: row.jobId },
            'job not enqueued yet; the outbox relay retries',
          );
          await recordFailure(row.id, error);
          // Redis is away: the rest would fail the same way; the relay takes them later.
          return;
        }
      }
    }),
  );
  if (done.length > 0) {
    // A row left unmarked is enqueued once more by the relay: harmless, its job id dedupes.
    await markEnqueued(db, { ids: done, at: new Date() }).catch((error: unknown) =>
      log.error({ err: error }, 'outbox bookkeeping failed'),
    );
  }
  return { enqueued: done.length, failed };
}

/** Enqueues the outbox rows of these job ids (right after the transaction that wrote them). */
export async function enqueueOutboxJobs(
  db: Db,
  producer: Producer,
  jobIds: readonly string[],
  log: Logger,
): Promise<{ enqueued: number; failed: number }> {
  if (jobIds.length === 0) return { enqueued: 0, failed: 0 };
  try {
    const rows = await db
      .select()
      .from(outbox)
      .where(and(inArray(outbox.jobId, [...jobIds]), isNull(outbox.enqueuedAt)));
    return await enqueueOutboxRows(db, producer, rows, log);
  } catch (error) {
    // The change is committed: its jobs are the relay's now, never the caller's failure.
    log.error({ err: error }, 'jobs left to the outbox relay');
    return { enqueued: 0, failed: jobIds.length };
  }
}

/** How often the relay looks, and how old a row must be before it is the relay's to enqueue. */
export const OUTBOX_RELAY = { intervalMs: 2_000, minAgeMs: 1_000, batch: 200 } as const;

/**
 * Enqueues every row older than minAgeMs that was never enqueued; returns how many it took. The
 * rows that failed least come first: a row that keeps failing goes behind the others instead of
 * holding up its whole queue.
 */
export async function relayOutboxOnce(
  db: Db,
  producer: Producer,
  log: Logger,
  options: { minAgeMs?: number; batch?: number } = {},
): Promise<number> {
  const cutoff = new Date(Date.now() - (options.minAgeMs ?? OUTBOX_RELAY.minAgeMs));
  const rows = await db
    .select()
    .from(outbox)
    .where(and(isNull(outbox.enqueuedAt), lt(outbox.createdAt, cutoff)))
    .orderBy(asc(outbox.attempts), asc(outbox.createdAt))
    .limit(options.batch ?? OUTBOX_RELAY.batch);
  if (rows.length === 0) return 0;
  const { enqueued } = await enqueueOutboxRows(db, producer, rows, log);
  if (enqueued > 0) log.info({ enqueued, pending: rows.length }, 'outbox relay enqueued jobs');
  return enqueued;
}

/** Runs the relay every intervalMs until closed. Several relays at once are harmless. */
export function startOutboxRelay(options: {
  db: Db;
  producer: Producer;
  log: Logger;
  intervalMs?: number;
  minAgeMs?: number;
}): { close(): Promise<void> } {
  return startPeriodic(
    'outbox relay',
    options.intervalMs ?? OUTBOX_RELAY.intervalMs,
    () => relayOutboxOnce(options.db, options.producer, options.log, options),
    options.log,
  );
}

/**
 * Deletes outbox rows enqueued before BullMQ forgets their completed jobs (after that their ids
 * no longer dedupe anyway); returns how many.
 */
export async function pruneOutbox(db: Db, now = new Date()): Promise<number> {
  const deleted = await db
    .delete(outbox)
    .where(lt(outbox.enqueuedAt, new Date(now.getTime() - COMPLETED_JOBS_KEPT_S * 1000)))
    .returning({ id: outbox.id });
  return deleted.length;
}
