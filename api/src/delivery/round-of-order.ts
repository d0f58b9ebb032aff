import type { TRound } from '@campus/shared/domain/batch-api';
import { DEFAULT_TIME_ZONE } from '@campus/shared/domain/time-zone';
import type { Db } from '@campus/shared/server/db/client';
import { campuses, deliveryBatches, orders } from '@campus/shared/server/db/schema';
import { eq } from 'drizzle-orm';

/** The round an order goes with (null: none) and its campus's time zone, to tell the student. */
export async function roundOfOrder(
  db: Db,
  orderId: string,
): Promise<{ round: TRound | null; timeZone: string }> {
  const [row] = await db
    .select({
      cutoffAt: deliveryBatches.cutoffAt,
      deliveryAt: deliveryBatches.deliveryAt,
      timeZone: campuses.timeZone,
    })
    .from(orders)
    .leftJoin(deliveryBatches, eq(deliveryBatches.id, orders.batchId))
    .leftJoin(campuses, eq(campuses.id, orders.campusId))
    .where(eq(orders.id, orderId));
  return {
    round:
      row?.cutoffAt && row.deliveryAt
        ? { cutoffAt: row.cutoffAt.toISOString(), deliveryAt: row.deliveryAt.toISOString() }
        : null,
    timeZone: row?.timeZone ?? DEFAULT_TIME_ZONE,
  };
}
