import type { TBatchSummary } from '@campus/shared/domain/batch-api';
import { roundsBetween } from '@campus/shared/domain/delivery-rounds';
import type { TUserProfile } from '@campus/shared/domain/entities';
import type { Db } from '@campus/shared/server/db/client';
import { campuses, deliveryBatches, universities } from '@campus/shared/server/db/schema';
import { batchCounts, NO_ORDERS } from '@campus/shared/server/delivery/batch-counts';
import { and, eq, gte, inArray, lte } from 'drizzle-orm';
import { listScope } from '../admin/scope';

const HOUR_MS = 3600_000;
/** The Batches tab lists the rounds of the last day and of the coming week. */
const LISTED = { pastMs: 24 * HOUR_MS, aheadMs: 7 * 24 * HOUR_MS } as const;

/**
 * The Batches tab: the rounds of the campuses in the asker's scope from a day ago to a week
 * ahead, from their slots, with the batch (and its counts) of each round an order joined. A batch
 * whose round is no longer a slot (closed early, then the slot removed) is listed too.
 */
export async function listBatches(
  db: Db,
  user: TUserProfile,
  query: Record<string, string>,
  now: Date,
): Promise<TBatchSummary[]> {
  const scope = await listScope(db, user, query);
  const places = await db
    .select({
      universityId: campuses.universityId,
      campusId: campuses.id,
      universityName: universities.name,
      campusName: campuses.name,
      timeZone: campuses.timeZone,
      slots: campuses.deliverySlots,
    })
    .from(campuses)
    .innerJoin(universities, eq(universities.id, campuses.universityId))
    .where(
      and(
        scope.universityId ? eq(campuses.universityId, scope.universityId) : undefined,
        scope.campusId ? eq(campuses.id, scope.campusId) : undefined,
      ),
    );
  if (places.length === 0) return [];
  const from = new Date(now.getTime() - LISTED.pastMs);
  const to = new Date(now.getTime() + LISTED.aheadMs);
  const batches = await db
    .select()
    .from(deliveryBatches)
    .where(
      and(
        inArray(
          deliveryBatches.campusId,
          places.map((place) => place.campusId),
        ),
        gte(deliveryBatches.cutoffAt, from),
        lte(deliveryBatches.cutoffAt, to),
      ),
    );
  const counts = await batchCounts(
    db,
    batches.map((batch) => batch.id),
  );
  const byRound = new Map(
    batches.map((batch) => [`${batch.campusId}@${batch.cutoffAt.getTime()}`, batch]),
  );
  const listed: TBatchSummary[] = [];
  for (const place of places) {
    const { slots, ...names } = place;
    const rounds = roundsBetween(slots, from, to, place.timeZone);
    const seen = new Set<string>();
    const add = (round: { cutoffAt: Date; deliveryAt: Date }) => {
      const key = `${place.campusId}@${round.cutoffAt.getTime()}`;
      if (seen.has(key)) return;
      seen.add(key);
      const batch = byRound.get(key);
      listed.push({
        ...names,
        id: batch?.id ?? null,
        cutoffAt: round.cutoffAt.toISOString(),
        deliveryAt: (batch?.deliveryAt ?? round.deliveryAt).toISOString(),
        closedAt: batch?.closedAt?.toISOString() ?? null,
        ...(batch ? (counts.get(batch.id) ?? NO_ORDERS) : NO_ORDERS),
      });
    };
    rounds.forEach(add);
    batches.filter((batch) => batch.campusId === place.campusId).forEach(add);
  }
  return listed.sort(
    (a, b) => a.cutoffAt.localeCompare(b.cutoffAt) || a.campusName.localeCompare(b.campusName),
  );
}
