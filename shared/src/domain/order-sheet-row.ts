import { deliveryAddress } from './delivery-places';
import { roundName } from './delivery-rounds';
import { buildSheetRow, formatOrderTimestamp, type SheetCell } from './order';
import { sheetStatusText, type TOrderState } from './order-status';
import type { TRefundState } from './refunds';
import { DEFAULT_TIME_ZONE } from './time-zone';
import { absoluteImageUrl } from './uploads';

/** What an order's sheet row is built from: the order's own stored columns (amounts in paisa). */
export type OrderRowSource = {
  id: string;
  universityName: string;
  campusName: string;
  firstName: string;
  lastName: string;
  placeName: string;
  room: string;
  phone: string;
  email: string;
  persons: number;
  deliveryChargePaisa: number;
  itemTotalPaisa: number;
  grandTotalPaisa: number;
  cartItemsText: string;
  timestampText: string;
  accountTitle: string;
  bankName: string;
  screenshotUrl: string;
  specialInstruction: string;
};

/**
 * The order's sheet row (ORDER_SHEET_HEADER): docs/product.md §3's columns, then the order id. The
 * Room cell says the delivery place and the room ('Iqbal Hall, Room 214'). The screenshot's address
 * is whole (`publicUrl`'s for our own uploads): the sheet is read elsewhere.
 */
export function orderSheetRow(order: OrderRowSource, publicUrl: string): SheetCell[] {
  return [
    ...buildSheetRow({
      universityName: order.universityName,
      campusName: order.campusName,
      firstName: order.firstName,
      lastName: order.lastName,
      room: deliveryAddress(order),
      phone: order.phone,
      email: order.email,
      persons: order.persons,
      deliveryCharge: order.deliveryChargePaisa,
      itemTotal: order.itemTotalPaisa,
      grandTotal: order.grandTotalPaisa,
      cartItems: order.cartItemsText,
      timestamp: order.timestampText,
      accountTitle: order.accountTitle,
      bankName: order.bankName,
      screenshotURL: absoluteImageUrl(publicUrl, order.screenshotUrl),
      specialInstruction: order.specialInstruction,
    }),
    order.id,
  ];
}

/** What an order's Status, Status Time, Batch and Payment Reference cells are built from. */
export type OrderStatusSource = {
  status: TOrderState;
  /** The state of the order's refund; null: none. */
  refundState: TRefundState | null;
  paymentReference: string;
  statusChangedAt: Date | null;
  placedAt: Date;
  /** The order's delivery round; null when it goes with none. */
  cutoffAt: Date | null;
  deliveryAt: Date | null;
};

/**
 * The texts of the row's cells after the append (ORDER_SHEET_STATUS_COLUMNS), in the campus time
 * zone. An order never moved from 'placed' shows when it was placed.
 */
export function orderStatusCells(
  order: OrderStatusSource,
  timeZone: string = DEFAULT_TIME_ZONE,
): { status: string; statusTime: string; batch: string; paymentReference: string } {
  return {
    paymentReference: order.paymentReference,
    status: order.refundState
      ? `${sheetStatusText(order.status)}; refund ${order.refundState}`
      : sheetStatusText(order.status),
    statusTime: formatOrderTimestamp(order.statusChangedAt ?? order.placedAt, timeZone),
    batch:
      order.cutoffAt && order.deliveryAt
        ? roundName({ cutoffAt: order.cutoffAt, deliveryAt: order.deliveryAt }, timeZone)
        : '',
  };
}
