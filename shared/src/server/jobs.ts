import type { JobsOptions } from 'bullmq';
import { z } from 'zod';
import { ORDER_ACTIONS, type TOrderAction } from '../domain/order-status';

// Queue names and job payload schemas: the one contract between producers (api, outbox relay)
// and the worker. Payloads carry ids, never personal data.

// One queue per outside service, so a pause for one (Google's 429) never holds up the others, and
// one for the screenshot checks, so that their scans never hold up a round's close.
export const QUEUE_NAMES = ['system', 'sheets', 'mail', 'checks'] as const;
export type QueueName = (typeof QUEUE_NAMES)[number];

const zOrderId = z.object({ orderId: z.string().min(1) });
const zTabName = z.object({ tabName: z.string().min(1).max(100) });

export const JOBS = {
  /** Proves the loop api → Redis → worker; used by health tooling and tests. */
  ping: {
    queue: 'system',
    payload: z.object({ requestedAt: z.iso.datetime(), note: z.string().max(200).optional() }),
  },
  /** Appends the order's row (with every other waiting row of its tab) to the campus tab. */
  'append-order-row': { queue: 'sheets', payload: zOrderId },
  /** Mails the student a confirmation and the campus's admins a notice of the order. */
  'notify-order': { queue: 'mail', payload: zOrderId },
  /**
   * Looks for earlier orders paid with the same screenshot, or one that looks the same, and flags
   * the order with them (decision 011): a scan of 90 days of orders, kept out of checkout.
   */
  'check-screenshot': { queue: 'checks', payload: zOrderId },
  /**
   * Mails the student, and for a cancellation the campus admins, about a change of an order's
   * state (one transition, each part sent once).
   */
  'notify-order-status': {
    queue: 'mail',
    payload: z.object({ transitionId: z.number().int().positive() }),
  },
  /**
   * Sets the Status and Status Time cells of the order's row (with those of every other order of
   * its tab that is behind its state), once the row is in.
   */
  'sync-order-status': { queue: 'sheets', payload: zOrderId },
  /** Creates a campus's order tab with the header row (a new campus). */
  'create-sheet-tab': { queue: 'sheets', payload: zTabName },
  /** Removes a campus's order tab (a deleted campus). */
  'delete-sheet-tab': { queue: 'sheets', payload: zTabName },
  /** Makes sure the Master tab exists. */
  'ensure-master-tab': { queue: 'sheets', payload: z.object({}) },
  /**
   * Closes every open batch of the campus whose cut-off has passed (docs/architecture.md §8): made
   * at each cut-off by the campus's job schedulers (batchSchedulerId), and by the upkeep for a
   * batch whose close never ran.
   */
  'close-batches': { queue: 'system', payload: z.object({ campusId: z.string().min(1) }) },
  /** Mails the student that their refund was sent, with its reference (once). */
  'notify-refund-sent': { queue: 'mail', payload: z.object({ refundId: z.string().min(1) }) },
  /** Mails a closed batch's pick lists to its restaurants and its counts to the campus admins. */
  'notify-batch-closed': { queue: 'mail', payload: z.object({ batchId: z.string().min(1) }) },
  /**
   * Mails the restaurants of an order verified after its batch closed what it adds to their pick
   * lists, and the campus admins what no restaurant was sent (decision 026).
   */
  'notify-batch-addition': {
    queue: 'mail',
    payload: z.object({ orderId: z.string().min(1), batchId: z.string().min(1) }),
  },
} as const satisfies Record<string, { queue: QueueName; payload: z.ZodType }>;

export type JobName = keyof typeof JOBS;
export type JobPayload<N extends JobName> = z.infer<(typeof JOBS)[N]['payload']>;
export const JOB_NAMES = Object.keys(JOBS) as JobName[];

/** How long completed jobs are kept: a jobId only deduplicates while the earlier job exists. */
export const COMPLETED_JOBS_KEPT_S = 7 * 24 * 3600;

/** Retries with exponential backoff and jitter: 8 attempts over about 4 minutes in all. */
export const DEFAULT_JOB_OPTIONS = {
  attempts: 8,
  backoff: { type: 'exponential', delay: 2_000, jitter: 0.5 },
  removeOnComplete: { age: COMPLETED_JOBS_KEPT_S },
  // Failed jobs stay until an operator replays or removes them.
  removeOnFail: false,
} as const satisfies JobsOptions;

/** A job id from business keys: never digits only, never a ':' (BullMQ's rules). */
export function jobId(...parts: string[]): string {
  const id = parts.join('-');
  if (id.includes(':') || /^\d+$/.test(id)) throw new Error(`Invalid job id: ${id}`);
  return id;
}

/** The id of an order's sheet, notify or screenshot job: `order-<id>-sheet`, and so on. */
export function orderJobId(orderId: string, kind: 'sheet' | 'notify' | 'screenshot'): string {
  return jobId('order', orderId, kind);
}

