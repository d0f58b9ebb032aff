import type { JobsOptions } from 'bullmq';
import { z } from 'zod';

// Queue names and job payload schemas: the one contract between producers (api, outbox relay)
// and the worker. Payloads carry ids, never personal data.

export const QUEUE_NAMES = ['system'] as const;
export type QueueName = (typeof QUEUE_NAMES)[number];

export const JOBS = {
  /** Proves the loop api → Redis → worker; used by health tooling and tests. */
  ping: {
    queue: 'system',
    payload: z.object({ requestedAt: z.iso.datetime(), note: z.string().max(200).optional() }),
  },
} as const satisfies Record<string, { queue: QueueName; payload: z.ZodType }>;

export type JobName = keyof typeof JOBS;
export type JobPayload<N extends JobName> = z.infer<(typeof JOBS)[N]['payload']>;
export const JOB_NAMES = Object.keys(JOBS) as JobName[];

/** Retries with exponential backoff and jitter: 8 attempts over about 4 minutes in all. */
export const DEFAULT_JOB_OPTIONS = {
  attempts: 8,
  backoff: { type: 'exponential', delay: 2_000, jitter: 0.5 },
  // Completed jobs are kept a week: a jobId only deduplicates while the earlier job exists.
  removeOnComplete: { age: 7 * 24 * 3600 },
  // Failed jobs stay until an operator replays or removes them.
  removeOnFail: false,
} as const satisfies JobsOptions;

/** A job id from business keys: never digits only, never a ':' (BullMQ's rules). */
export function jobId(...parts: string[]): string {
  const id = parts.join('-');
  if (id.includes(':') || /^\d+$/.test(id)) throw new Error(`Invalid job id: ${id}`);
  return id;
}
