import type {
  TBatchDetailResponse,
  TBatchSummary,
  TDropPlace,
} from '@campus/shared/domain/batch-api';
import { NO_PLACE } from '@campus/shared/domain/delivery-places';
import type { TUserProfile } from '@campus/shared/domain/entities';
import type { Db } from '@campus/shared/server/db/client';
import {
  campuses,
  deliveryBatches,
  deliveryPlaces,
  orders,
  universities,
} from '@campus/shared/server/db/schema';
import { countsOfBatch } from '@campus/shared/server/delivery/batch-counts';
import { pickLists } from '@campus/shared/server/delivery/pick-lists';
import { and, asc, eq, inArray } from 'drizzle-orm';
import { assertCampusAccess } from '../auth/guards';

/** The batch with its campus, if the asker may see it: 404 when there is none, 403 for another campus's. */
export async function findBatch(db: Db, user: TUserProfile, batchId: string) {
  const [batch] = await db
    .select({
      id: deliveryBatches.id,
      cutoffAt: deliveryBatches.cutoffAt,
      deliveryAt: deliveryBatches.deliveryAt,
      closedAt: deliveryBatches.closedAt,
      universityId: campuses.universityId,
      campusId: campuses.id,
      universityName: universities.name,
      campusName: campuses.name,
      timeZone: campuses.timeZone,
    })
    .from(deliveryBatches)
    .innerJoin(campuses, eq(campuses.id, deliveryBatches.campusId))
    .innerJoin(universities, eq(universities.id, campuses.universityId))
    .where(eq(deliveryBatches.id, batchId));
  assertCampusAccess(user, batch ?? null);
  return batch as NonNullable<typeof batch>;
}

export type FoundBatch = Awaited<ReturnType<typeof findBatch>>;

/** The batch as the Batches tab lists it. */
export async function batchSummary(
  db: Db,
  batch: FoundBatch,
): Promise<TBatchSummary & { id: string }> {
  return {
    ...batch,
    cutoffAt: batch.cutoffAt.toISOString(),
    deliveryAt: batch.deliveryAt.toISOString(),
    closedAt: batch.closedAt?.toISOString() ?? null,
    ...(await countsOfBatch(db, batch.id)),
  };
}

const byText = (a: string, b: string) =>
  a.localeCompare(b, 'en', { numeric: true, sensitivity: 'base' });

/**
 * The drop list of a batch: its paid orders (verified, out for delivery, delivered) by delivery
 * place, in the campus's order of its places (a removed place after them, then 'No place given'),
 * and by room within a place, each with who takes it, their phone, the items, the instruction and
 * the amount.
 */
export async function dropList(db: Db, batchId: string): Promise<TDropPlace[]> {
  const rows = await db
    .select({
      orderId: orders.id,
      paymentReference: orders.paymentReference,
      status: orders.status,
      placeName: orders.placeName,
      placePosition: deliveryPlaces.position,
      room: orders.room,
      firstName: orders.firstName,
      lastName: orders.lastName,
      phone: orders.phone,
      items: orders.cartItemsText,
      instruction: orders.specialInstruction,
      grandTotalPaisa: orders.grandTotalPaisa,
    })
    .from(orders)
    .leftJoin(deliveryPlaces, eq(deliveryPlaces.id, orders.placeId))
    .where(
      and(
        eq(orders.batchId, batchId),
        inArray(orders.status, ['verified', 'out_for_delivery', 'delivered']),
      ),
    )
    .orderBy(asc(orders.placedAt));
  const places = new Map<string, TDropPlace & { position: number }>();
  for (const { firstName, lastName, placeName, placePosition, ...row } of rows) {
    const place = placeName || NO_PLACE;
    const position = placeName
      ? (placePosition ?? Number.MAX_SAFE_INTEGER - 1)
      : Number.MAX_SAFE_INTEGER;
    const group = places.get(place) ?? { place, position, orders: [] };
    group.position = Math.min(group.position, position);
    group.orders.push({ ...row, name: `${firstName} ${lastName}`.trim() });
    places.set(place, group);
  }
  const sorted = [...places.values()].sort(
    (a, b) => a.position - b.position || byText(a.place, b.place),
  );
  return sorted.map(({ place, orders: list }) => ({
    place,
    orders: list.sort((a, b) => byText(a.room, b.room)),
  }));
}

/** A batch's page: its counts, the pick list of each restaurant and the mart, and its drop list. */
export async function getBatch(
  db: Db,
  user: TUserProfile,
  batchId: string,
): Promise<TBatchDetailResponse> {
  const batch = await findBatch(db, user, batchId);
  const [summary, picks, drops] = await Promise.all([
    batchSummary(db, batch),
    pickLists(db, batch.id),
    dropList(db, batch.id),
  ]);
  return { ok: true, batch: summary, pickLists: picks, dropList: drops };
}
