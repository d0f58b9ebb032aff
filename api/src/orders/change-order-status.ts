import { CHECKOUT_MESSAGES, type TPayTo } from '@campus/shared/domain/checkout';
import type { TUserProfile } from '@campus/shared/domain/entities';
import {
  canStart,
  ORDER_ACTIONS,
  ORDER_STATUS_MESSAGES,
  stockEffect,
  type TOrderState,
  type TOrderTransitionRequest,
} from '@campus/shared/domain/order-status';
import { ROLE_LABELS } from '@campus/shared/domain/roles';
import type { CatalogueCache } from '@campus/shared/server/catalogue/cache';
import type { Db } from '@campus/shared/server/db/client';
import {
  campuses,
  deliveryBatches,
  martItems,
  orderLines,
  orders,
  orderTransitions,
} from '@campus/shared/server/db/schema';
import type { OrderEventPublisher } from '@campus/shared/server/events/order-events';
import { batchAdditionMailJob, type OutboxJob, orderStatusJobs } from '@campus/shared/server/jobs';
import { enqueueOutboxJobs, writeOutbox } from '@campus/shared/server/outbox';
import type { Producer } from '@campus/shared/server/queue';
import { and, asc, desc, eq, gte, isNotNull, sql } from 'drizzle-orm';
import type { Logger } from 'pino';
import { audit } from '../admin/audit';
import { failedPrecondition, notFound } from '../http/errors';
import { followRefund } from '../refunds/refunds';
import { orderSummaryColumns } from './get-order';
import { newScreenshotOf, takeNewScreenshot } from './new-screenshot';
import { assertOrderAccess, type OrderOwner } from './order-access';
import { confirmedDifferences, unpaidPart } from './payment-evidence';

export type ChangeOrderStatusDeps = {
  db: Db;
  /** The pay-to account of a campus without its own, which a receipt's recipient is checked by. */
  payToDefault: TPayTo;
  producer: Producer;
  catalogue: CatalogueCache;
  events: OrderEventPublisher;
  log: Logger;
};

/** What the routes that move orders hand over (the request adds its log). */
export type OrderStatusRouteDeps = Omit<ChangeOrderStatusDeps, 'log'>;

type OrderRef = OrderOwner & { id: string; status: TOrderState; timeZone: string };

async function loadOrder(db: Db, orderId: string): Promise<OrderRef | null> {
  const [order] = await db
    .select({
      id: orders.id,
      status: orders.status,
      userId: orders.userId,
      universityId: orders.universityId,
      campusId: orders.campusId,
      timeZone: orderSummaryColumns.timeZone,
    })
    .from(orders)
    .leftJoin(campuses, eq(campuses.id, orders.campusId))
    .where(eq(orders.id, orderId));
  return order ?? null;
}

/**
 * The 409 of an order that is not in a state the action starts from: who moved it, when, if
 * someone moved it from a state the action would have taken (two admins at once); else the rule.
 */
async function conflict(db: Db, order: OrderRef, action: keyof typeof ORDER_ACTIONS) {
  const [last] = await db
    .select()
    .from(orderTransitions)
    .where(eq(orderTransitions.orderId, order.id))
    .orderBy(desc(orderTransitions.id))
    .limit(1);
  if (last && canStart(action, last.fromState)) {
    const done = ORDER_ACTIONS[last.action].done;
    return failedPrecondition(
      ORDER_ACTIONS[action].by === 'student'
        ? ORDER_STATUS_MESSAGES.alreadyDoneAt(done, last.at, order.timeZone)
        : ORDER_STATUS_MESSAGES.alreadyDone(done, last.actorName, last.at, order.timeZone),
    );
  }
  return failedPrecondition(ORDER_ACTIONS[action].refused);
}

/** Gives the order's mart items back to stock, or takes them again (a reopened rejection). */
async function moveStock(tx: Db, orderId: string, effect: 'give-back' | 'take'): Promise<boolean> {
  const lines = await tx
    .select({ itemId: orderLines.martItemId, name: orderLines.name, quantity: orderLines.quantity })
    .from(orderLines)
    .where(and(eq(orderLines.orderId, orderId), isNotNull(orderLines.martItemId)))
    // The same order as checkout locks its rows in: two transactions never deadlock.
    .orderBy(asc(orderLines.martItemId));
  for (const line of lines) {
    const itemId = line.itemId as string;
    if (effect === 'give-back') {
      await tx
        .update(martItems)
        .set({ stock: sql`${martItems.stock} + ${line.quantity}` })
        .where(eq(martItems.id, itemId));
      continue;
    }
    const taken = await tx
      .update(martItems)
      .set({ stock: sql`${martItems.stock} - ${line.quantity}` })
      .where(and(eq(martItems.id, itemId), gte(martItems.stock, line.quantity)))
      .returning({ stock: martItems.stock });
    if (taken.length === 0) {
      const [item] = await tx
        .select({ stock: martItems.stock })
        .from(martItems)
        .where(eq(martItems.id, itemId));
      // A deleted mart item has nothing to take; its line stays as it was sold.
      if (item) {
        throw failedPrecondition(CHECKOUT_MESSAGES.outOfStock(line.name, Math.max(0, item.stock)));
      }
    }
  }
  return lines.length > 0;
}

/**
 * The mail of an order verified after its batch closed: its restaurants add it to the pick lists
 * they were sent (decision 026). The batch is read FOR SHARE, so a close at this moment waits for
 * the verification and its pick lists then hold the order.
 */
