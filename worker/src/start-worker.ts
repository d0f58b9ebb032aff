import {
  JOB_NAMES,
  JOBS,
  type JobName,
  QUEUE_NAMES,
  type QueueName,
} from '@campus/shared/server/jobs';
import type { Metrics } from '@campus/shared/server/metrics/metrics';
import {
  DelayedError,
  type Job,
  Queue,
  RateLimitError,
  UnrecoverableError,
  WaitingError,
  Worker,
} from 'bullmq';
import type { Redis } from 'ioredis';
import type { JobContext, JobProcessor, ProcessorRegistry, WorkerDeps } from './job-context';

const CLOSE_GRACE_MS = 10_000;

export interface RunningWorkers {
  workers: Worker[];
  close(): Promise<void>;
}

/** Throws unless every job name has a processor: a job nobody can run would sit forever. */
function assertCompleteRegistry(registry: Partial<Record<string, unknown>>): void {
  const missing = JOB_NAMES.filter((name) => typeof registry[name] !== 'function');
  if (missing.length > 0) {
    throw new Error(`No processor registered for job(s): ${missing.join(', ')}`);
  }
}

/**
 * Jobs of a queue one worker process runs at once. Screenshot checks take turns on every worker
 * (checkOrderScreenshot), each scanning 90 days of orders with the database's parallel workers:
 * a second one at once would only wait, holding a connection.
 */
const CONCURRENCY: Record<QueueName, number> = { system: 4, sheets: 4, mail: 4, checks: 1 };

/** Starts one BullMQ worker per queue; each job is validated, then handed to its processor. */
export function startWorkers(options: {
  connection: Redis;
  prefix: string;
  registry: ProcessorRegistry;
  deps: WorkerDeps;
  /** Times each job (campus_job_duration_seconds); none: not measured. */
  metrics?: Metrics;
}): RunningWorkers {
  assertCompleteRegistry(options.registry);
  const { deps } = options;
  // Pausing a queue for everyone (a 429) goes through the queue, as BullMQ recommends.
  const queues = new Map(
    QUEUE_NAMES.map((name) => [
      name as string,
      new Queue(name, { connection: options.connection, prefix: options.prefix }),
    ]),
  );
  /** What a processor gets besides its payload. */
  const context = (job: Job, name: JobName, token?: string): JobContext => ({
    ...deps,
    log: deps.log.child({ jobId: job.id, job: name }),
    jobId: job.id ?? '',
    attempt: job.attemptsMade + 1,
    pauseQueue: async (ms) => {
      await queues.get(job.queueName)?.rateLimit(ms);
      return Worker.RateLimitError();
    },
    retryLater: async (ms) => {
      await job.moveToDelayed(Date.now() + ms, token);
      return new DelayedError();
    },
  });
  const run = async (job: Job, token?: string) => {
    const name = job.name as JobName;
    const definition = JOBS[name];
    if (!definition) throw new UnrecoverableError(`Unknown job name ${job.name}`);
    const parsed = definition.payload.safeParse(job.data);
    if (!parsed.success) {
      throw new UnrecoverableError(`Invalid payload for ${name}: ${parsed.error.message}`);
    }
    const processor = options.registry[name] as JobProcessor<typeof name>;
    const timed = options.metrics?.jobDuration.startTimer({ queue: job.queueName, job: name });
    try {
      const result = await processor(parsed.data, context(job, name, token));
      timed?.({ outcome: 'completed' });
      return result;
    } catch (error) {
      // Put back (a 429, a row that waits) is not a failure: the job runs again, attempt unspent.
      const deferred =
        error instanceof DelayedError ||
        error instanceof RateLimitError ||
        error instanceof WaitingError;
      timed?.({ outcome: deferred ? 'deferred' : 'failed' });
      throw error;
    }
  };

  const workers = QUEUE_NAMES.map((queueName) => {
    const worker = new Worker(queueName, run, {
      connection: options.connection,
      prefix: options.prefix,
      concurrency: CONCURRENCY[queueName],
      // BullMQ honours a queue-wide pause (pauseQueue) only on workers that have a limiter: this
      // one never limits by itself, it lets a 429 stop every worker of the queue.
      limiter: { max: 10_000, duration: 1_000 },
    });
    worker.on('failed', (job, error) => {
      deps.log.warn(
        { jobId: job?.id, job: job?.name, attempt: job?.attemptsMade, err: error },
        'job failed',
      );
    });
    worker.on('error', (error) => deps.log.error({ err: error, queue: queueName }, 'worker error'));
    return worker;
  });

  return {
    workers,
    async close() {
      // Jobs in hand get a grace period to finish; after it they are cut, and BullMQ hands them
      // to another worker once their lock expires.
      let timer: NodeJS.Timeout | undefined;
      const graceful = Promise.all(workers.map((w) => w.close()));
      const timedOut = new Promise<'timeout'>((resolve) => {
        timer = setTimeout(() => resolve('timeout'), CLOSE_GRACE_MS);
      });
      const outcome = await Promise.race([graceful, timedOut]);
      clearTimeout(timer);
      if (outcome === 'timeout') {
        deps.log.warn({ graceMs: CLOSE_GRACE_MS }, 'jobs still running at shutdown: forcing');
        await Promise.all(workers.map((w) => w.close(true)));
      }
      await Promise.all([...queues.values()].map((q) => q.close()));
    },
  };
}
