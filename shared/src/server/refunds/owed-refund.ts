import { eq, sql } from 'drizzle-orm';
import { REFUND_MESSAGES } from '../../domain/refunds';
import type { Db } from '../db/client';
import { newId } from '../db/ids';
import { orders, refunds, statementCredits } from '../db/schema';
import { keepRefundState, lockOrderOfRefund } from './refund-state';

/**
 * The refund the app records for a paid order (its credit found in the statement) that ended
 * cancelled or rejected (decision 024): the credit's amount. Called when the order ends so, and
 * when its credit is matched after it did. A refund an admin recorded that is still due grows to
 * the credit's amount (an over-payment is part of the money to send back) and becomes the app's;
 * one already sent stays. A rejection that asked only for the missing amount owes nothing: the
 * money that arrived waits for the rest (if it never comes, an admin records the refund).
 */
export async function recordOwedRefund(
  tx: Db,
  order: { id: string; campusId: string | null; status: string },
): Promise<void> {
  if ((order.status !== 'cancelled' && order.status !== 'rejected') || !order.campusId) return;
  const [credit] = await tx
    .select({ amountPaisa: statementCredits.amountPaisa })
    .from(statementCredits)
    .where(eq(statementCredits.orderId, order.id));
  if (!credit) return;
  // A rejection that asked for the missing amount keeps what arrived for the order.
  const [asked] = await tx
    .select({ balanceDuePaisa: orders.balanceDuePaisa })
    .from(orders)
    .where(eq(orders.id, order.id));
  if (order.status === 'rejected' && asked?.balanceDuePaisa != null) return;
  await lockOrderOfRefund(tx, order.id);
  await tx
    .insert(refunds)
    .values({
      id: newId(),
      orderId: order.id,
      campusId: order.campusId,
      amountPaisa: credit.amountPaisa,
      reason: REFUND_MESSAGES.paidThen(order.status),
    })
    .onConflictDoUpdate({
      target: refunds.orderId,
      set: {
        amountPaisa: sql`greatest(${refunds.amountPaisa}, excluded.amount_paisa)`,
        reason: sql`excluded.reason`,
        // The whole payment now: the app's, as if it had recorded it first.
        recordedBy: null,
      },
      setWhere: sql`${refunds.state} = 'due'`,
    });
  await keepRefundState(tx, order.id);
}
