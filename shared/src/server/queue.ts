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

/** Producer side of the queues, on a connection that fails fast (see connectRedis). */
export function createProducer(connection: Redis, prefix: string, log: Logger): Producer {
  const queues = new Map<QueueName, Queue>();
  const queue = (name: QueueName) => {
    let q = queues.get(name);
    if (!q) {
      q = new Queue(name, {
        connection,
        prefix,
        skipWaitingForReady: true,
        defaultJobOptions: DEFAULT_JOB_OPTIONS,
      });
      q.on('error', (error) => log.warn({ err: error, queue: name }, 'queue error'));
      queues.set(name, q);
    }
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
      await Promise.all([...queues.values()].map((q) => q.close()));
    },
  };
}
