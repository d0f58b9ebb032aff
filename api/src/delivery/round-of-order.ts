import type { TRound } from '@campus/shared/domain/batch-api';
import type { Round } from '@campus/shared/domain/delivery-rounds';
import { DEFAULT_TIME_ZONE } from '@campus/shared/domain/time-zone';
import type { Db } from '@campus/shared/server/db/client';
import { campuses, deliveryBatches, orders } from '@campus/shared/server/db/schema';
import { eq } from 'drizzle-orm';

/** A round as the api answers it. */
export const isoRound = (round: Round | null): TRound | null =>
  round
    ? { cutoffAt: round.cutoffAt.toISOString(), deliveryAt: round.deliveryAt.toISOString() }
    : null;

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
        ? isoRound({ cutoffAt: row.cutoffAt, deliveryAt: row.deliveryAt })
        : null,
    timeZone: row?.timeZone ?? DEFAULT_TIME_ZONE,
  };
}
