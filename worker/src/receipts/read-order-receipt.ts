import { readReceipt } from '@campus/shared/domain/receipt-reading';
import type { Db } from '@campus/shared/server/db/client';
import { orders, receiptReadings } from '@campus/shared/server/db/schema';
import type { OrderEvent } from '@campus/shared/server/events/order-events';
import { orderEventColumns } from '@campus/shared/server/screenshots/screenshot-match';
import { eq } from 'drizzle-orm';
import { countReading, type ReadingMetrics } from './count-reading';
import type { ReceiptReader } from './receipt-reader';
import type { ScreenshotSource } from './screenshot-source';

/** What reads payment screenshots in the worker; `counted`: where the readings are counted. */
export interface ReceiptDeps {
  reader: ReceiptReader;
  screenshot: ScreenshotSource;
  counted?: ReadingMetrics;
}

/**
 * Reads the order's payment screenshot once (decision 022) and keeps what it says; returns the
 * order's live event when a reading was written, null when it had been read already (or the order
 * is gone). A reading never changes the order's state: the admin decides.
 */
export async function readOrderReceipt(
  db: Db,
  orderId: string,
  receipts: ReceiptDeps,
): Promise<OrderEvent | null> {
  const [order] = await db
    .select({
      ...orderEventColumns,
      screenshotUrl: orders.screenshotUrl,
      readAt: receiptReadings.readAt,
    })
    .from(orders)
    .leftJoin(receiptReadings, eq(receiptReadings.orderId, orders.id))
    .where(eq(orders.id, orderId));
  if (!order || order.readAt) return null;
  const picture = await receipts.screenshot(order.screenshotUrl);
  const text = picture ? await receipts.reader.read(picture) : null;
  const reading = text?.read ? readReceipt(text.lines) : null;
  const outcome = text ? (text.read ? 'read' : text.reason) : 'no-picture';
  const written = await db
    .insert(receiptReadings)
    .values({
      orderId,
      outcome,
      lines: text?.read ? text.lines : [],
      reading,
      transactionId: reading?.transactionId?.value ?? null,
    })
    .onConflictDoNothing()
    .returning({ orderId: receiptReadings.orderId });
  if (written.length === 0) return null;
  if (receipts.counted) await countReading(db, receipts.counted, orderId, outcome, reading);
  const { screenshotUrl: _url, readAt: _readAt, ...event } = order;
  return event;
}
