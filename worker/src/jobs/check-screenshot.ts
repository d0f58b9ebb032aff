import { orders } from '@campus/shared/server/db/schema';
import { findEarlierScreenshots } from '@campus/shared/server/screenshots/screenshot-match';
import { and, eq, isNull } from 'drizzle-orm';
import type { JobProcessor } from '../job-context';

/**
 * `check-screenshot`: flags the order with the earlier orders paid with the same screenshot, or
 * one that looks the same (issue 16), once. Placement leaves it to this job because the look
 * compares every order of 90 days: checkout stays as fast on the millionth order as on the first,
 * and no more scans run at once than the system queue's workers take jobs, whatever the rush. The
 * order's Payments card says 'checking' until then; every page showing the order is told when it
 * is done.
 */
export const checkScreenshotJob: JobProcessor<'check-screenshot'> = async (
  { orderId },
  { database, events, log },
) => {
  const { db } = database;
  const [order] = await db
    .select({
      id: orders.id,
      placedAt: orders.placedAt,
      sha256: orders.screenshotSha256,
      perceptual: orders.screenshotPerceptual,
      checkedAt: orders.screenshotCheckedAt,
    })
    .from(orders)
    .where(eq(orders.id, orderId));
  // Deleted with its person's account since, or checked by an earlier run of this job.
  if (!order) return { checked: false, reason: 'no such order' };
  if (order.checkedAt) return { checked: false, reason: 'checked already' };
  const duplicateOf = await findEarlierScreenshots(db, order);
  // The event names the state the order is in as the check lands, not when it began.
  const [checked] = await db
    .update(orders)
    .set({ duplicateOf, screenshotCheckedAt: new Date() })
    .where(and(eq(orders.id, orderId), isNull(orders.screenshotCheckedAt)))
    .returning({
      state: orders.status,
      userId: orders.userId,
      universityId: orders.universityId,
      campusId: orders.campusId,
    });
  if (!checked) return { checked: false, reason: 'checked already' };
  if (duplicateOf.length > 0) log.warn({ orderId, duplicateOf }, 'payment screenshot used before');
  await events.publishOrder({ orderId, ...checked });
  return { checked: true, duplicateOf };
};
