import { and, asc, eq, inArray, isNotNull, notInArray, sql } from 'drizzle-orm';
import {
  nextRound,
  type Round,
  roundFullNote,
  roundMoveNote,
  type TDeliverySlot,
} from '../../domain/delivery-rounds';
import type { Db } from '../db/client';
import { newId } from '../db/ids';
import { campuses, deliveryBatches, orderLines, orders, restaurants } from '../db/schema';

/** The batch an order joins, the round it is, and the note when a closed round was passed over. */
export type JoinedRound = { batchId: string; round: Round; note: string | null };

// A campus closing a round early every few minutes for a week is still found.
const MAX_CLOSED_ROUNDS = 100;

/** A restaurant of the order that takes at most `capacity` orders a round. */
type Capacity = { id: string; name: string; capacity: number };

/** The restaurants among `restaurantIds` that take a limited number of orders a round. */
export async function roundCapacities(
  db: Db,
  restaurantIds: readonly string[],
): Promise<Capacity[]> {
  if (restaurantIds.length === 0) return [];
  const capped = await db
    .select({ id: restaurants.id, name: restaurants.name, capacity: restaurants.roundCapacity })
    .from(restaurants)
    .where(and(inArray(restaurants.id, [...restaurantIds]), isNotNull(restaurants.roundCapacity)))
    .orderBy(asc(restaurants.id));
  return capped.map((row) => ({ ...row, capacity: row.capacity ?? 0 }));
}

/**
 * The capped restaurants among `restaurantIds`, each held under a transaction-scoped advisory lock
 * (in id order, so two orders never wait on each other crosswise): two orders for the last place
 * of a round take turns, and the second sees the first (decision 026).
 */
async function lockedCapacities(tx: Db, restaurantIds: readonly string[]): Promise<Capacity[]> {
  const capped = await roundCapacities(tx, restaurantIds);
  for (const { id } of capped) {
    await tx.execute(
      sql`select pg_advisory_xact_lock(hashtextextended(${`round-capacity:${id}`}, 0))`,
    );
  }
  return capped;
}

/** The first capped restaurant whose share of the batch is full, or null when all have room. */
export async function fullRestaurant(tx: Db, batchId: string, capped: readonly Capacity[]) {
  for (const restaurant of capped) {
    const [row] = await tx
      .select({ orders: sql<number>`count(distinct ${orders.id})::int` })
      .from(orders)
      .innerJoin(orderLines, eq(orderLines.orderId, orders.id))
      .where(
        and(
          eq(orders.batchId, batchId),
          eq(orderLines.restaurantId, restaurant.id),
          notInArray(orders.status, ['rejected', 'cancelled']),
        ),
      );
    if ((row?.orders ?? 0) >= restaurant.capacity) return restaurant;
  }
  return null;
}

// A restaurant full for a whole week of rounds is not looked past further.
export const MAX_FULL_ROUNDS = 50;

/**
 * The batch of an order placed at `now` (inside the placement transaction, docs/architecture.md
 * §8): the first round whose cut-off is after `now`, whose batch is still open and where each of
 * the order's restaurants with a round capacity (`restaurantIds`) has room; its batch made by the
 * first order. The campus's slots are read under a share lock, so a save of the slots waits for
 * this order (and moves it if its round goes) rather than leaving it in a round that no longer
 * is; the batch row is held under a share lock, so a close waits for this order and includes it.
 * The note says why the order is not in the round it would have joined. Null when the campus runs
 * no rounds, or none of the coming ones has room.
 */
export async function joinRound(
  tx: Db,
  campus: { id: string; deliverySlots: readonly TDeliverySlot[] },
  now: Date,
  restaurantIds: readonly string[] = [],
): Promise<JoinedRound | null> {
  // A campus without rounds takes no lock: an order placed while its first slots are saved
  // simply goes without a batch.
  if (campus.deliverySlots.length === 0) return null;
  const campusId = campus.id;
  const [locked] = await tx
    .select({ slots: campuses.deliverySlots, timeZone: campuses.timeZone })
    .from(campuses)
    .where(eq(campuses.id, campusId))
    .for('share');
  if (!locked || locked.slots.length === 0) return null;
  const capped = await lockedCapacities(tx, restaurantIds);
  let first: { round: Round; passedOver: Round | null; fullAt: string | null } | null = null;
  let from = now;
  for (let tries = 0; tries <= MAX_FULL_ROUNDS; tries++) {
    const joined = await firstOpenRound(tx, campusId, locked.slots, locked.timeZone, from);
    if (!joined) return null;
    const full = await fullRestaurant(tx, joined.batchId, capped);
    if (!full) {
      const { passedOver, ...open } = joined;
      const promised = first ?? { round: open.round, passedOver, fullAt: null };
      const note = promised.fullAt
        ? roundFullNote(promised.fullAt, promised.round, open.round, locked.timeZone)
        : promised.passedOver
          ? roundMoveNote(promised.passedOver, open.round, 'closed-early', locked.timeZone)
          : null;
      return { ...open, note };
    }
    first ??= { round: joined.round, passedOver: joined.passedOver, fullAt: full.name };
    from = joined.round.cutoffAt;
  }
  return null;
}

/**
 * The first round after `after` whose batch is open (made if new, held under a share lock), and
 * the round it was promised first when that one had closed early; null without slots.
 */
export async function firstOpenRound(
  tx: Db,
  campusId: string,
  slots: readonly TDeliverySlot[],
  timeZone: string,
  after: Date,
): Promise<{ batchId: string; round: Round; passedOver: Round | null } | null> {
  let passedOver: Round | null = null;
  let from = after;
  for (let passed = 0; passed <= MAX_CLOSED_ROUNDS; passed++) {
    const round = nextRound(slots, from, timeZone);
    if (!round) return null;
    const batch = await openBatch(tx, campusId, round);
    if (batch.open) return { batchId: batch.id, round, passedOver };
    // One closed at its cut-off (the database's clock a moment ahead of this one) was due anyway.
    if (batch.closedEarly) passedOver ??= round;
    from = round.cutoffAt;
  }
  return null;
}

/** The round's batch, made if it is the first order, held under a share lock while open. */
async function openBatch(
  tx: Db,
  campusId: string,
  round: Round,
): Promise<{ id: string; open: true } | { open: false; closedEarly: boolean }> {
  await tx
    .insert(deliveryBatches)
    .values({ id: newId(), campusId, cutoffAt: round.cutoffAt, deliveryAt: round.deliveryAt })
    .onConflictDoNothing({ target: [deliveryBatches.campusId, deliveryBatches.cutoffAt] });
  const [batch] = await tx
    .select({
      id: deliveryBatches.id,
      closedAt: deliveryBatches.closedAt,
    })
    .from(deliveryBatches)
    .where(
      and(eq(deliveryBatches.campusId, campusId), eq(deliveryBatches.cutoffAt, round.cutoffAt)),
    )
    .for('share');
  if (!batch) throw new Error(`The batch of ${round.cutoffAt.toISOString()} was not made`);
  if (!batch.closedAt) return { id: batch.id, open: true };
  return { open: false, closedEarly: batch.closedAt < round.cutoffAt };
}
