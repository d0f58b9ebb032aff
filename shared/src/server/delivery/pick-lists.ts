import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { TPickList } from '../../domain/batch-api';
import { MART_RESTAURANT_NAME } from '../../domain/cart';
import type { TOrderState } from '../../domain/order-status';
import type { Db } from '../db/client';
import { deliveryBatches, orderLines, orders, orderTransitions, restaurants } from '../db/schema';
import { partKey } from './order-parts';

/** The states of an order whose payment was checked: its lines are prepared. */
export const PICKED_STATES = [
  'verified',
  'out_for_delivery',
  'delivered',
] as const satisfies readonly TOrderState[];

/** The state of an order that still waits for its payment check. */
export const WAITING_STATE = 'placed' satisfies TOrderState;

const LISTED_STATES: TOrderState[] = [...PICKED_STATES, WAITING_STATE];
const isPicked = (state: TOrderState) => (PICKED_STATES as readonly TOrderState[]).includes(state);

/**
 * What each restaurant (and the mart, restaurantId null, listed last) prepares for a batch: per
 * item, its quantity summed over the batch's orders whose payment was checked (verified, out for
 * delivery, delivered), and apart from them how many orders with lines there still wait for
 * their payment check; of each quantity, how much came from orders verified after the batch closed
 * (added after the pick list went out), and how it splits into the orders' bags. Rejected and
 * cancelled orders count nowhere. The Batches tab, its
 * downloads and the closed batch's mails all read this one list.
 */
export async function pickLists(db: Db, batchId: string): Promise<TPickList[]> {
  const lines = await db
    .select({
      orderId: orders.id,
      paymentReference: orders.paymentReference,
      status: orders.status,
      kind: orderLines.kind,
      restaurantId: orderLines.restaurantId,
      lineRestaurantName: orderLines.restaurantName,
      restaurantName: restaurants.name,
      name: orderLines.name,
      quantity: orderLines.quantity,
      // First verified after the batch closed: its pick lists had gone out (decision 026).
      late: sql<boolean>`(exists (select 1 from ${orderTransitions} where ${orderTransitions.orderId} = ${orders.id} and ${orderTransitions.toState} = 'verified' and ${orderTransitions.at} > ${deliveryBatches.closedAt}) and not exists (select 1 from ${orderTransitions} where ${orderTransitions.orderId} = ${orders.id} and ${orderTransitions.toState} = 'verified' and ${orderTransitions.at} <= ${deliveryBatches.closedAt}))`,
    })
    .from(orderLines)
    .innerJoin(orders, eq(orders.id, orderLines.orderId))
    .innerJoin(deliveryBatches, eq(deliveryBatches.id, orders.batchId))
    .leftJoin(restaurants, eq(restaurants.id, orderLines.restaurantId))
    .where(and(eq(orders.batchId, batchId), inArray(orders.status, LISTED_STATES)))
    .orderBy(asc(orders.placedAt), asc(orders.id), asc(orderLines.position));

  const lists = new Map<
    string,
    {
      list: TPickList;
      quantities: Map<string, number>;
      added: Map<string, number>;
      bags: Map<string, Map<string, number>>;
      waiting: Set<string>;
    }
  >();
  for (const line of lines) {
    const mart = line.kind === 'mart';
    const key = partKey({ ...line, restaurantName: line.lineRestaurantName });
    let entry = lists.get(key);
    if (!entry) {
      entry = {
        list: {
          isMart: mart,
          restaurantId: mart ? null : line.restaurantId,
          restaurantName: mart
            ? MART_RESTAURANT_NAME
            : (line.restaurantName ?? line.lineRestaurantName),
          items: [],
          waitingOrders: 0,
        },
        quantities: new Map(),
        added: new Map(),
        bags: new Map(),
        waiting: new Set(),
      };
      lists.set(key, entry);
    }
    if (isPicked(line.status)) {
      entry.quantities.set(line.name, (entry.quantities.get(line.name) ?? 0) + line.quantity);
      if (line.late) entry.added.set(line.name, (entry.added.get(line.name) ?? 0) + line.quantity);
      const bags = entry.bags.get(line.name) ?? new Map<string, number>();
      bags.set(line.paymentReference, (bags.get(line.paymentReference) ?? 0) + line.quantity);
      entry.bags.set(line.name, bags);
    } else {
      entry.waiting.add(line.orderId);
    }
  }
  const byName = (a: string, b: string) => a.localeCompare(b, 'en');
  return [...lists.values()]
    .map(({ list, quantities, added, bags, waiting }) => ({
      ...list,
      items: [...quantities]
        .map(([name, quantity]) => ({
          name,
          quantity,
          added: added.get(name) ?? 0,
          bags: [...(bags.get(name) ?? [])].map(([paymentReference, inBag]) => ({
            paymentReference,
            quantity: inBag,
          })),
        }))
        .sort((a, b) => byName(a.name, b.name)),
      waitingOrders: waiting.size,
    }))
    .sort(
      (a, b) => Number(a.isMart) - Number(b.isMart) || byName(a.restaurantName, b.restaurantName),
    );
}
