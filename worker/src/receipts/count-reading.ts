import type { TPayTo } from '@campus/shared/domain/checkout';
import type { ReceiptReading, TReceiptOutcome } from '@campus/shared/domain/receipt-reading';
import type { Db } from '@campus/shared/server/db/client';
import { campuses, orders } from '@campus/shared/server/db/schema';
import { orderCampus } from '@campus/shared/server/delivery/order-round';
import type { Metrics } from '@campus/shared/server/metrics/metrics';
import {
  receiptChecks,
  receiptOrderColumns,
} from '@campus/shared/server/screenshots/receipt-checks';
import { eq } from 'drizzle-orm';

/** Where the worker counts its readings (README, Metrics), and the pay-to account they check. */
export type ReadingMetrics = { metrics: Metrics; payToDefault: TPayTo };

/**
 * Counts a reading just written: its outcome, the fields found, the time since the order was
 * placed, and each difference from the order as the Payments card names it at that moment.
 */
export async function countReading(
  db: Db,
  { metrics, payToDefault }: ReadingMetrics,
  orderId: string,
  outcome: TReceiptOutcome,
  reading: ReceiptReading | null,
): Promise<void> {
  metrics.receiptsRead.inc({ outcome });
  const found = {
    amount: reading?.amount,
    transaction_id: reading?.transactionId,
    date: reading?.paidAt,
    recipient: reading?.recipientAccountEnding,
    reference: reading && reading.references.length > 0 ? reading.references : null,
  };
  for (const [field, value] of Object.entries(found)) {
    if (value) metrics.receiptFields.inc({ field });
  }
  const [order] = await db
    .select(receiptOrderColumns)
    .from(orders)
    .leftJoin(campuses, orderCampus)
    .where(eq(orders.id, orderId));
  if (!order) return;
  metrics.receiptDelay.observe((Date.now() - order.placedAt.getTime()) / 1000);
  const check = (await receiptChecks(db, [order], payToDefault)).get(order.id);
  if (check?.state !== 'read') return;
  for (const difference of check.differences)
    metrics.receiptDifferences.inc({ kind: difference.kind });
}
