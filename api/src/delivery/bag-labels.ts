import type { TBagLabel, TBagLabelsResponse } from '@campus/shared/domain/batch-api';
import { MART_RESTAURANT_NAME } from '@campus/shared/domain/cart';
import type { TUserProfile } from '@campus/shared/domain/entities';
import type { Db } from '@campus/shared/server/db/client';
import { orderLines, orders } from '@campus/shared/server/db/schema';
import { PICKED_STATES } from '@campus/shared/server/delivery/pick-lists';
import { and, asc, eq, inArray } from 'drizzle-orm';
import { batchSummary, dropList, findBatch } from './get-batch';

type Part = Pick<TBagLabel, 'restaurantName' | 'lines'> & { isMart: boolean };

/** An order's lines by the restaurant (or the mart) they come from, the mart's bag last. */
function partsOf(
  lines: readonly { kind: string; restaurantName: string; name: string; quantity: number }[],
) {
  const parts = new Map<string, Part>();
  for (const line of lines) {
    const isMart = line.kind === 'mart';
    const key = isMart ? 'mart' : `restaurant-${line.restaurantName}`;
    const part = parts.get(key) ?? {
      isMart,
      restaurantName: isMart ? MART_RESTAURANT_NAME : line.restaurantName,
      lines: [],
    };
    part.lines.push({ name: line.name, quantity: line.quantity });
    parts.set(key, part);
  }
  return [...parts.values()].sort((a, b) => Number(a.isMart) - Number(b.isMart));
}

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
        kind: orderLines.kind,
        restaurantName: orderLines.restaurantName,
        name: orderLines.name,
        quantity: orderLines.quantity,
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
      const parts = partsOf(own);
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
