import type {
  TBatchDetailResponse,
  TBatchSummary,
  TDropHall,
} from '@campus/shared/domain/batch-api';
import { hallOf } from '@campus/shared/domain/delivery-rounds';
import type { TUserProfile } from '@campus/shared/domain/entities';
import type { Db } from '@campus/shared/server/db/client';
import { campuses, deliveryBatches, orders, universities } from '@campus/shared/server/db/schema';
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
 * The drop list of a batch: its paid orders (verified, out for delivery, delivered) by hostel hall
 * then room, each with who takes it, their phone, the items and the amount.
 */
export async function dropList(db: Db, batchId: string): Promise<TDropHall[]> {
  const rows = await db
    .select({
      orderId: orders.id,
      status: orders.status,
      room: orders.room,
      firstName: orders.firstName,
      lastName: orders.lastName,
      phone: orders.phone,
      items: orders.cartItemsText,
      grandTotalPaisa: orders.grandTotalPaisa,
    })
    .from(orders)
    .where(
      and(
        eq(orders.batchId, batchId),
        inArray(orders.status, ['verified', 'out_for_delivery', 'delivered']),
      ),
    )
    .orderBy(asc(orders.placedAt));
  const halls = new Map<string, TDropHall>();
  for (const { firstName, lastName, ...row } of rows) {
    const hall = hallOf(row.room);
    const group = halls.get(hall) ?? { hall, orders: [] };
    group.orders.push({ ...row, name: `${firstName} ${lastName}`.trim() });
    halls.set(hall, group);
  }
  const sorted = [...halls.values()].sort((a, b) => byText(a.hall, b.hall));
  for (const hall of sorted) hall.orders.sort((a, b) => byText(a.room, b.room));
  return sorted;
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
