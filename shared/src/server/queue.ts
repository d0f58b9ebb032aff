import { Queue } from 'bullmq';
import type { Redis } from 'ioredis';
import type { Logger } from 'pino';
import { DEFAULT_JOB_OPTIONS, JOBS, type JobName, type JobPayload, type QueueName } from './jobs';

export interface Producer {
  /** Validates the payload and adds the job; rejects at once when Redis is unreachable. */
  enqueue<N extends JobName>(
    name: N,
    payload: JobPayload<N>,
    options?: { jobId?: string },
  ): Promise<{ id: string }>;
  queue(name: QueueName): Queue;
  close(): Promise<void>;
}

/**
 * Producer side of the queues, on a connection that fails fast (see connectRedis). A queue is made
 * at its first use; one made while Redis was away failed its start (BullMQ asks Redis its version
 * first) and would fail every job for its life, so it is dropped and the next use makes another.
 */
export function createProducer(connection: Redis, prefix: string, log: Logger): Producer {
  const queues = new Map<QueueName, Queue>();
  const queue = (name: QueueName) => {
    const made = queues.get(name);
    if (made) return made;
    const q = new Queue(name, {
      connection,
      prefix,
      skipWaitingForReady: true,
      defaultJobOptions: DEFAULT_JOB_OPTIONS,
    });
    q.on('error', (error) => log.warn({ err: error, queue: name }, 'queue error'));
    q.waitUntilReady().catch((error: unknown) => {
      log.warn({ err: error, queue: name }, 'queue could not start; its next use makes another');
      if (queues.get(name) === q) queues.delete(name);
      q.close().catch(() => {});
    });
    queues.set(name, q);
    return q;
  };
  return {
    async enqueue(name, payload, options) {
      const definition = JOBS[name];
      const data = definition.payload.parse(payload);
      const job = await queue(definition.queue).add(name, data, { jobId: options?.jobId });
      if (!job.id) throw new Error(`Queue ${definition.queue} returned no id for ${name}`);
      return { id: job.id };
    },
    queue,
    async close() {
      await Promise.all([...queues.values()].map((q) => q.close().catch(() => {})));
    },
  };
}
