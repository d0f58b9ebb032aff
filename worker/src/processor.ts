import type { Database } from '@campus/shared/server/db/client';
import type { JobName, JobPayload } from '@campus/shared/server/jobs';
import type { Mailer } from '@campus/shared/server/mail/mailer';
import type { SheetStore } from '@campus/shared/server/sheets/sheet-store';
import type { Redis } from 'ioredis';
import type { Logger } from 'pino';

export interface WorkerDeps {
  database: Database;
  log: Logger;
  sheets: SheetStore;
  mailer: Mailer;
  /** For the per-tab locks and the shared sheet write budget. */
  redis: Redis;
  /** Namespaces those Redis keys, as it does the queues. */
  queuePrefix: string;
  /** Sheet writes allowed per rolling minute across every worker (Google's quota). */
  sheetWritesPerMinute: number;
  /** The address people open, for links in e-mails. */
  publicUrl: string;
}

export interface JobContext extends WorkerDeps {
  jobId: string;
  attempt: number;
  /**
   * Pauses the job's whole queue for `ms` (an outside service said "slow down") and returns the
   * error to throw: the job goes back to waiting without spending an attempt.
   */
  pauseQueue(ms: number): Promise<Error>;
  /** Puts this job back for `ms` without spending an attempt; returns the error to throw. */
  retryLater(ms: number): Promise<Error>;
}

export type JobProcessor<N extends JobName> = (
  payload: JobPayload<N>,
  context: JobContext,
) => Promise<unknown>;

export type ProcessorRegistry = { [N in JobName]: JobProcessor<N> };
