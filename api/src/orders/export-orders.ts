import type { TUserProfile } from '@campus/shared/domain/entities';
import {
  ORDERS_EXPORT_MAX_ROWS,
  ORDERS_EXPORT_MESSAGES,
  type TOrdersExportQuery,
} from '@campus/shared/domain/operations-api';
import { ORDER_SHEET_HEADER, ORDER_SHEET_STATUS_COLUMNS } from '@campus/shared/domain/order';
import { orderSheetRow, orderStatusCells } from '@campus/shared/domain/order-sheet-row';
import { refundText } from '@campus/shared/domain/refunds';
import type { Db } from '@campus/shared/server/db/client';
import { campuses, deliveryBatches, orders, refunds } from '@campus/shared/server/db/schema';
import {
  orderBatch,
  orderCampus,
  orderRoundColumns,
} from '@campus/shared/server/delivery/order-round';
import { asc, count, eq, getTableColumns } from 'drizzle-orm';
import { invalidArgument } from '../http/errors';
import type { SheetExport } from '../sheets/sheet-export';
import { orderQueueWhere } from './list-orders';

/**
 * The file's columns: the order sheet's, then its Status, Status Time, Batch and Payment
 * Reference, then the refund the campus owes for it, if any (decision 024).
 */
const EXPORT_HEADER = [...ORDER_SHEET_HEADER, ...ORDER_SHEET_STATUS_COLUMNS, 'Refund'];

/** The file's name: what it holds, e.g. 'orders_2026-05-01_to_2026-05-31_verified'. */
function fileName(query: TOrdersExportQuery): string {
  const range = `${query.from ?? 'start'}_to_${query.to ?? 'now'}`;
  return ['orders', range, query.status].filter(Boolean).join('_');
}

/**
 * The orders the Payments queue's filters name (every state when none is chosen), oldest first,
 * as the order sheet's rows with their Status cells, for the accounts (docs/product.md §10). More
 * than ORDERS_EXPORT_MAX_ROWS is refused: one file stays small enough to build in memory and to
 * open.
 */
export async function exportOrders(
  db: Db,
  admin: TUserProfile,
  query: TOrdersExportQuery,
  publicUrl: string,
): Promise<SheetExport> {
  const where = await orderQueueWhere(db, admin, query);
  const [found] = await db
    .select({ n: count() })
    .from(orders)
    .leftJoin(campuses, eq(campuses.id, orders.campusId))
    .where(where);
  if ((found?.n ?? 0) > ORDERS_EXPORT_MAX_ROWS) {
    throw invalidArgument(ORDERS_EXPORT_MESSAGES.tooMany);
  }
  const rows = await db
    .select({
      ...getTableColumns(orders),
      ...orderRoundColumns,
      refund: {
        amountPaisa: refunds.amountPaisa,
        state: refunds.state,
        sentAt: refunds.sentAt,
        sentReference: refunds.sentReference,
      },
    })
    .from(orders)
    .leftJoin(campuses, orderCampus)
    .leftJoin(deliveryBatches, orderBatch)
    .leftJoin(refunds, eq(refunds.orderId, orders.id))
    .where(where)
    .orderBy(asc(orders.placedAt), asc(orders.id))
    .limit(ORDERS_EXPORT_MAX_ROWS);
  return {
    name: fileName(query),
    header: EXPORT_HEADER,
    rows: rows.map((order) => {
      const cells = orderStatusCells(
        { ...order, cutoffAt: order.roundCutoffAt, deliveryAt: order.roundDeliveryAt },
        order.timeZone,
      );
      return [
        ...orderSheetRow(order, publicUrl),
        cells.status,
        cells.statusTime,
        cells.batch,
        cells.paymentReference,
        order.refund?.state
          ? refundText(
              {
                ...order.refund,
                state: order.refund.state,
                amountPaisa: order.refund.amountPaisa ?? 0,
                sentAt: order.refund.sentAt?.toISOString() ?? null,
              },
              order.timeZone,
            )
          : '',
      ];
    }),
  };
}
