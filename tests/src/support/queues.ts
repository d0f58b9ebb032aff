import type { JobType, Queue } from 'bullmq';
import { expect } from 'vitest';

/** The states of a job that still has work ahead of it. */
const UNFINISHED: JobType[] = ['waiting', 'active', 'delayed', 'prioritized', 'waiting-children'];

/**
 * Waits until the queue has no job left to run (none waiting, running, or due later), so that a
 * check that nothing happened comes after everything that could have happened.
 */
export async function waitForDrainedQueue(queue: Queue, timeout = 20_000): Promise<void> {
  await expect
    .poll(async () => queue.getJobCounts(...UNFINISHED), { timeout, interval: 100 })
    .toEqual(Object.fromEntries(UNFINISHED.map((state) => [state, 0])));
}

/**
 * Waits until the worker has taken up every one of these jobs at least once and that run has
 * ended (failed, put off, or done): for a queue that cannot drain, as while its service is down.
 */
export async function waitForEveryJobTried(
  queue: Queue,
  jobIds: readonly string[],
  timeout = 20_000,
): Promise<void> {
  await expect
    .poll(
      async () => {
        const untried: string[] = [];
        for (const id of jobIds) {
          const job = await queue.getJob(id);
          if (!job || job.attemptsStarted < 1 || (await job.getState()) === 'active') {
            untried.push(id);
          }
        }
        return untried;
      },
      { timeout, interval: 100 },
    )
    .toEqual([]);
}
