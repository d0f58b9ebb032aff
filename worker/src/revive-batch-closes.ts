import { deliveryBatches } from '@campus/shared/server/db/schema';
import { reconcileBatchSchedulers } from '@campus/shared/server/delivery/batch-schedulers';
import { jobId } from '@campus/shared/server/jobs';
import type { Producer } from '@campus/shared/server/queue';
import { and, asc, isNull, lte } from 'drizzle-orm';
import type { WorkerDeps } from './job-context';
import { reviveJob } from './revive-job';

/** The close job of one cut-off of a campus: `batch-<campusId>-<millis>-close`. */
export function lateCloseJobId(campusId: string, cutoffAt: Date): string {
  return jobId('batch', campusId, String(cutoffAt.getTime()), 'close');
}

/**
 * No batch stays open past its cut-off: the close schedulers are made to match every campus's
 * slots (a sync the api could not make, a Redis that lost them), and for each batch still open
 * after its cut-off (the worker was down then, Redis lost the job) a close of its campus is
 * enqueued with an id from campus and cut-off, so one cut-off is one late close however often
 * this runs; one that failed for good is retried. Returns how many closes it enqueued.
 */
export async function reviveBatchCloses(
  deps: Pick<WorkerDeps, 'database' | 'log'>,
  producer: Producer,
  now: Date,
): Promise<number> {
  const { db } = deps.database;
  // The late closes below do not wait on the schedulers: a failure here is logged, not theirs.
  await reconcileBatchSchedulers(db, producer).catch((error: unknown) =>
    deps.log.warn({ err: error }, 'close schedulers not in step with the slots yet'),
  );
  const late = await db
    .selectDistinctOn([deliveryBatches.campusId], {
      campusId: deliveryBatches.campusId,
      cutoffAt: deliveryBatches.cutoffAt,
    })
    .from(deliveryBatches)
    .where(and(isNull(deliveryBatches.closedAt), lte(deliveryBatches.cutoffAt, now)))
    .orderBy(deliveryBatches.campusId, asc(deliveryBatches.cutoffAt));
  let enqueued = 0;
  for (const { campusId, cutoffAt } of late) {
    const job = {
      jobName: 'close-batches',
      jobId: lateCloseJobId(campusId, cutoffAt),
      payload: { campusId },
    } as const;
    // A completed one ran, yet the batch is open: it ran before it was due by the database's clock.
    if (await reviveJob(producer, job, { retryFailed: true, retryCompleted: true })) enqueued += 1;
  }
  if (enqueued > 0) deps.log.warn({ enqueued }, 'closes of batches past their cut-off enqueued');
  return enqueued;
}
