import { orders } from '@campus/shared/server/db/schema';
import { orderJobId } from '@campus/shared/server/jobs';
import type { Producer } from '@campus/shared/server/queue';
import { and, asc, isNull, lt } from 'drizzle-orm';
import type { WorkerDeps } from '../processor';

/** An order still without its row this long after it was placed has its sheet job looked at. */
export const STALE_ORDER_MS = 10 * 60_000;
const SWEEP_BATCH = 200;

/**
 * Orders survive a sheet outage longer than a job's retries: a sheet job that failed for good is
 * retried (and one that is missing is enqueued) for every order whose row is still missing. Any
 * of them that succeeds writes its whole tab's waiting rows. Returns how many jobs it revived.
 */
export async function reviveStaleSheetJobs(
  deps: Pick<WorkerDeps, 'database' | 'log'>,
  producer: Producer,
  now = new Date(),
  staleAfterMs = STALE_ORDER_MS,
): Promise<number> {
  const stale = await deps.database.db
    .select({ id: orders.id })
    .from(orders)
    .where(
      and(
        isNull(orders.sheetAppendedAt),
        lt(orders.placedAt, new Date(now.getTime() - staleAfterMs)),
      ),
    )
    .orderBy(asc(orders.placedAt))
    .limit(SWEEP_BATCH);
  let revived = 0;
  for (const { id } of stale) {
    const jobId = orderJobId(id, 'sheet');
    const job = await producer.queue('sheets').getJob(jobId);
    if (!job) {
      await producer.enqueue('append-order-row', { orderId: id }, { jobId });
      revived += 1;
    } else if (await job.isFailed()) {
      await job.retry();
      revived += 1;
    }
  }
  if (revived > 0) deps.log.warn({ revived }, 'sheet jobs of waiting orders revived');
  return revived;
}
