import { z } from 'zod';
import { ZStatementCheck } from './bank-statement';
import { ZRound } from './batch-api';
import { ZOrderAction, ZOrderState, ZScreenshotCheck } from './order-status';
import { EVIDENCE_FILTERS } from './payment-evidence';
import { ZReceiptCheck } from './receipt-check';
import { ZRefund } from './refunds';

// The answers about orders after checkout: a student's My Orders (/api/orders) and the admins'
// Payments queue (/api/admin/orders). Amounts are integer paisa; times ISO 8601 instants, shown
// in `timeZone` (the campus's).

/** One order in a list. */
export const ZOrderSummary = z.object({
  id: z.string(),
  /** The order's short code, also in the transfer's note (payment-reference.ts). */
  paymentReference: z.string(),
  status: ZOrderState,
  placedAt: z.iso.datetime({ offset: true }),
  statusChangedAt: z.iso.datetime({ offset: true }).nullable(),
  timeZone: z.string(),
  universityName: z.string(),
  campusName: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  phone: z.string(),
  grandTotalPaisa: z.number().int(),
  cartItemsText: z.string(),
  /** What the payment screenshot must match, for the Payments queue. */
  accountTitle: z.string(),
  bankName: z.string(),
  screenshotUrl: z.string(),
  /** The delivery round the order goes with; null when its campus runs no rounds. */
  round: ZRound.nullable(),
});
export type TOrderSummary = z.infer<typeof ZOrderSummary>;

export const ZOrderLine = z.object({
  name: z.string(),
  restaurantName: z.string(),
  quantity: z.number().int(),
  unitPricePaisa: z.number().int(),
  lineTotalPaisa: z.number().int(),
});
export type TOrderLine = z.infer<typeof ZOrderLine>;

/** One change of the order's state, for its timeline. */
export const ZOrderTransition = z.object({
  id: z.number().int(),
  action: ZOrderAction,
  fromState: ZOrderState,
  toState: ZOrderState,
  actorName: z.string(),
  reason: z.string(),
  /** The differences of the payment's evidence the admin confirmed (admins' view only). */
  confirmedDifferences: z.array(z.string()),
  at: z.iso.datetime({ offset: true }),
});
export type TOrderTransition = z.infer<typeof ZOrderTransition>;

/** A line of the order's timeline that is not a change of state (a move to another round). */
export const ZOrderNote = z.object({ at: z.iso.datetime({ offset: true }), text: z.string() });
export type TOrderNote = z.infer<typeof ZOrderNote>;

/** One order with everything its page shows. */
export const ZOrderDetail = ZOrderSummary.extend({
  /** The delivery place as it was named when the order was placed; '' without one. */
  placeName: z.string(),
  room: z.string(),
  email: z.string(),
  persons: z.number().int(),
  specialInstruction: z.string(),
  itemTotalPaisa: z.number().int(),
  deliveryChargePaisa: z.number().int(),
  lines: z.array(ZOrderLine),
  transitions: z.array(ZOrderTransition),
  /** What happened to the order besides its state: a move to another round. */
  notes: z.array(ZOrderNote),
  /** What the one asking may do now: the buttons to show. */
  actions: z.array(ZOrderAction),
  /** Until when a new payment screenshot is taken (a rejected order in its window), else null. */
  resubmitUntil: z.string().nullable(),
  /**
   * What the next payment screenshot is to show, when the rejection asked only for what a short
   * payment left unpaid; null: the grand total.
   */
  balanceDuePaisa: z.int().nullable(),
  /** The money the campus owes the student for it, due or sent (refunds.ts); null: none. */
  refund: ZRefund.nullable(),
});
export type TOrderDetail = z.infer<typeof ZOrderDetail>;

/** A page of orders, newest first for a student, oldest first in the Payments queue. */
export const ZOrdersResponse = z.object({
  ok: z.literal(true),
  orders: z.array(ZOrderSummary),
  page: z.number().int(),
  hasMore: z.boolean(),
});
export type TOrdersResponse = z.infer<typeof ZOrdersResponse>;

