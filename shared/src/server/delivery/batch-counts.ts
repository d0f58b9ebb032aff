import { inArray, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { orders } from '../db/schema';
import { PICKED_STATES, WAITING_STATE } from './pick-lists';

/** A batch's counts as the Batches tab and the admins' notice show them; amounts in paisa. */
export interface BatchCounts {
  /** Orders that are not rejected or cancelled. */
  orderCount: number;
  /** Orders whose payment was checked: verified, out for delivery or delivered. */
  verifiedCount: number;
  /** Orders still waiting for their payment check. */
  waitingCount: number;
  outForDeliveryCount: number;
  deliveredCount: number;
  totalPaisa: number;
  verifiedTotalPaisa: number;
}

/** The counts of a batch no order joined (or a round without a batch). */
export const NO_ORDERS: BatchCounts = {
  orderCount: 0,
  verifiedCount: 0,
  waitingCount: 0,
  outForDeliveryCount: 0,
  deliveredCount: 0,
  totalPaisa: 0,
  verifiedTotalPaisa: 0,
};

const count = (where: SQL) => sql<number>`cast(count(*) filter (where ${where}) as int)`;
const total = (where: SQL) =>
  sql<number>`cast(coalesce(sum(${orders.grandTotalPaisa}) filter (where ${where}), 0) as int)`;
const listed = inArray(orders.status, [...PICKED_STATES, WAITING_STATE]);
const picked = inArray(orders.status, [...PICKED_STATES]);

/**
 * The counts of each batch's orders by where they stand, by batch id (rejected and cancelled
 * orders count nowhere); a batch without orders is missing from the map.
 */
export async function batchCounts(
  db: Db,
  batchIds: readonly string[],
): Promise<Map<string, BatchCounts>> {
  if (batchIds.length === 0) return new Map();
  const rows = await db
    .select({
      batchId: orders.batchId,
      orderCount: count(listed),
      verifiedCount: count(picked),
      waitingCount: count(sql`${orders.status} = ${WAITING_STATE}`),
      outForDeliveryCount: count(sql`${orders.status} = 'out_for_delivery'`),
      deliveredCount: count(sql`${orders.status} = 'delivered'`),
      totalPaisa: total(listed),
      verifiedTotalPaisa: total(picked),
    })
    .from(orders)
    .where(inArray(orders.batchId, [...batchIds]))
    .groupBy(orders.batchId);
  return new Map(rows.map(({ batchId, ...counts }) => [batchId as string, counts]));
}

/** The counts of one batch. */
export async function countsOfBatch(db: Db, batchId: string): Promise<BatchCounts> {
  return (await batchCounts(db, [batchId])).get(batchId) ?? NO_ORDERS;
}
