import type { TSheetTabOutcome } from '@campus/shared/domain/admin-api';
import { CODE_MESSAGES } from '@campus/shared/domain/error-catalogue';
import { sheetTabName } from '@campus/shared/domain/sheet-tab';
import type { Db } from '@campus/shared/server/db/client';
import { newId } from '@campus/shared/server/db/ids';
import { outbox } from '@campus/shared/server/db/schema';
import { type OutboxJob, sheetTabJob } from '@campus/shared/server/jobs';
import { enqueueOutboxJobs, writeOutbox } from '@campus/shared/server/outbox';
import type { Producer } from '@campus/shared/server/queue';
import { and, inArray, isNotNull } from 'drizzle-orm';
import type { Logger } from 'pino';

type Executor = Pick<Db, 'insert'>;

/** A campus's tab jobs, planned inside the transaction that creates, renames or deletes it. */
export async function planTabJobs(
  tx: Executor,
  kind: 'create' | 'delete',
  campuses: readonly { universityName: string; campusName: string }[],
): Promise<OutboxJob[]> {
  const jobs = campuses
    .map((campus) => sheetTabName(campus.universityName, campus.campusName))
    .filter((tabName) => tabName !== '')
    .map((tabName) => sheetTabJob(kind, tabName, newId()));
  await writeOutbox(tx, jobs);
  return jobs;
}

/**
 * Queues the planned tab jobs after commit and says, per tab, whether it is queued. A job that is
 * not stays in the outbox and the relay queues it when Redis is back; the admin is told anyway.
 */
export async function queueTabJobs(
  db: Db,
  producer: Producer,
  jobs: readonly OutboxJob[],
  log: Logger,
): Promise<TSheetTabOutcome[]> {
  if (jobs.length === 0) return [];
  const jobIds = jobs.map((job) => job.jobId);
  await enqueueOutboxJobs(db, producer, jobIds, log);
  const queued = new Set(
    (
      await db
        .select({ jobId: outbox.jobId })
        .from(outbox)
        .where(and(inArray(outbox.jobId, jobIds), isNotNull(outbox.enqueuedAt)))
    ).map((row) => row.jobId),
  );
  return jobs.map((job) =>
    queued.has(job.jobId)
      ? { queued: true, tabName: (job.payload as { tabName: string }).tabName }
      : { queued: false, message: CODE_MESSAGES.unavailable },
  );
}
