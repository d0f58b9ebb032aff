import { randomInt } from 'node:crypto';
import { newPaymentReference } from '@campus/shared/domain/payment-reference';
import type { Db } from '@campus/shared/server/db/client';
import { paymentReferences } from '@campus/shared/server/db/schema';
import { and, eq, isNull } from 'drizzle-orm';

// A code is drawn at random and written only if the campus has not used it (its key): a draw
// that meets a taken code draws again. Five draws in a row meet taken codes only when the campus
// has used most of its codes (decision 021).
const DRAWS = 5;

/** A random reference (shared/domain/payment-reference.ts), from the system's random source. */
export const drawPaymentReference = () => newPaymentReference((size) => randomInt(size));

/**
 * The person's open reference at a campus, or a new one written open. With `lock` (inside the
 * placement transaction) the row stays locked until the order takes it: a second checkout of the
 * same person at once waits, then finds it taken and draws its own.
 */
async function openReference(db: Db, userId: string, campusId: string, lock: boolean) {
  for (let draw = 0; draw < DRAWS; draw++) {
    const query = db
      .select({ code: paymentReferences.code })
      .from(paymentReferences)
      .where(
        and(
          eq(paymentReferences.userId, userId),
          eq(paymentReferences.campusId, campusId),
          isNull(paymentReferences.orderId),
        ),
      );
    const [open] = lock ? await query.for('update') : await query;
    if (open) return open.code;
    // A conflict is a taken code, or the person's open one written meanwhile: look again.
    const [written] = await db
      .insert(paymentReferences)
      .values({ campusId, userId, code: drawPaymentReference() })
      .onConflictDoNothing()
      .returning({ code: paymentReferences.code });
    if (written) return written.code;
  }
  throw new Error(`no free payment reference found for campus ${campusId} in ${DRAWS} draws`);
}

/**
 * The person's open reference at a campus (the one checkout shows before they pay): the same one
 * on every visit until an order takes it. The campus must exist.
 */
export function openPaymentReference(db: Db, userId: string, campusId: string): Promise<string> {
  return openReference(db, userId, campusId, false);
}

/**
 * In the placement transaction, before the order is written: the reference it will carry (the
 * person's open one, or a new one when checkout never showed one), locked until
 * markPaymentReferenceTaken.
 */
export function claimPaymentReference(tx: Db, userId: string, campusId: string): Promise<string> {
  return openReference(tx, userId, campusId, true);
}

/** In the placement transaction, once the order is written: its reference is used. */
export async function markPaymentReferenceTaken(
  tx: Db,
  reference: { campusId: string; code: string; orderId: string },
): Promise<void> {
  await tx
    .update(paymentReferences)
    .set({ orderId: reference.orderId })
    .where(
      and(
        eq(paymentReferences.campusId, reference.campusId),
        eq(paymentReferences.code, reference.code),
      ),
    );
}
