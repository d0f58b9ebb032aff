import { ORDER_ACTION_NAMES, ORDER_ACTIONS } from '@campus/shared/domain/order-status';
import { orders, orderTransitions, refunds } from '@campus/shared/server/db/schema';
import {
  orderBatchSheetJob,
  orderJobs,
  orderStatusJobs,
  orderStatusMailJob,
  orderStatusSheetJob,
  refundSentMailJob,
} from '@campus/shared/server/jobs';
import type { Producer } from '@campus/shared/server/queue';
import {
  and,
  asc,
  desc,
  eq,
  gt,
  inArray,
  isNotNull,
  isNull,
  lt,
  not,
  or,
  type SQL,
} from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { WorkerDeps } from './job-context';
import {
  batchOrReferenceCellBehind,
  refundCellBehind,
  statusCellsBehind,
} from './jobs/sync-order-status';
import { reviveJob } from './revive-job';

/** An order whose sheet row or mails are still missing this long after it was placed is looked at. */
export const STALE_ORDER_MS = 10 * 60_000;
// Mails of an order older than a day are no news any more.
const MAIL_WINDOW_MS = 24 * 3600_000;
const SWEEP_BATCH = 200;

type OrderJobName = ReturnType<typeof orderJobs>[number]['jobName'];

/**
 * For each job of an order: the column its processor sets once the work is done; whether a job
 * that failed for good is retried; how far back orders are looked at; and whether every one of
 * them is, or only the oldest SWEEP_BATCH. A sheet job is retried (rows are written effectively
 * once), and the oldest orders are enough (any sheet job writes its whole tab's waiting rows). A
 * mail job is not (a retry could repeat an admin's notice: its failure waits for an operator), so
 * every order of the last day is looked at, lest failed ones hide one whose job was lost.
 */
const UPKEEP = {
  'append-order-row': {
    // A row set aside for its content is an operator's to fix and retry; reviving it would only
    // be refused again.
    done: orders.sheetAppendedAt,
    waiting: isNull(orders.sheetSetAsideAt),
    retryFailed: true,
    withinMs: null,
    everyOrder: false,
  },
  'notify-order': {
    done: orders.adminsNotifiedAt,
    waiting: undefined,
    retryFailed: false,
    withinMs: MAIL_WINDOW_MS,
    everyOrder: true,
  },
  // A check runs once however often it is asked for (it sets the column in a conditional
  // update), and any age of order is worth its flag.
  'check-screenshot': {
    done: orders.screenshotCheckedAt,
    waiting: undefined,
    retryFailed: true,
    withinMs: null,
    everyOrder: false,
  },
} as const satisfies Record<
  OrderJobName,
  {
    done: AnyPgColumn;
    waiting: SQL | undefined;
    retryFailed: boolean;
    withinMs: number | null;
    everyOrder: boolean;
  }
>;

/**
 * No order is left behind by its jobs: a job missing from Redis (one that a crashed Redis lost
 * before it saved it) is enqueued again, and a sheet job that failed for good (an outage longer
 * than its retries) is retried, for every order still waiting for its row, mails or screenshot
 * check (its last new screenshot's) after `staleAfterMs`, for every row whose Status cells are
 * still behind that long after the change, or whose Batch or Payment Reference cell is behind,
 * and for every refund sent whose mail is still to go. Returns how many jobs it revived.
 */
