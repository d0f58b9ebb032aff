import { AppError } from '@campus/shared/domain/app-error';
import { ORDER_STATUS_MESSAGES, resubmitDeadline } from '@campus/shared/domain/order-status';
import type { Db } from '@campus/shared/server/db/client';
import { orders, orderTransitions, receiptReadings } from '@campus/shared/server/db/schema';
import { and, desc, eq } from 'drizzle-orm';
import { failedPrecondition, invalidField } from '../http/errors';
import { findScreenshot } from './checkout-statements';

/** A new payment screenshot, as the order keeps it. */
export type NewScreenshot = Awaited<ReturnType<typeof findScreenshot>>;

/** When the window for a new screenshot of a rejected order closes (none: never rejected). */
async function resubmitDeadlineOf(db: Db, orderId: string): Promise<Date | null> {
  const [rejection] = await db
    .select({ at: orderTransitions.at })
    .from(orderTransitions)
    .where(and(eq(orderTransitions.orderId, orderId), eq(orderTransitions.toState, 'rejected')))
    .orderBy(desc(orderTransitions.id))
    .limit(1);
  return rejection ? resubmitDeadline(rejection.at) : null;
}

/**
 * The new payment screenshot a student sends for their rejected order: one of their own uploads,
 * within the window after the rejection (the order's state is checked by the transition).
 */
export async function newScreenshotOf(
  db: Db,
  orderId: string,
  uploadId: string | undefined,
  userId: string,
  now: Date,
): Promise<NewScreenshot> {
  if (!uploadId) throw invalidField('screenshot', ORDER_STATUS_MESSAGES.screenshotMissing);
  const deadline = await resubmitDeadlineOf(db, orderId);
  if (deadline && now > deadline) throw failedPrecondition(ORDER_STATUS_MESSAGES.resubmitTooLate);
  // Only one of the student's own screenshots: anything else is no screenshot chosen.
  return findScreenshot(db, uploadId, userId).catch((error: unknown) => {
    if (error instanceof AppError && error.status === 400) {
      throw invalidField('screenshot', ORDER_STATUS_MESSAGES.screenshotMissing);
    }
    throw error;
  });
}

/**
 * Puts the new screenshot on the order, inside the transition's transaction: its check for earlier
 * use and its reading start again (decision 011, 022), as for a new order.
 */
export async function takeNewScreenshot(tx: Db, orderId: string, screenshot: NewScreenshot) {
  await tx
    .update(orders)
    .set({
      screenshotUrl: screenshot.url,
      screenshotSha256: screenshot.sha256,
      screenshotPerceptual: screenshot.perceptual,
      duplicateOf: [],
      screenshotCheckedAt: null,
    })
    .where(eq(orders.id, orderId));
  await tx.delete(receiptReadings).where(eq(receiptReadings.orderId, orderId));
}
