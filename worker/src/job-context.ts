import type { Database } from '@campus/shared/server/db/client';
import type { OrderEventPublisher } from '@campus/shared/server/events/order-events';
import type { JobName, JobPayload } from '@campus/shared/server/jobs';
import type { Mailer } from '@campus/shared/server/mail/mailer';
import type { GuardedSheetStore } from '@campus/shared/server/sheets/guarded-sheet-store';
import type { Logger } from 'pino';
import type { ReceiptDeps } from './receipts/read-order-receipt';

export interface WorkerDeps {
  database: Database;
  log: Logger;
  /** Every write takes its tab's lock and the shared write budget (see guardSheetStore). */
  sheets: GuardedSheetStore;
  mailer: Mailer;
  /** The address people open, for links in e-mails. */
  publicUrl: string;
  /** Tells the pages showing an order that it changed (the api's live updates, over Redis). */
  events: OrderEventPublisher;
  /** Reads payment screenshots (decision 022). */
  receipts: ReceiptDeps;
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
