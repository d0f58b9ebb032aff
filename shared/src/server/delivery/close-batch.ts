import { and, eq, isNull, lte } from 'drizzle-orm';
import type { Db } from '../db/client';
import { deliveryBatches } from '../db/schema';
import { batchClosedMailJob } from '../jobs';
import { writeOutbox } from '../outbox';

/** Who closes a batch: the schedule at its cut-off, or an admin (their name as it was). */
export type BatchCloser = 'schedule' | { adminName: string };

/**
 * Closes the batch if it is still open, with the job of its mails in the same transaction;
 * returns whether this call closed it. The update names the open state, so of two closes at once
 * (two workers, a late schedule and an admin) exactly one wins and the batch's mails go once.
 */
export async function closeBatch(
  db: Db,
  batchId: string,
  closer: BatchCloser,
  now: Date,
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const closed = await tx
      .update(deliveryBatches)
      .set({ closedAt: now, closedBy: closer === 'schedule' ? 'schedule' : closer.adminName })
      .where(and(eq(deliveryBatches.id, batchId), isNull(deliveryBatches.closedAt)))
      .returning({ id: deliveryBatches.id });
    if (closed.length === 0) return false;
    await writeOutbox(tx, [batchClosedMailJob(batchId)]);
    return true;
  });
}

/**
 * Closes every open batch of the campus whose cut-off is at or before `now` (late ones too: a
 * worker that was down over several cut-offs skips none); returns the ids it closed.
 */
export async function closeDueBatches(db: Db, campusId: string, now: Date): Promise<string[]> {
  const due = await db
    .select({ id: deliveryBatches.id })
    .from(deliveryBatches)
    .where(
      and(
        eq(deliveryBatches.campusId, campusId),
        isNull(deliveryBatches.closedAt),
        lte(deliveryBatches.cutoffAt, now),
      ),
    )
    .orderBy(deliveryBatches.cutoffAt);
  const closed: string[] = [];
  for (const { id } of due) {
    if (await closeBatch(db, id, 'schedule', now)) closed.push(id);
  }
  return closed;
}
