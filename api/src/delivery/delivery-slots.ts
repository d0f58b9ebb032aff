import {
  isoRound,
  type TDeliverySlotsResponse,
  type TRound,
} from '@campus/shared/domain/batch-api';
import {
  nextRound,
  roundAt,
  roundFullText,
  roundMoveNote,
  sortSlots,
  type TDeliverySlot,
  type TDeliverySlotsRequest,
} from '@campus/shared/domain/delivery-rounds';
import type { TUserProfile } from '@campus/shared/domain/entities';
import { DEFAULT_TIME_ZONE } from '@campus/shared/domain/time-zone';
import type { Db } from '@campus/shared/server/db/client';
import { campuses, deliveryBatches, orderNotes, orders } from '@campus/shared/server/db/schema';
import { syncBatchSchedulers } from '@campus/shared/server/delivery/batch-schedulers';
import {
  firstOpenRound,
  fullRestaurant,
  MAX_FULL_ROUNDS,
  roundCapacities,
} from '@campus/shared/server/delivery/join-round';
import { type OutboxJob, orderBatchSheetJob } from '@campus/shared/server/jobs';
import { enqueueOutboxJobs, writeOutbox } from '@campus/shared/server/outbox';
import type { Producer } from '@campus/shared/server/queue';
import { and, eq, gt, isNull } from 'drizzle-orm';
import type { Logger } from 'pino';
import { audit } from '../admin/audit';
import type { FoundCampus } from '../admin/campus-lookup';

async function slotsOf(db: Db, campusId: string) {
  const [campus] = await db
    .select({ slots: campuses.deliverySlots, timeZone: campuses.timeZone })
    .from(campuses)
    .where(eq(campuses.id, campusId));
  return { slots: campus?.slots ?? [], timeZone: campus?.timeZone ?? DEFAULT_TIME_ZONE };
}

/**
 * The round an order placed at `now` would join (a round an admin closed early is passed over, and
 * one where a restaurant of `restaurantIds` is full, with the text that says so), without making
 * its batch; null when the campus runs no rounds. Placement decides again under its locks.
 */
export async function upcomingRound(
  db: Db,
  campusId: string,
  now: Date,
  restaurantIds: readonly string[] = [],
): Promise<{ round: TRound | null; timeZone: string; fullNote: string | null }> {
  const { slots, timeZone } = await slotsOf(db, campusId);
  const laterBatches = await db
    .select({
      id: deliveryBatches.id,
      cutoffAt: deliveryBatches.cutoffAt,
      closedAt: deliveryBatches.closedAt,
    })
    .from(deliveryBatches)
    .where(and(eq(deliveryBatches.campusId, campusId), gt(deliveryBatches.cutoffAt, now)));
  const batchAt = new Map(laterBatches.map((batch) => [batch.cutoffAt.getTime(), batch]));
  const capped = await roundCapacities(db, restaurantIds);
  let fullNote: string | null = null;
  let round = nextRound(slots, now, timeZone);
  for (let tries = 0; round && tries <= MAX_FULL_ROUNDS; tries++) {
    const batch = batchAt.get(round.cutoffAt.getTime());
    const full = batch?.closedAt ? null : batch && (await fullRestaurant(db, batch.id, capped));
    if (!batch?.closedAt && !full) break;
    if (full && !fullNote) fullNote = `${roundFullText(full.name, round, timeZone)}.`;
    round = nextRound(slots, round.cutoffAt, timeZone);
  }
  return { round: isoRound(round), timeZone, fullNote };
}

/** A campus's week of rounds, and the round an order placed now joins. */
export async function getDeliverySlots(
  db: Db,
  campus: FoundCampus,
  now: Date,
): Promise<TDeliverySlotsResponse> {
  const { slots } = await slotsOf(db, campus.campusId);
  const { round, timeZone } = await upcomingRound(db, campus.campusId, now);
  return { ok: true, slots, timeZone, nextRound: round };
}

export type SaveSlotsDeps = { db: Db; producer: Producer; log: Logger };