/**
 * An earlier order whose screenshot is the same or looks the same: to compare side by side when
 * the admin may see it (its campus's admins, super admins); of another campus's, a campus admin
 * learns only that and when.
 */
export const ZEarlierOrder = z.discriminatedUnion('seen', [
  z.object({
    seen: z.literal('whole'),
    id: z.string(),
    status: ZOrderState,
    placedAt: z.iso.datetime({ offset: true }),
    campusName: z.string(),
    screenshotUrl: z.string(),
  }),
  z.object({ seen: z.literal('anotherCampus'), placedAt: z.iso.datetime({ offset: true }) }),
]);
export type TEarlierOrder = z.infer<typeof ZEarlierOrder>;

/** An order in the admins' Payments queue: with what the check of its screenshot found. */
export const ZQueuedOrder = ZOrderSummary.extend({
  screenshotCheck: ZScreenshotCheck,
  duplicates: z.array(ZEarlierOrder),
  /** What the receipt in the screenshot says, beside what the order says (decision 022). */
  receipt: ZReceiptCheck,
  /** Whether the campus's imported statement holds the order's credit (decision 023). */
  statement: ZStatementCheck,
  /** The payment screenshots the student sent: 2 or more is a new try after a rejection. */
  screenshotsSent: z.number().int().min(1),
});
export type TQueuedOrder = z.infer<typeof ZQueuedOrder>;

/** GET /api/admin/orders: a page of the Payments queue. */
export const ZOrderQueueResponse = ZOrdersResponse.extend({
  orders: z.array(ZQueuedOrder),
  /** With an evidence filter: how many orders of every page match it. */
  matching: z.number().int().nullable(),
});
export type TOrderQueueResponse = z.infer<typeof ZOrderQueueResponse>;

export const ZOrderResponse = z.object({ ok: z.literal(true), order: ZOrderDetail });
export type TOrderResponse = z.infer<typeof ZOrderResponse>;

/** A transition made: the order's new state. */
export const ZOrderStatusResponse = z.object({
  ok: z.literal(true),
  orderId: z.string(),
  status: ZOrderState,
});
export type TOrderStatusResponse = z.infer<typeof ZOrderStatusResponse>;

const zPage = () => z.coerce.number().int().min(1).max(10_000).default(1);

/** GET /api/orders: a page of My Orders. */
export const ZMyOrdersQuery = z.object({ page: zPage() });

/** GET /api/admin/orders: the Payments queue's filters. */
export const ZOrderQueueQuery = z.object({
  universityId: z.string().optional(),
  campusId: z.string().optional(),
  status: ZOrderState.optional(),
  /** Calendar days in the campus time zone, YYYY-MM-DD, both included. */
  from: z.iso.date().optional(),
  to: z.iso.date().optional(),
  /** A phone number, a name, a payment reference or an order id (or its first 8 characters). */
  q: z.string().trim().max(100).optional(),
  /** What the payment's evidence adds up to (payment-evidence.ts). */
  evidence: z.enum(EVIDENCE_FILTERS).optional(),
  page: zPage(),
});
export type TOrderQueueQuery = z.infer<typeof ZOrderQueueQuery>;

/** How many orders one page holds. */
export const ORDERS_PAGE_SIZE = 20;

/** POST /api/admin/orders/verify-all-clear: the campus's all-clear orders, as many as confirmed. */
export const ZVerifyAllClearRequest = z.object({
  universityId: z.string().optional(),
  campusId: z.string().optional(),
  /** How many the admin was asked to confirm. */
  count: z.number().int().min(1).max(10_000),
});
export type TVerifyAllClearRequest = z.infer<typeof ZVerifyAllClearRequest>;
export const ZVerifyAllClearResponse = z.object({
  ok: z.literal(true),
  verified: z.number().int(),
});
export type TVerifyAllClearResponse = z.infer<typeof ZVerifyAllClearResponse>;
