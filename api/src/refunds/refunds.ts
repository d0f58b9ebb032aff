import type { TUserProfile } from '@campus/shared/domain/entities';
import type { TOrderState } from '@campus/shared/domain/order-status';
import { normalisePaymentReference } from '@campus/shared/domain/payment-reference';
import {
  REFUND_MESSAGES,
  type TRecordRefundByReferenceRequest,
  type TRefund,
} from '@campus/shared/domain/refunds';
import type { Db } from '@campus/shared/server/db/client';
import { isUniqueViolation } from '@campus/shared/server/db/errors';
import { newId } from '@campus/shared/server/db/ids';
import { campuses, orders, refunds } from '@campus/shared/server/db/schema';
import { refundSentMailJob } from '@campus/shared/server/jobs';
import { enqueueOutboxJobs, writeOutbox } from '@campus/shared/server/outbox';
import type { Producer } from '@campus/shared/server/queue';
import { recordOwedRefund } from '@campus/shared/server/refunds/owed-refund';
import { keepRefundState, lockOrderOfRefund } from '@campus/shared/server/refunds/refund-state';
import { and, desc, eq, isNull, type SQL, sql } from 'drizzle-orm';
import type { Logger } from 'pino';
import { audit } from '../admin/audit';
import { findCampus } from '../admin/campus-lookup';
import { assertCampusAccess, assertRole } from '../auth/guards';
import { failedPrecondition, invalidField, notFound } from '../http/errors';
import { assertOrderAccess } from '../orders/order-access';

// Refunds (decision 024): due when a paid order ends cancelled or rejected, or when an admin
// records one; sent once an admin transferred the money back. One per order.

const refundColumns = {
  id: refunds.id,
  orderId: refunds.orderId,
  paymentReference: orders.paymentReference,
  studentName: sql<string>`trim(${orders.firstName} || ' ' || ${orders.lastName})`,
  amountPaisa: refunds.amountPaisa,
  reason: refunds.reason,
  state: refunds.state,
  recordedAt: refunds.recordedAt,
  sentAt: refunds.sentAt,
  sentReference: refunds.sentReference,
  campusName: campuses.name,
  timeZone: campuses.timeZone,
};

type RefundRow = {
  recordedAt: Date;
  sentAt: Date | null;
} & Omit<TRefund, 'recordedAt' | 'sentAt'>;

const toRefund = (row: RefundRow): TRefund => ({
  ...row,
  recordedAt: row.recordedAt.toISOString(),
  sentAt: row.sentAt?.toISOString() ?? null,
});

/**
 * What an order's move to `to` does to its refund, in the transition's transaction: a paid order
 * that ends cancelled or rejected is owed its money back (recordOwedRefund); one that goes back to
 * its payment check (reopened, a new screenshot) owes nothing the app recorded, and cannot go back
 * once its money was sent back.
 */
export async function followRefund(
  tx: Db,
  order: { id: string; campusId: string | null; timeZone: string },
  to: TOrderState,
): Promise<void> {
  if (to !== 'placed') {
    await recordOwedRefund(tx, { id: order.id, campusId: order.campusId, status: to });
    return;
  }
  const [sent] = await tx
    .select({ sentAt: refunds.sentAt, sentReference: refunds.sentReference })
    .from(refunds)
    // The whole payment sent back (the app's refund); an over-payment's sent back blocks nothing.
    .where(
      and(eq(refunds.orderId, order.id), eq(refunds.state, 'sent'), isNull(refunds.recordedBy)),
    );
  if (sent) {
    throw failedPrecondition(
      REFUND_MESSAGES.refundedAlready(
        sent.sentAt ?? new Date(),
        sent.sentReference ?? '',
        order.timeZone,
      ),
    );
  }
  await tx
    .delete(refunds)
    .where(
      and(eq(refunds.orderId, order.id), eq(refunds.state, 'due'), isNull(refunds.recordedBy)),
    );
  await keepRefundState(tx, order.id);
}

/** Which refunds a list asks for: one campus's, or (a super admin's, no campus named) every one. */
async function refundScope(
  db: Db,
  admin: TUserProfile,
  query: { universityId?: string; campusId?: string },
): Promise<SQL | undefined> {
  if (!query.universityId && !query.campusId) {
    assertRole(admin, 'superAdmin');
    return undefined;
  }
  const campus = await findCampus(db, query.universityId ?? '', query.campusId ?? '');
  assertCampusAccess(admin, campus);
  return eq(refunds.campusId, campus.campusId);
}

/**
 * The refunds of the campus a query names (?universityId&campusId), for its admin or a super
 * admin, or of every campus for a super admin who names none: due first (oldest first), then sent
 * (newest first).
 */
export async function listRefunds(
  db: Db,
  admin: TUserProfile,
  query: { universityId?: string; campusId?: string },
): Promise<TRefund[]> {
  const rows = await db
    .select(refundColumns)
    .from(refunds)
    .innerJoin(orders, eq(orders.id, refunds.orderId))
    .innerJoin(campuses, eq(campuses.id, refunds.campusId))
    .where(await refundScope(db, admin, query))
    .orderBy(sql`${refunds.state} = 'sent'`, desc(refunds.sentAt), refunds.recordedAt)
    .limit(500);
  return rows.map(toRefund);
}

