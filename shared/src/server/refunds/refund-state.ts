import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { orders, refunds } from '../db/schema';
import { orderRefundSheetJob } from '../jobs';
import { writeOutbox } from '../outbox';

/**
 * Locks the order's row before its refund's is written: every transaction that writes both takes
 * the order first (a status change does too), so two of them never deadlock.
 */
export async function lockOrderOfRefund(tx: Db, orderId: string): Promise<void> {
  await tx.select({ id: orders.id }).from(orders).where(eq(orders.id, orderId)).for('update');
}

/**
 * In the transaction that changed the order's refund: the order keeps its refund's state for the
 * sheet's Status cell, and when it changed, the sheet job that writes it goes to the outbox. The
 * job's id, for the caller to enqueue after commit (else the outbox relay sends it); null when
 * nothing changed.
 */
export async function keepRefundState(tx: Db, orderId: string): Promise<string | null> {
  const [refund] = await tx
    .select({ id: refunds.id, state: refunds.state })
    .from(refunds)
    .where(eq(refunds.orderId, orderId));
  const state = refund?.state ?? null;
  const moved = await tx
    .update(orders)
    .set({ refundState: state })
    .where(and(eq(orders.id, orderId), sql`${orders.refundState} is distinct from ${state}`))
    .returning({ id: orders.id });
  if (moved.length === 0) return null;
  const job = orderRefundSheetJob(orderId, refund?.id ?? null, state ?? 'none');
  await writeOutbox(tx, [job]);
  return job.jobId;
}