export async function reviveStaleOrderJobs(
  deps: Pick<WorkerDeps, 'database' | 'log'>,
  producer: Producer,
  now = new Date(),
  staleAfterMs = STALE_ORDER_MS,
): Promise<number> {
  const placedBefore = new Date(now.getTime() - staleAfterMs);
  let revived = 0;
  for (const [jobName, rule] of Object.entries(UPKEEP) as [
    OrderJobName,
    (typeof UPKEEP)[OrderJobName],
  ][]) {
    let after: { placedAt: Date; id: string } | null = null;
    for (;;) {
      const page: { id: string; placedAt: Date }[] = await deps.database.db
        .select({ id: orders.id, placedAt: orders.placedAt })
        .from(orders)
        .where(
          and(
            isNull(rule.done),
            rule.waiting,
            lt(orders.placedAt, placedBefore),
            rule.withinMs === null
              ? undefined
              : gt(orders.placedAt, new Date(now.getTime() - rule.withinMs)),
            after === null
              ? undefined
              : or(
                  gt(orders.placedAt, after.placedAt),
                  and(eq(orders.placedAt, after.placedAt), gt(orders.id, after.id)),
                ),
          ),
        )
        .orderBy(asc(orders.placedAt), asc(orders.id))
        .limit(SWEEP_BATCH);
      for (const { id } of page) {
        const job =
          jobName === 'check-screenshot'
            ? await screenshotCheckJob(deps, id)
            : orderJobs(id).find((j) => j.jobName === jobName);
        if (!job) continue;
        const options = { retryFailed: rule.retryFailed, retryCompleted: false };
        if (await reviveJob(producer, job, options)) revived += 1;
      }
      const last = page.at(-1);
      if (!rule.everyOrder || page.length < SWEEP_BATCH || !last) break;
      after = last;
    }
  }
  revived += await reviveStatusJobs(deps, producer, placedBefore);
  revived += await reviveBatchCellJobs(deps, producer, placedBefore);
  revived += await reviveStatusMails(deps, producer, placedBefore, now);
  revived += await reviveRefundMails(deps, producer, placedBefore, now);
  if (revived > 0) deps.log.warn({ revived }, 'jobs of waiting orders revived');
  return revived;
}

/**
 * The check of the order's screenshot now: the one of its last new screenshot (a resubmit, queued
 * under that change's job id), else the one queued at checkout.
 */
async function screenshotCheckJob(deps: Pick<WorkerDeps, 'database'>, orderId: string) {
  const [resubmitted] = await deps.database.db
    .select({ id: orderTransitions.id })
    .from(orderTransitions)
    .where(and(eq(orderTransitions.orderId, orderId), eq(orderTransitions.action, 'resubmit')))
    .orderBy(desc(orderTransitions.id))
    .limit(1);
  const jobs = resubmitted
    ? orderStatusJobs(orderId, resubmitted.id, 'resubmit')
    : orderJobs(orderId);
  return jobs.find((job) => job.jobName === 'check-screenshot');
}

/**
 * The Status cells follow too: for each tab with a row still behind its order's state since
 * before `changedBefore`, the sheet job of that order's last change is enqueued again when Redis
 * lost it, or retried when it failed for good (setting cells again is harmless). One per tab is
 * enough: any of them writes every row of its tab that is behind.
 */
async function reviveStatusJobs(
  deps: Pick<WorkerDeps, 'database'>,
  producer: Producer,
  changedBefore: Date,
): Promise<number> {
  const { db } = deps.database;
  const stale = await db
    .selectDistinctOn([orders.sheetTabName], { orderId: orders.id })
    .from(orders)
    .where(
      and(
        isNotNull(orders.sheetAppendedAt),
        statusCellsBehind,
        lt(orders.statusChangedAt, changedBefore),
      ),
    )
    .orderBy(orders.sheetTabName, asc(orders.statusChangedAt));
  let revived = 0;
  for (const { orderId } of stale) {
    const [last] = await db
      .select({ id: orderTransitions.id })
      .from(orderTransitions)
      .where(eq(orderTransitions.orderId, orderId))
      .orderBy(desc(orderTransitions.id))
      .limit(1);
    if (!last) continue;
    const job = orderStatusSheetJob(orderId, last.id);
    if (await reviveJob(producer, job, { retryFailed: true, retryCompleted: false })) revived += 1;
  }
  return revived;
}

/**
 * The Batch and Payment Reference cells and the refund in the Status cell follow too: for each tab
 * with a row whose Status cells are in step with its state but whose Batch cell is still behind its
 * round (placed into a batch, moved to another), whose reference is not written or whose refund is
 * not shown, for an order placed before `placedBefore`, the sheet job of
 * that order's round is enqueued again when Redis lost it, or run again when it failed for good or
 * ran before (a move back to an earlier round). A row behind on its Status cells too is the status
 * job's (reviveStatusJobs), which writes these cells with them.
 */
