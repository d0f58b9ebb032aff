import type { TPayTo } from '@campus/shared/domain/checkout';
import { ORDER_STATUS_MESSAGES, screenshotCheckOf } from '@campus/shared/domain/order-status';
import {
  differencesToConfirm,
  PAYMENT_EVIDENCE_MESSAGES,
  unconfirmedDifferences,
  unpaidPaisa,
} from '@campus/shared/domain/payment-evidence';
import type { Db } from '@campus/shared/server/db/client';
import {
  campuses,
  orders,
  receiptReadings,
  statementCredits,
} from '@campus/shared/server/db/schema';
import { orderCampus } from '@campus/shared/server/delivery/order-round';
import {
  receiptChecks,
  receiptOrderColumns,
} from '@campus/shared/server/screenshots/receipt-checks';
import { eq } from 'drizzle-orm';
import { failedPrecondition } from '../http/errors';

/** The differences of the order's payment evidence, as its Payments card shows them. */
async function orderDifferences(db: Db, orderId: string, payToDefault: TPayTo): Promise<string[]> {
  const [order] = await db
    .select({
      ...receiptOrderColumns,
      fingerprint: orders.screenshotSha256,
      checkedAt: orders.screenshotCheckedAt,
      duplicateOf: orders.duplicateOf,
    })
    .from(orders)
    .leftJoin(campuses, orderCampus)
    .where(eq(orders.id, orderId));
  if (!order) return [];
  const receipts = await receiptChecks(db, [order], payToDefault);
  return differencesToConfirm({
    screenshotCheck: screenshotCheckOf({
      fingerprinted: order.fingerprint !== null,
      checked: order.checkedAt !== null,
      duplicateOf: order.duplicateOf,
    }),
    receipt: receipts.get(order.id) ?? { state: 'reading' },
  });
}

/**
 * The differences a verify of the order confirms (decision 023): every one the app found, each
 * of which the admin must have confirmed; one they did not see (found since their card loaded)
 * is a 409 that names it.
 */
export async function confirmedDifferences(
  db: Db,
  orderId: string,
  confirmed: readonly string[],
  payToDefault: TPayTo,
): Promise<string[]> {
  const current = await orderDifferences(db, orderId, payToDefault);
  const unconfirmed = unconfirmedDifferences(current, confirmed);
  if (unconfirmed.length > 0) {
    throw failedPrecondition(PAYMENT_EVIDENCE_MESSAGES.unconfirmed(unconfirmed));
  }
  return current;
}

/**
 * What a short payment of the order left unpaid ('pay the difference', decision 024, by
 * unpaidPaisa); a 409 when its evidence shows nothing short.
 */
export async function unpaidPart(db: Db, orderId: string): Promise<number> {
  const [order] = await db
    .select({
      grandTotalPaisa: orders.grandTotalPaisa,
      balanceDuePaisa: orders.balanceDuePaisa,
      credited: statementCredits.amountPaisa,
      reading: receiptReadings.reading,
    })
    .from(orders)
    .leftJoin(statementCredits, eq(statementCredits.orderId, orders.id))
    .leftJoin(receiptReadings, eq(receiptReadings.orderId, orders.id))
    .where(eq(orders.id, orderId));
  // After a first 'pay the difference', the screenshot read is of the difference, and the credit
  // matched is the first payment's: the rest is measured against what was asked.
  const unpaid =
    order &&
    unpaidPaisa(order.balanceDuePaisa ?? order.grandTotalPaisa, {
      creditedPaisa: order.balanceDuePaisa === null ? order.credited : null,
      readPaisa: order.reading?.amount?.value ?? null,
    });
  if (!unpaid) {
    throw failedPrecondition(ORDER_STATUS_MESSAGES.nothingShort, { field: 'askDifference' });
  }
  return unpaid;
}
