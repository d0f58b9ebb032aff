import { AppError } from '@campus/shared/domain/app-error';
import { BATCH_MESSAGES, type TBatchAction } from '@campus/shared/domain/batch-api';
import { clockTime } from '@campus/shared/domain/delivery-rounds';
import type { TUserProfile } from '@campus/shared/domain/entities';
import type { TOrderAction, TOrderState } from '@campus/shared/domain/order-status';
import { ROLE_LABELS } from '@campus/shared/domain/roles';
import { orders } from '@campus/shared/server/db/schema';
import { countsOfBatch } from '@campus/shared/server/delivery/batch-counts';
import { closeBatch } from '@campus/shared/server/delivery/close-batch';
import { batchClosedMailJob } from '@campus/shared/server/jobs';
import { enqueueOutboxJobs } from '@campus/shared/server/outbox';
import { and, asc, eq } from 'drizzle-orm';
import { audit } from '../admin/audit';
import { failedPrecondition } from '../http/errors';
import { type ChangeOrderStatusDeps, changeOrderStatus } from '../orders/change-order-status';
import { findBatch } from './get-batch';

/** What each batch step does to its orders: from which state, by which order action. */
const STEPS = {
  dispatch: { from: 'verified', action: 'dispatch', none: BATCH_MESSAGES.nothingToDispatch },
  deliver: { from: 'out_for_delivery', action: 'deliver', none: BATCH_MESSAGES.nothingToDeliver },
} as const satisfies Record<
  Exclude<TBatchAction, 'close'>,
  { from: TOrderState; action: TOrderAction; none: string }
>;

const actorName = (actor: TUserProfile) =>
  `${actor.firstName} ${actor.lastName}`.trim() || ROLE_LABELS[actor.role];

/** Closes the batch now, before its cut-off (or after it, if the close is late); mails as at the cut-off. */
async function closeNow(
  deps: ChangeOrderStatusDeps,
  actor: TUserProfile,
  batchId: string,
  now: Date,
) {
  const closed = await deps.db.transaction(async (tx) => {
    const done = await closeBatch(tx, batchId, { adminName: actorName(actor) }, now);
    if (done) {
      await audit(tx, actor, { action: 'close', entity: 'delivery-batch', entityId: batchId });
    }
    return done;
  });
  if (closed) {
    await enqueueOutboxJobs(deps.db, deps.producer, [batchClosedMailJob(batchId).jobId], deps.log);
  }
  return closed;
}

/**
 * A step of a whole batch: close it now; dispatch (every verified order goes out for delivery);
 * or deliver (every order out for delivery). A round whose cut-off is still ahead is not
 * dispatched: orders could still join it after the food left (decision 026); an admin closes it
 * first. One past its cut-off whose close has not run yet closes as it is dispatched. Each order moves through the order rule (changeOrderStatus) with its own
 * timeline row, mail and event; one that someone else moved meanwhile is left as it is. Returns
 * how many moved (for a close, how many orders it closed with); a 409 when there was nothing to do.
 */
export async function runBatchStep(
  deps: ChangeOrderStatusDeps,
  actor: TUserProfile,
  batchId: string,
  step: TBatchAction,
  now: Date = new Date(),
): Promise<number> {
  const batch = await findBatch(deps.db, actor, batchId);
  if (step === 'close') {
    if (!(await closeNow(deps, actor, batch.id, now)))
      throw failedPrecondition(BATCH_MESSAGES.closed);
    // Nothing moves: the orders it closed with, for 'Round closed early with 3 orders.'
    return (await countsOfBatch(deps.db, batch.id)).orderCount;
  }
  if (step === 'dispatch' && !batch.closedAt && batch.cutoffAt > now) {
    throw failedPrecondition(BATCH_MESSAGES.stillOpen(clockTime(batch.cutoffAt, batch.timeZone)));
  }
  const rule = STEPS[step];
  const waiting = await deps.db
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.batchId, batch.id), eq(orders.status, rule.from)))
    .orderBy(asc(orders.placedAt));
  if (waiting.length === 0) throw failedPrecondition(rule.none);
  if (step === 'dispatch' && !batch.closedAt) await closeNow(deps, actor, batch.id, now);
  let moved = 0;
  for (const { id } of waiting) {
    try {
      await changeOrderStatus(deps, actor, id, { action: rule.action, reason: '' }, now);
      moved += 1;
    } catch (error) {
      // Moved by someone else meanwhile (a 409): theirs stands.
      if (!(error instanceof AppError) || error.status !== 409) throw error;
    }
  }
  return moved;
}
