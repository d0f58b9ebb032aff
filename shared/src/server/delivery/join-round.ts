import { and, eq } from 'drizzle-orm';
import {
  nextRound,
  type Round,
  roundMoveNote,
  type TDeliverySlot,
} from '../../domain/delivery-rounds';
import type { Db } from '../db/client';
import { newId } from '../db/ids';
import { campuses, deliveryBatches } from '../db/schema';

/** The batch an order joins, the round it is, and the note when a closed round was passed over. */
export type JoinedRound = { batchId: string; round: Round; note: string | null };

// A campus closing a round early every few minutes for a week is still found.
const MAX_CLOSED_ROUNDS = 100;

/**
 * The batch of an order placed at `now` (inside the placement transaction, docs/architecture.md
 * §8): the first round whose cut-off is after `now` and whose batch is still open, its batch made
 * by the first order. The campus's slots are read under a share lock, so a save of the slots waits
 * for this order (and moves it if its round goes) rather than leaving it in a round that no longer
 * is; the batch row is held under a share lock, so a close waits for this order and includes it.
 * Null when the campus runs no rounds.
 */
export async function joinRound(
  tx: Db,
  campus: { id: string; deliverySlots: readonly TDeliverySlot[] },
  now: Date,
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
  const joined = await firstOpenRound(tx, campusId, locked.slots, locked.timeZone, now);
  if (!joined) return null;
  const { passedOver, ...open } = joined;
  const note = passedOver
    ? roundMoveNote(passedOver, open.round, 'closed-early', locked.timeZone)
    : null;
  return { ...open, note };
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
