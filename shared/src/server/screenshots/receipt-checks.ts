import { asc, eq, inArray } from 'drizzle-orm';
import { payToOf, type TPayTo } from '../../domain/checkout';
import { receiptCheckOf, type TReceiptCheck } from '../../domain/receipt-check';
import { wallTime } from '../../domain/time-zone';
import type { Db } from '../db/client';
import { campuses, orders, receiptReadings } from '../db/schema';
import { orderCampus, orderRoundColumns } from '../delivery/order-round';

/**
 * The columns of an order its receipt is checked against; a query of them left-joins the
 * order's campus on `orderCampus` (for its time zone).
 */
export const receiptOrderColumns = {
  id: orders.id,
  paymentReference: orders.paymentReference,
  grandTotalPaisa: orders.grandTotalPaisa,
  balanceDuePaisa: orders.balanceDuePaisa,
  placedAt: orders.placedAt,
  timeZone: orderRoundColumns.timeZone,
};

/**
 * What the receipts of orders say against the orders (decision 022), for the Payments queue and
 * the worker's metrics: each order's
 * reading with its campus's pay-to account, and the other orders whose receipt shows the same
 * transaction id (on any campus).
 */
export async function receiptChecks(
  db: Db,
  page: ReadonlyArray<{
    id: string;
    paymentReference: string;
    grandTotalPaisa: number;
    /** What the screenshot is to show when a rejection asked only for the part left unpaid. */
    balanceDuePaisa: number | null;
    placedAt: Date;
    timeZone: string;
  }>,
  payToDefault: TPayTo,
): Promise<Map<string, TReceiptCheck>> {
  if (page.length === 0) return new Map();
  const rows = await db
    .select({
      orderId: orders.id,
      outcome: receiptReadings.outcome,
      reading: receiptReadings.reading,
      transactionId: receiptReadings.transactionId,
      accountTitle: campuses.payToAccountTitle,
      bankName: campuses.payToBankName,
      accountNumber: campuses.payToAccountNumber,
    })
    .from(orders)
    .leftJoin(receiptReadings, eq(receiptReadings.orderId, orders.id))
    .leftJoin(campuses, orderCampus)
    .where(
      inArray(
        orders.id,
        page.map((order) => order.id),
      ),
    );
  const transactionIds = rows.flatMap((row) => (row.transactionId ? [row.transactionId] : []));
  const sharing =
    transactionIds.length === 0
      ? []
      : await db
          .select({
            transactionId: receiptReadings.transactionId,
            orderId: orders.id,
            paymentReference: orders.paymentReference,
          })
          .from(receiptReadings)
          .innerJoin(orders, eq(orders.id, receiptReadings.orderId))
          .where(inArray(receiptReadings.transactionId, transactionIds))
          .orderBy(asc(orders.placedAt));
  const byId = new Map(rows.map((row) => [row.orderId, row]));
  return new Map(
    page.map((order) => {
      const row = byId.get(order.id);
      const read = row?.outcome ? { outcome: row.outcome, reading: row.reading } : null;
      const check = receiptCheckOf(read, {
        // After 'pay the difference', the new screenshot shows the part left unpaid.
        grandTotalPaisa: order.balanceDuePaisa ?? order.grandTotalPaisa,
        paymentReference: order.paymentReference,
        placedAt: wallTime(order.placedAt, order.timeZone),
        payToAccountNumber: payToOf(row ?? NO_ACCOUNT, payToDefault).accountNumber,
        transactionIdAlsoOn: sharing
          .filter(
            (other) => other.transactionId === row?.transactionId && other.orderId !== order.id,
          )
          .map((other) => other.paymentReference),
      });
      return [order.id, check];
    }),
  );
}

const NO_ACCOUNT = { accountTitle: null, bankName: null, accountNumber: null };