async function reviveBatchCellJobs(
  deps: Pick<WorkerDeps, 'database'>,
  producer: Producer,
  placedBefore: Date,
): Promise<number> {
  const stale = await deps.database.db
    .selectDistinctOn([orders.sheetTabName], { orderId: orders.id, batchId: orders.batchId })
    .from(orders)
    .where(
      and(
        isNotNull(orders.sheetAppendedAt),
        or(batchOrReferenceCellBehind, refundCellBehind),
        not(statusCellsBehind),
        lt(orders.placedAt, placedBefore),
      ),
    )
    .orderBy(orders.sheetTabName, asc(orders.placedAt));
  let revived = 0;
  for (const { orderId, batchId } of stale) {
    // Retried when completed too: moved back to a round it was in before, that round's job id
    // ran already, so the move's enqueue was taken as a duplicate. Writing the cells is harmless.
    const job = orderBatchSheetJob(orderId, batchId);
    if (await reviveJob(producer, job, { retryFailed: true, retryCompleted: true })) revived += 1;
  }
  return revived;
}

/** The actions whose change mails the student, and those whose change mails the admins. */
const STUDENT_MAILED = ORDER_ACTION_NAMES.filter((action) => ORDER_ACTIONS[action].mailsStudent);
const ADMINS_MAILED = ORDER_ACTION_NAMES.filter((action) => ORDER_ACTIONS[action].mailsAdmins);

/**
 * The mails of a change (the student's of a verify, a rejection, a dispatch; the admins' of a
 * cancellation) follow too: a job that Redis lost is enqueued again for every change of the last
 * day still unmailed since before `changedBefore`. A failed one waits for an operator, as the
 * confirmation's does (its mail may have gone out before the failure).
 */
async function reviveStatusMails(
  deps: Pick<WorkerDeps, 'database'>,
  producer: Producer,
  changedBefore: Date,
  now: Date,
): Promise<number> {
  const unmailed = await deps.database.db
    .select({ id: orderTransitions.id, orderId: orderTransitions.orderId })
    .from(orderTransitions)
    .where(
      and(
        or(
          and(
            inArray(orderTransitions.action, STUDENT_MAILED),
            isNull(orderTransitions.studentNotifiedAt),
          ),
          and(
            inArray(orderTransitions.action, ADMINS_MAILED),
            isNull(orderTransitions.adminsNotifiedAt),
          ),
        ),
        lt(orderTransitions.at, changedBefore),
        gt(orderTransitions.at, new Date(now.getTime() - MAIL_WINDOW_MS)),
      ),
    )
    .orderBy(asc(orderTransitions.id))
    .limit(SWEEP_BATCH);
  let revived = 0;
  for (const { id, orderId } of unmailed) {
    // A mail that failed waits for an operator: a retry could repeat it.
    const job = orderStatusMailJob(orderId, id);
    if (await reviveJob(producer, job, { retryFailed: false, retryCompleted: false })) revived += 1;
  }
  return revived;
}

/**
 * The student's mail that their refund was sent follows too: a job that Redis lost is enqueued
 * again for every refund of the last day marked sent before `sentBefore` and still unmailed. A
 * failed one waits for an operator, as the other mails do.
 */
async function reviveRefundMails(
  deps: Pick<WorkerDeps, 'database'>,
  producer: Producer,
  sentBefore: Date,
  now: Date,
): Promise<number> {
  const unmailed = await deps.database.db
    .select({ id: refunds.id })
    .from(refunds)
    .where(
      and(
        eq(refunds.state, 'sent'),
        isNull(refunds.studentNotifiedAt),
        lt(refunds.sentAt, sentBefore),
        gt(refunds.sentAt, new Date(now.getTime() - MAIL_WINDOW_MS)),
      ),
    )
    .orderBy(asc(refunds.sentAt))
    .limit(SWEEP_BATCH);
  let revived = 0;
  for (const { id } of unmailed) {
    const job = refundSentMailJob(id);
    if (await reviveJob(producer, job, { retryFailed: false, retryCompleted: false })) revived += 1;
  }
  return revived;
}
