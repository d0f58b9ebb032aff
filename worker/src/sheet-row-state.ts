import type { Db } from '@campus/shared/server/db/client';
import { orders } from '@campus/shared/server/db/schema';
import { UnrecoverableError } from 'bullmq';
import { and, eq, isNull, type SQL } from 'drizzle-orm';

/**
 * Where an order's sheet row stands: its tab, when it was appended, and whether it was set aside
 * for its content. An order that does not exist is no job's to retry.
 */
export async function sheetRowStateOf(db: Db, orderId: string) {
  const [order] = await db
    .select({
      tab: orders.sheetTabName,
      appendedAt: orders.sheetAppendedAt,
      setAsideAt: orders.sheetSetAsideAt,
    })
    .from(orders)
    .where(eq(orders.id, orderId));
  if (!order) throw new UnrecoverableError(`Order ${orderId} does not exist`);
  return order;
}

/** The orders of the tab waiting for their row (one set aside waits for an operator instead). */
export function waitingForRow(tab: string): SQL {
  return and(
    eq(orders.sheetTabName, tab),
    isNull(orders.sheetAppendedAt),
    isNull(orders.sheetSetAsideAt),
  ) as SQL;
}
