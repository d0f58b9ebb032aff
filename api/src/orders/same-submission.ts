import type { Db } from '@campus/shared/server/db/client';
import { aborted } from '../http/errors';
import { findOrderByIdempotencyKey } from './checkout-statements';

const SAME_SUBMISSION_WAIT_MS = 10_000;

/**
 * The order of a submission already in progress (the same form sent twice at once): waits for
 * the first request to place it. If the first one failed, this one says so rather than guess.
 */
export async function awaitSameSubmission(
  db: Db,
  userId: string,
  idempotencyKey: string,
): Promise<{ id: string; paymentReference: string }> {
  const giveUpAt = Date.now() + SAME_SUBMISSION_WAIT_MS;
  while (Date.now() < giveUpAt) {
    const order = await findOrderByIdempotencyKey(db, userId, idempotencyKey);
    if (order) return order;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw aborted();
}
