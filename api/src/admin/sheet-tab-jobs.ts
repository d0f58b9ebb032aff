import type { TSheetTabOutcome } from '@campus/shared/domain/admin-api';
import { CODE_MESSAGES } from '@campus/shared/domain/error-catalogue';
import { sheetTabName } from '@campus/shared/domain/sheet-tab';
import type { Db } from '@campus/shared/server/db/client';
import { newId } from '@campus/shared/server/db/ids';
import { orders, outbox } from '@campus/shared/server/db/schema';
import { type OutboxJob, sheetTabJob } from '@campus/shared/server/jobs';
import { enqueueOutboxJobs, writeOutbox } from '@campus/shared/server/outbox';
import type { Producer } from '@campus/shared/server/queue';
import { and, inArray, isNotNull } from 'drizzle-orm';
import type { Logger } from 'pino';

type NamedCampus = { universityName: string; campusName: string };

/** A campus's tab jobs, planned inside the transaction that creates or renames it. */
export async function planTabJobs(
  tx: Db,
  kind: 'create' | 'delete',
  campuses: readonly NamedCampus[],
): Promise<OutboxJob[]> {
  return planJobsForTabs(
    tx,
    kind,
    campuses.map((campus) => sheetTabName(campus.universityName, campus.campusName)),
  );
}

/**
 * Delete jobs for campuses about to be deleted: their tabs, and the tabs their orders went to
 * under earlier names. Planned before the delete, while the orders still name their campus.
 */
export async function planTabDeletes(
  tx: Db,
  campuses: readonly (NamedCampus & { id: string })[],
): Promise<OutboxJob[]> {
  if (campuses.length === 0) return [];
  const earlier = await tx
    .selectDistinct({ tabName: orders.sheetTabName })
    .from(orders)
    .where(
      inArray(
        orders.campusId,
        campuses.map((campus) => campus.id),
      ),
    );
  return planJobsForTabs(tx, 'delete', [
    ...campuses.map((campus) => sheetTabName(campus.universityName, campus.campusName)),
    ...earlier.map((row) => row.tabName),
  ]);
}

async function planJobsForTabs(tx: Db, kind: 'create' | 'delete', tabNames: string[]) {
  const jobs = [...new Set(tabNames)]
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