/**
 * Saves a campus's week of rounds. The open batches of rounds still to come follow in the same
 * transaction: a round whose slot remains keeps its batch (its delivery time updated); one whose
 * slot went moves its orders to the round they would join now, each with a note in its
 * timeline, and its batch goes. Nothing is dropped: without any slot left, the orders leave
 * their batch and are delivered outside one.
 */
export async function saveDeliverySlots(
  deps: SaveSlotsDeps,
  actor: TUserProfile,
  campus: FoundCampus,
  request: TDeliverySlotsRequest,
  now: Date = new Date(),
): Promise<TDeliverySlotsResponse & { movedOrders: number }> {
  const slots: TDeliverySlot[] = sortSlots(request.slots);
  const jobs: OutboxJob[] = [];
  const { movedOrders, timeZone } = await deps.db.transaction(async (tx) => {
    // The campus row's lock orders this save after the placements that read the old slots.
    const [saved] = await tx
      .update(campuses)
      .set({ deliverySlots: slots, updatedAt: now })
      .where(eq(campuses.id, campus.campusId))
      .returning({ timeZone: campuses.timeZone });
    const timeZone = saved?.timeZone ?? DEFAULT_TIME_ZONE;
    const coming = await tx
      .select()
      .from(deliveryBatches)
      .where(
        and(
          eq(deliveryBatches.campusId, campus.campusId),
          isNull(deliveryBatches.closedAt),
          gt(deliveryBatches.cutoffAt, now),
        ),
      )
      .orderBy(deliveryBatches.cutoffAt)
      .for('update');
    let moved = 0;
    for (const batch of coming) {
      const kept = roundAt(slots, batch.cutoffAt, timeZone);
      if (kept) {
        if (kept.deliveryAt.getTime() !== batch.deliveryAt.getTime()) {
          await tx
            .update(deliveryBatches)
            .set({ deliveryAt: kept.deliveryAt })
            .where(eq(deliveryBatches.id, batch.id));
          // Their rows' Batch cells name the old time: behind until written again.
          const named = await tx
            .update(orders)
            .set({ sheetBatchId: null })
            .where(eq(orders.batchId, batch.id))
            .returning({ id: orders.id });
          const rewrites = named.map(({ id }) => orderBatchSheetJob(id, batch.id, kept.deliveryAt));
          await writeOutbox(tx, rewrites);
          jobs.push(...rewrites);
        }
        continue;
      }
      const target = await firstOpenRound(tx, campus.campusId, slots, timeZone, now);
      const movedIds = await tx
        .update(orders)
        .set({ batchId: target?.batchId ?? null })
        .where(eq(orders.batchId, batch.id))
        .returning({ id: orders.id });
      const note = roundMoveNote(batch, target?.round ?? null, 'slot-removed', timeZone);
      if (movedIds.length > 0) {
        await tx
          .insert(orderNotes)
          .values(movedIds.map(({ id }) => ({ orderId: id, at: now, text: note })));
        const moves = movedIds.map(({ id }) => orderBatchSheetJob(id, target?.batchId ?? null));
        await writeOutbox(tx, moves);
        jobs.push(...moves);
      }
      await tx.delete(deliveryBatches).where(eq(deliveryBatches.id, batch.id));
      moved += movedIds.length;
    }
    await audit(tx, actor, {
      action: 'update',
      entity: 'delivery-slots',
      entityId: campus.campusId,
      details: { slots: slots.length, movedOrders: moved },
    });
    return { movedOrders: moved, timeZone };
  });
  await enqueueOutboxJobs(
    deps.db,
    deps.producer,
    jobs.map((job) => job.jobId),
    deps.log,
  );
  // The closes at the new cut-offs; missed here (Redis away), the worker's upkeep makes them.
  await syncBatchSchedulers(deps.producer, campus.campusId, slots, timeZone).catch(
    (error: unknown) =>
      deps.log.warn({ err: error, campusId: campus.campusId }, 'round closes left to the upkeep'),
  );
  deps.log.info(
    { campusId: campus.campusId, slots: slots.length, movedOrders },
    'delivery slots saved',
  );
  return { ...(await getDeliverySlots(deps.db, campus, now)), movedOrders };
}
