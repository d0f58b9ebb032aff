import { orders } from '@campus/shared/server/db/schema';
import { JOBS, orderJobId } from '@campus/shared/server/jobs';
import type { Producer } from '@campus/shared/server/queue';
import { and, asc, isNull, lt } from 'drizzle-orm';
import type { WorkerDeps } from './processor';

/** An order whose sheet row or mails are still missing this long after it was placed is looked at. */
export const STALE_ORDER_MS = 10 * 60_000;
const SWEEP_BATCH = 200;

// Each job of an order, and the column its processor sets once the job's work is done.
const ORDER_JOBS = [
  { kind: 'sheet', jobName: 'append-order-row', done: orders.sheetAppendedAt },
  { kind: 'notify', jobName: 'notify-order', done: orders.adminsNotifiedAt },
] as const;

/**
 * No order is left behind by its jobs: one that failed for good (a sheet outage longer than its
 * retries) is retried, and one that is missing (lost with a Redis that crashed before it saved
 * it) is enqueued again, for every order whose row or mails are still missing after
 * `staleAfterMs`. A revived sheet job writes its whole tab's waiting rows. Returns how many jobs
 * it revived.
 */
export async function reviveStaleOrderJobs(
  deps: Pick<WorkerDeps, 'database' | 'log'>,
  producer: Producer,
  now = new Date(),
  staleAfterMs = STALE_ORDER_MS,
): Promise<number> {
  const placedBefore = new Date(now.getTime() - staleAfterMs);
  let revived = 0;
  for (const { kind, jobName, done } of ORDER_JOBS) {
    const stale = await deps.database.db
      .select({ id: orders.id })
      .from(orders)
      .where(and(isNull(done), lt(orders.placedAt, placedBefore)))
      .orderBy(asc(orders.placedAt))
      .limit(SWEEP_BATCH);
    for (const { id } of stale) {
      const jobId = orderJobId(id, kind);
      const job = await producer.queue(JOBS[jobName].queue).getJob(jobId);
      if (!job) {
        await producer.enqueue(jobName, { orderId: id }, { jobId });
        revived += 1;
      } else if (await job.isFailed()) {
        await job.retry();
        revived += 1;
      }
    }
  }
  if (revived > 0) deps.log.warn({ revived }, 'jobs of waiting orders revived');
  return revived;
}
