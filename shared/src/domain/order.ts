import { z } from 'zod';
import { PAYMENT_METHOD } from './checkout';
import { formatRs, paisaToRupees } from './money';
import { DEFAULT_TIME_ZONE, formatLongTimestamp } from './time-zone';

const zPaisa = () => z.number().int().nonnegative();

/**
 * The order payload of docs/product.md §3 (what /submit-order and the notify job carry). Amounts
 * are integer paisa; cartItems is the text of formatCartItemsText; timestamp that of
 * formatOrderTimestamp.
 */
export const ZOrderPayload = z.object({
  firstName: z.string(),
  lastName: z.string(),
  room: z.string(),
  phone: z.string(),
  email: z.string(),
  persons: z.number().int().min(1),
  paymentMethod: z.literal(PAYMENT_METHOD),
  accountTitle: z.string(),
  bankName: z.string(),
  specialInstruction: z.string(),
  itemTotal: zPaisa(),
  deliveryCharge: zPaisa(),
  grandTotal: zPaisa(),
  screenshotURL: z.string(),
  cartItems: z.string(),
  timestamp: z.string(),
  recaptchaToken: z.string(),
});
export type TOrderPayload = z.infer<typeof ZOrderPayload>;

/** One ordered line as the order text needs it; the unit price is the server's, in paisa. */
export type OrderTextLine = {
  name: string;
  quantity: number;
  restaurantName: string;
  unitPricePaisa: number;
};

/**
 * The order's items as text, grouped by restaurant in order of first appearance, e.g.
 * 'Pizza Place:\n- Margherita x 2 = Rs 1,000.00\n\nMart:\n- Water x 3 = Rs 90.00'.
 */
export function formatCartItemsText(lines: readonly OrderTextLine[]): string {
  const groups = new Map<string, OrderTextLine[]>();
  for (const line of lines) {
    groups.set(line.restaurantName, [...(groups.get(line.restaurantName) ?? []), line]);
  }
  return [...groups]
    .map(([restaurant, group]) =>
      [
        `${restaurant}:`,
        ...group.map(
          (line) =>
            `- ${line.name} x ${line.quantity} = ${formatRs(line.unitPricePaisa * line.quantity)}`,
        ),
      ].join('\n'),
    )
    .join('\n\n');
}

/** The order timestamp: Karachi (or the campus's) time in long format, see formatLongTimestamp. */
export function formatOrderTimestamp(instant: Date, timeZone: string = DEFAULT_TIME_ZONE): string {
  return formatLongTimestamp(instant, timeZone);
}

/** Headers of the order sheet row, in docs/product.md §3 order. */
export const ORDER_SHEET_COLUMNS = [
  'University',
  'Campus',
  'First Name',
  'Last Name',
  'Room',
  'Phone',
  'Email',
  'Persons',
  'Delivery Charge',
  'Item Total',
  'Grand Total',
  'Cart Items',
  'Timestamp',
  'Account Title',
  'Bank Name',
  'Screenshot URL',
  'Special Instruction',
] as const;

/** The sheet's header row: the spec's columns plus the order id the worker appends last. */
export const ORDER_SHEET_HEADER = [...ORDER_SHEET_COLUMNS, 'Order ID'] as const;

/**
 * The columns the worker writes after a row's append: the order's state and delivery round as
 * they change, and its payment reference once (docs/architecture.md §8). Found by their header
 * text, and added at the end of the header row of a tab that lacks them ('Batch' only once an
 * order of the tab is in a round).
 */
export const ORDER_SHEET_STATUS_COLUMNS = [
  'Status',
  'Status Time',
  'Batch',
  'Payment Reference',
] as const;

/** What a sheet row is built from; amounts in paisa. */
export type SheetRowOrder = {
  universityName: string;
  campusName: string;
  firstName: string;
  lastName: string;
  room: string;
  phone: string;
  email: string;
  persons: number;
  deliveryCharge: number;
  itemTotal: number;
  grandTotal: number;
  cartItems: string;
  timestamp: string;
  accountTitle: string;
  bankName: string;
  screenshotURL: string;
  specialInstruction: string;
};

/** A sheet cell. */
export type SheetCell = string | number;

/** The most characters Google Sheets holds in one cell; a longer one refuses the whole write. */
export const SHEET_MAX_CELL_LENGTH = 50_000;

/** The cell of a row over SHEET_MAX_CELL_LENGTH, or null: such a row is set aside, not sent. */
export function oversizedCell(row: readonly SheetCell[]): number | null {
  const index = row.findIndex(
    (cell) => typeof cell === 'string' && cell.length > SHEET_MAX_CELL_LENGTH,
  );
  return index === -1 ? null : index;
}

/**
 * The order's sheet row in docs/product.md §3 column order. Amounts are rupee numbers (130, not
 * 13000) so the sheet reads and sums naturally. Append the order id as the last cell.
 */
export function buildSheetRow(order: SheetRowOrder): SheetCell[] {
  return [
    order.universityName,
    order.campusName,
    order.firstName,
    order.lastName,
    order.room,
    order.phone,
    order.email,
    order.persons,
    paisaToRupees(order.deliveryCharge),
    paisaToRupees(order.itemTotal),
    paisaToRupees(order.grandTotal),
    order.cartItems,
    order.timestamp,
    order.accountTitle,
    order.bankName,
    order.screenshotURL,
    order.specialInstruction,
  ];
}