/** The jobs every order gets (docs/architecture.md §3.3). */
export function orderJobs(orderId: string) {
  return [
    { jobName: 'append-order-row', jobId: orderJobId(orderId, 'sheet'), payload: { orderId } },
    { jobName: 'notify-order', jobId: orderJobId(orderId, 'notify'), payload: { orderId } },
    {
      jobName: 'check-screenshot',
      jobId: orderJobId(orderId, 'screenshot'),
      payload: { orderId },
    },
  ] as const satisfies readonly OutboxJob[];
}

/**
 * The jobs of a placed order: every order's, and its row's cells after the append (its Payment
 * Reference, and its Batch when it joined a round).
 */
export function placedOrderJobs(orderId: string, batchId: string | null): OutboxJob[] {
  return [...orderJobs(orderId), orderBatchSheetJob(orderId, batchId)];
}

/** The job that brings one transition of an order into its sheet row's Status cells. */
export function orderStatusSheetJob(orderId: string, transitionId: number) {
  return {
    jobName: 'sync-order-status',
    jobId: jobId('order', orderId, 'status', String(transitionId), 'sheet'),
    payload: { orderId },
  } as const satisfies OutboxJob;
}

/** The job that mails the student (or the admins) about one change of an order's state. */
export function orderStatusMailJob(orderId: string, transitionId: number) {
  return {
    jobName: 'notify-order-status',
    jobId: jobId('order', orderId, 'status', String(transitionId), 'mail'),
    payload: { transitionId },
  } as const satisfies OutboxJob;
}

/**
 * The jobs a change of an order's state needs: its sheet row's Status cells, always, the mails
 * where the rule sends some (the student's, the admins'), and the check of a new screenshot.
 */
export function orderStatusJobs(orderId: string, transitionId: number, action: TOrderAction) {
  const jobs: OutboxJob[] = [orderStatusSheetJob(orderId, transitionId)];
  const rule = ORDER_ACTIONS[action];
  if (rule.mailsStudent || rule.mailsAdmins) jobs.push(orderStatusMailJob(orderId, transitionId));
  if (rule.newScreenshot) {
    // The new screenshot is checked and read as the first was, in a job of its own.
    jobs.push({
      jobName: 'check-screenshot',
      jobId: jobId('order', orderId, 'status', String(transitionId), 'screenshot'),
      payload: { orderId },
    });
  }
  return jobs;
}

/**
 * The job that brings an order's round into its sheet row's Batch cell (the Status cells with
 * it), after placement into a batch, a move to another, or a new delivery time of its round.
 */
export function orderBatchSheetJob(orderId: string, batchId: string | null, deliveryAt?: Date) {
  // A new delivery time of the same round is new work too.
  const time = deliveryAt ? [String(deliveryAt.getTime())] : [];
  return {
    jobName: 'sync-order-status',
    jobId: jobId('order', orderId, 'batch', batchId ?? 'none', ...time, 'sheet'),
    payload: { orderId },
  } as const satisfies OutboxJob;
}

/** The sheet job that writes the order's refund into its row's Status cell, per refund state. */
export function orderRefundSheetJob(orderId: string, refundId: string | null, state: string) {
  return {
    jobName: 'sync-order-status',
    jobId: jobId('order', orderId, 'refund', refundId ?? 'none', state, 'sheet'),
    payload: { orderId },
  } as const satisfies OutboxJob;
}

/** The student's mail of a refund sent, once per refund. */
export function refundSentMailJob(refundId: string) {
  return {
    jobName: 'notify-refund-sent',
    jobId: jobId('refund', refundId, 'sent', 'mail'),
    payload: { refundId },
  } as const satisfies OutboxJob;
}

/** The mails of a closed batch, once per batch. */
export function batchClosedMailJob(batchId: string) {
  return {
    jobName: 'notify-batch-closed',
    jobId: jobId('batch', batchId, 'closed', 'mail'),
    payload: { batchId },
  } as const satisfies OutboxJob;
}

/** The mails of an order verified after its batch's pick lists went out (decision 026). */
export function batchAdditionMailJob(orderId: string, batchId: string) {
  return {
    jobName: 'notify-batch-addition',
    jobId: jobId('order', orderId, 'batch', batchId, 'addition', 'mail'),
    payload: { orderId, batchId },
  } as const satisfies OutboxJob;
}

/** A job as the outbox keeps it until it is enqueued. */
export type OutboxJob = { jobName: JobName; jobId: string; payload: unknown };

/**
 * The job that creates or removes a campus's order tab. `key` makes each request its own job, so
 * a tab made again after a delete is new work rather than a duplicate of the first create.
 */
export function sheetTabJob(kind: 'create' | 'delete', tabName: string, key: string): OutboxJob {
  return {
    jobName: kind === 'create' ? 'create-sheet-tab' : 'delete-sheet-tab',
    jobId: jobId('sheet-tab', kind, tabName, key),
    payload: { tabName },
  };
}