/** The one refund the condition names (a refund's id, an order's), or null. */
async function oneRefund(db: Db, where: SQL): Promise<TRefund | null> {
  const [row] = await db
    .select(refundColumns)
    .from(refunds)
    .innerJoin(orders, eq(orders.id, refunds.orderId))
    .innerJoin(campuses, eq(campuses.id, refunds.campusId))
    .where(where);
  return row ? toRefund(row) : null;
}

/** An admin's refund due for an order of their campus (an over-payment, a payment made twice). */
export async function recordRefund(
  deps: { db: Db; producer: Producer; log: Logger },
  admin: TUserProfile,
  orderId: string,
  request: { amountPaisa: number; reason: string },
): Promise<TRefund> {
  const { db } = deps;
  const [order] = await db
    .select({
      id: orders.id,
      userId: orders.userId,
      universityId: orders.universityId,
      campusId: orders.campusId,
    })
    .from(orders)
    .where(eq(orders.id, orderId));
  if (!order) throw notFound();
  assertOrderAccess(admin, order, 'admin');
  if (!order.campusId) throw notFound();
  const campusId = order.campusId;
  const id = newId();
  let sheetJob: string | null = null;
  try {
    await db.transaction(async (tx) => {
      await lockOrderOfRefund(tx, orderId);
      await tx.insert(refunds).values({ id, orderId, campusId, ...request, recordedBy: admin.uid });
      sheetJob = await keepRefundState(tx, orderId);
      await audit(tx, admin, {
        action: 'create',
        entity: 'refund',
        entityId: id,
        details: { orderId, ...request },
      });
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw failedPrecondition(REFUND_MESSAGES.alreadyRecorded);
    throw error;
  }
  if (sheetJob) await enqueueOutboxJobs(db, deps.producer, [sheetJob], deps.log);
  return (await oneRefund(db, eq(refunds.id, id))) as TRefund;
}

/**
 * An admin's refund due for the campus's order of a payment reference (the Refunds tab's form),
 * as recordRefund records it.
 */
export async function recordRefundByReference(
  deps: { db: Db; producer: Producer; log: Logger },
  admin: TUserProfile,
  request: TRecordRefundByReferenceRequest,
): Promise<TRefund> {
  const campus = await findCampus(deps.db, request.universityId, request.campusId);
  assertCampusAccess(admin, campus);
  const reference = normalisePaymentReference(request.paymentReference) ?? request.paymentReference;
  const [order] = await deps.db
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.campusId, campus.campusId), eq(orders.paymentReference, reference)));
  if (!order) throw invalidField('paymentReference', REFUND_MESSAGES.noOrderOf(reference));
  const { amountPaisa, reason } = request;
  return recordRefund(deps, admin, order.id, { amountPaisa, reason });
}

/**
 * Marks a refund sent with the transfer's reference, once: a second press is told when and with
 * which reference it was sent. The student is mailed (once, by the worker).
 */
export async function markRefundSent(
  deps: { db: Db; producer: Producer; log: Logger },
  admin: TUserProfile,
  refundId: string,
  reference: string,
  now: Date = new Date(),
): Promise<TRefund> {
  const { db } = deps;
  const [found] = await db
    .select({
      orderId: refunds.orderId,
      campusId: refunds.campusId,
      universityId: campuses.universityId,
      timeZone: campuses.timeZone,
    })
    .from(refunds)
    .innerJoin(campuses, eq(campuses.id, refunds.campusId))
    .where(eq(refunds.id, refundId));
  if (!found) throw notFound();
  assertCampusAccess(admin, found);
  const job = refundSentMailJob(refundId);
  const sent = await db.transaction(async (tx) => {
    await lockOrderOfRefund(tx, found.orderId);
    const moved = await tx
      .update(refunds)
      .set({ state: 'sent', sentAt: now, sentReference: reference, sentBy: admin.uid })
      .where(and(eq(refunds.id, refundId), eq(refunds.state, 'due')))
      .returning({ orderId: refunds.orderId });
    const [refund] = moved;
    if (!refund) return null;
    await audit(tx, admin, {
      action: 'update',
      entity: 'refund',
      entityId: refundId,
      details: { state: 'sent', reference },
    });
    await writeOutbox(tx, [job]);
    const sheetJob = await keepRefundState(tx, refund.orderId);
    return [job.jobId, ...(sheetJob ? [sheetJob] : [])];
  });
  if (!sent) {
    const [earlier] = await db
      .select({ sentAt: refunds.sentAt, sentReference: refunds.sentReference })
      .from(refunds)
      .where(eq(refunds.id, refundId));
    throw failedPrecondition(
      REFUND_MESSAGES.alreadySent(
        earlier?.sentAt ?? now,
        earlier?.sentReference ?? '',
        found.timeZone,
      ),
    );
  }
  await enqueueOutboxJobs(db, deps.producer, sent, deps.log);
  return (await oneRefund(db, eq(refunds.id, refundId))) as TRefund;
}

/** The refund of an order, as its page shows it (null: none). */
export const refundOfOrder = (db: Db, orderId: string) =>
  oneRefund(db, eq(refunds.orderId, orderId));
