import { eq, sql } from 'drizzle-orm';
import type { Round } from '../../domain/delivery-rounds';
import { DEFAULT_TIME_ZONE } from '../../domain/time-zone';
import type { Db } from '../db/client';
import { campuses, deliveryBatches, orders } from '../db/schema';

// An order read with the round it goes with and its campus's time zone, the same way in the api
// and the worker: select `orderRoundColumns` (with any of the order's own) from `orders` and
// left-join `campuses` on `orderCampus` and `deliveryBatches` on `orderBatch`.

/** The order's campus, for its time zone. */
export const orderCampus = eq(campuses.id, orders.campusId);
/** The order's delivery batch (none for an order without a round), for its round. */
export const orderBatch = eq(deliveryBatches.id, orders.batchId);

/** The round's times (null: no round) and the campus's time zone, DEFAULT_TIME_ZONE when gone. */
export const orderRoundColumns = {
  timeZone: sql<string>`coalesce(${campuses.timeZone}, ${DEFAULT_TIME_ZONE})`,
  roundCutoffAt: deliveryBatches.cutoffAt,
  roundDeliveryAt: deliveryBatches.deliveryAt,
};

/** The round of a row read with `orderRoundColumns`. */
export function roundOf(row: {
  roundCutoffAt: Date | null;
  roundDeliveryAt: Date | null;
}): Round | null {
  return row.roundCutoffAt && row.roundDeliveryAt
    ? { cutoffAt: row.roundCutoffAt, deliveryAt: row.roundDeliveryAt }
    : null;
}

/** The round an order goes with (null: none) and its campus's time zone, to tell the student. */
export async function roundOfOrder(
  db: Db,
  orderId: string,
): Promise<{ round: Round | null; timeZone: string }> {
  const [row] = await db
    .select(orderRoundColumns)
    .from(orders)
    .leftJoin(campuses, orderCampus)
    .leftJoin(deliveryBatches, orderBatch)
    .where(eq(orders.id, orderId));
  return { round: row ? roundOf(row) : null, timeZone: row?.timeZone ?? DEFAULT_TIME_ZONE };
}