async function lateAddition(tx: Db, orderId: string): Promise<OutboxJob[]> {
  const [batch] = await tx
    .select({ id: deliveryBatches.id, closedAt: deliveryBatches.closedAt })
    .from(orders)
    .innerJoin(deliveryBatches, eq(deliveryBatches.id, orders.batchId))
    .where(eq(orders.id, orderId))
    .for('share', { of: deliveryBatches });
  return batch?.closedAt ? [batchAdditionMailJob(orderId, batch.id)] : [];
}

/** Thrown inside the transaction when another request changed the order first. */
class Overtaken extends Error {}

/**
 * Moves an order to the next state by the rule of shared/domain/order-status.ts: the update names
 * the expected state, so of two people acting at once exactly one wins and the other gets the
 * 409 that says who did what. A verify first checks that the admin confirmed every difference of
 * the payment's evidence. The transition row (with those differences), the audit row, the stock
 * it gives back or takes, the refund a paid order is owed (or no longer) and the jobs it needs (the sheet row's Status cells, the student's mail) commit together; after
 * commit the jobs are queued and the change is published to the open pages of the people who
 * follow the order.
 */
export async function changeOrderStatus(
  deps: ChangeOrderStatusDeps,
  actor: TUserProfile,
  orderId: string,
  request: TOrderTransitionRequest,
  now: Date = new Date(),
): Promise<{ orderId: string; state: TOrderState; transitionId: number }> {
  const { db, log } = deps;
  const order = await loadOrder(db, orderId);
  if (!order) throw notFound();
  const rule = ORDER_ACTIONS[request.action];
  assertOrderAccess(actor, order, rule.by);
  if (!canStart(request.action, order.status)) throw await conflict(db, order, request.action);
  // A verify names every difference the app found in the payment's evidence (decision 023).
  const confirmed =
    request.action === 'verify'
      ? await confirmedDifferences(db, order.id, request.confirmed ?? [], deps.payToDefault)
      : [];
  // A rejection of a short payment may ask only for the part left unpaid.
  const balanceDue = request.askDifference ? await unpaidPart(db, order.id) : null;
  // A resubmit comes with the student's new payment screenshot, within its window.
  const screenshot = rule.newScreenshot
    ? await newScreenshotOf(db, order.id, request.screenshot, actor.uid, now)
    : null;

  const from = order.status;
  let movedStock = false;
  let changed: { id: number; jobIds: string[] };
  try {
    changed = await db.transaction(async (tx) => {
      const moved = await tx
        .update(orders)
        .set({
          status: rule.to,
          statusChangedAt: now,
          // Each rejection says anew what the next screenshot is to show; a reopened order is
          // checked against its total again.
          ...(request.action === 'reject' || request.action === 'reopen'
            ? { balanceDuePaisa: balanceDue }
            : {}),
        })
        .where(and(eq(orders.id, order.id), eq(orders.status, from)))
        .returning({ id: orders.id });
      if (moved.length === 0) throw new Overtaken();
      if (screenshot) await takeNewScreenshot(tx, order.id, screenshot);
      await followRefund(tx, order, rule.to);
      const effect = stockEffect(from, rule.to);
      if (effect !== 'none') movedStock = await moveStock(tx, order.id, effect);
      const [transition] = await tx
        .insert(orderTransitions)
        .values({
          orderId: order.id,
          action: request.action,
          fromState: from,
          toState: rule.to,
          actorId: actor.uid,
          actorName: `${actor.firstName} ${actor.lastName}`.trim() || ROLE_LABELS[actor.role],
          reason: request.reason,
          confirmedDifferences: confirmed,
          at: now,
        })
        .returning({ id: orderTransitions.id });
      const id = (transition as { id: number }).id;
      await audit(tx, actor, {
        action: request.action,
        entity: 'order',
        entityId: order.id,
        details: {
          from,
          to: rule.to,
          ...(request.reason ? { reason: request.reason } : {}),
          ...(confirmed.length > 0 ? { confirmedDifferences: confirmed } : {}),
          ...(balanceDue !== null ? { balanceDuePaisa: balanceDue } : {}),
          ...(screenshot ? { screenshotUrl: screenshot.url } : {}),
        },
      });
      const jobs = [
        ...orderStatusJobs(order.id, id, request.action),
        ...(rule.to === 'verified' ? await lateAddition(tx, order.id) : []),
      ];
      await writeOutbox(tx, jobs);
      return { id, jobIds: jobs.map((job) => job.jobId) };
    });
  } catch (error) {
    if (error instanceof Overtaken) throw await conflict(db, order, request.action);
    throw error;
  }
  const { id: transitionId, jobIds } = changed;
  await enqueueOutboxJobs(db, deps.producer, jobIds, log);
  if (movedStock && order.campusId) {
    await deps.catalogue
      .invalidateMartItems(order.campusId)
      .catch((error: unknown) => log.warn({ err: error }, 'stock cache not refreshed'));
  }
  const { userId, universityId, campusId } = order;
  await deps.events.publishOrder({
    orderId: order.id,
    state: rule.to,
    userId,
    universityId,
    campusId,
  });
  log.info({ orderId: order.id, from, to: rule.to, transitionId }, 'order status changed');
  return { orderId: order.id, state: rule.to, transitionId };
}
