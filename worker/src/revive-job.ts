import type { OutboxJob } from '@campus/shared/server/jobs';
import { JOBS, type JobName } from '@campus/shared/server/jobs';
import type { Producer } from '@campus/shared/server/queue';

/**
 * Brings a job back whose work is still undone: enqueued again when Redis lost it; run again when
 * it failed for good (if `retryFailed`) or, with `retryCompleted`, when it ran but its work is
 * undone anyway (it ran too early, or a repeat of its id was taken for a duplicate). A job still
 * waiting or running is left to run. Returns whether it revived the job.
 */
export async function reviveJob(
  producer: Producer,
  job: OutboxJob,
  options: { retryFailed: boolean; retryCompleted: boolean },
): Promise<boolean> {
  const name = job.jobName as JobName;
  const existing = await producer.queue(JOBS[name].queue).getJob(job.jobId);
  if (!existing) {
    await producer.enqueue(name, job.payload as never, { jobId: job.jobId });
    return true;
  }
  if (options.retryFailed && (await existing.isFailed())) {
    await existing.retry('failed');
    return true;
  }
  if (options.retryCompleted && (await existing.isCompleted())) {
    await existing.retry('completed');
    return true;
  }
  return false;
}
