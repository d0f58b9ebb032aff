import type { TBagLabelsResponse } from '@campus/shared/domain/batch-api';
import type { TUserProfile } from '@campus/shared/domain/entities';
import type { Db } from '@campus/shared/server/db/client';
import { orderLines, orders } from '@campus/shared/server/db/schema';
import { orderParts, PART_LINE_FIELDS } from '@campus/shared/server/delivery/order-parts';
import { PICKED_STATES } from '@campus/shared/server/delivery/pick-lists';
import { and, asc, eq, inArray } from 'drizzle-orm';
import { batchSummary, dropList, findBatch } from './get-batch';

/**
 * The bag labels of a batch (decision 026): one per order and restaurant part of its paid orders,
 * in the drop list's order (place, then room), so the bags are packed in the order they go out.
 */
export async function bagLabels(
  db: Db,
  user: TUserProfile,
  batchId: string,
): Promise<TBagLabelsResponse> {
  const batch = await findBatch(db, user, batchId);
  const [summary, drops, lines] = await Promise.all([
    batchSummary(db, batch),
    dropList(db, batch.id),
    db
      .select({
        orderId: orderLines.orderId,
        firstName: orders.firstName,
        ...PART_LINE_FIELDS,
      })
      .from(orderLines)
      .innerJoin(orders, eq(orders.id, orderLines.orderId))
      .where(and(eq(orders.batchId, batch.id), inArray(orders.status, [...PICKED_STATES])))
      .orderBy(asc(orderLines.orderId), asc(orderLines.position)),
  ]);
  const linesOf = new Map<string, typeof lines>();
  for (const line of lines) linesOf.set(line.orderId, [...(linesOf.get(line.orderId) ?? []), line]);
  const labels = drops.flatMap(({ place, orders: dropped }) =>
    dropped.flatMap((order) => {
      const own = linesOf.get(order.orderId) ?? [];
      const parts = orderParts(own);
      return parts.map((part, index) => ({
        orderId: order.orderId,
        paymentReference: order.paymentReference,
        place,
        room: order.room,
        firstName: own[0]?.firstName ?? '',
        restaurantName: part.restaurantName,
        bag: index + 1,
        bags: parts.length,
        lines: part.lines,
      }));
    }),
  );
  return { ok: true, batch: summary, labels };
}
