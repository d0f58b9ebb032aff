import { z } from 'zod';
import { type Round, ZDeliverySlot } from './delivery-rounds';
import { ZOrderState } from './order-status';

// The answers about delivery rounds and their batches (docs/architecture.md §8, decision 013).
// Times are ISO 8601 instants shown in `timeZone` (the campus's); amounts integer paisa.

const zInstant = () => z.iso.datetime({ offset: true });

/** A round: orders until cutoffAt, delivered at deliveryAt. */
export const ZRound = z.object({ cutoffAt: zInstant(), deliveryAt: zInstant() });
export type TRound = z.infer<typeof ZRound>;

/** A round as the api answers it. */
export const isoRound = (round: Round | null): TRound | null =>
  round
    ? { cutoffAt: round.cutoffAt.toISOString(), deliveryAt: round.deliveryAt.toISOString() }
    : null;

/** GET and PUT /api/admin/delivery-slots?universityId&campusId: a campus's week of rounds. */
export const ZDeliverySlotsResponse = z.object({
  ok: z.literal(true),
  slots: z.array(ZDeliverySlot),
  timeZone: z.string(),
  /** The round an order placed now joins; null without slots. */
  nextRound: ZRound.nullable(),
  /** After a PUT: how many orders moved to another round because their slot was removed. */
  movedOrders: z.number().int().optional(),
});
export type TDeliverySlotsResponse = z.infer<typeof ZDeliverySlotsResponse>;

/**
 * GET /api/checkout-round?campusId&restaurants: the round an order placed now joins (null: no
 * batches), past rounds where one of the bucket's restaurants (ids, comma-separated) is full.
 */
export const ZCheckoutRoundResponse = z.object({
  ok: z.literal(true),
  round: ZRound.nullable(),
  timeZone: z.string(),
  /** Why it is not the round before: 'Chai Dhaba takes no more orders in the ... round.' */
  fullNote: z.string().nullable(),
});
export type TCheckoutRoundResponse = z.infer<typeof ZCheckoutRoundResponse>;

/** A round of a campus in the Batches tab; `id` is null while no order has joined it. */
export const ZBatchSummary = ZRound.extend({
  id: z.string().nullable(),
  universityId: z.string(),
  campusId: z.string(),
  universityName: z.string(),
  campusName: z.string(),
  timeZone: z.string(),
  /** When the batch closed (its cut-off passed, or an admin closed it early); null while open. */
  closedAt: zInstant().nullable(),
  /** Orders of the batch that are not rejected or cancelled. */
  orderCount: z.number().int(),
  verifiedCount: z.number().int(),
  /** Still waiting for their payment check. */
  waitingCount: z.number().int(),
  outForDeliveryCount: z.number().int(),
  deliveredCount: z.number().int(),
  totalPaisa: z.number().int(),
  verifiedTotalPaisa: z.number().int(),
});
export type TBatchSummary = z.infer<typeof ZBatchSummary>;

/** GET /api/admin/batches?universityId&campusId: today's and the coming week's rounds. */
export const ZBatchesResponse = z.object({ ok: z.literal(true), batches: z.array(ZBatchSummary) });
export type TBatchesResponse = z.infer<typeof ZBatchesResponse>;

/** One item of a pick list: the total quantity over the batch's verified orders. */
export const ZPickItem = z.object({ name: z.string(), quantity: z.number().int() });

/** An item of a batch's pick list, with how much of it was added after the list went out. */
export const ZPickListItem = ZPickItem.extend({
  /** From orders verified after the batch closed (its pick lists sent): mailed as additions. */
  added: z.number().int(),
  /** How the quantity splits into the orders' bags, by the order's code, in the order placed. */
  bags: z.array(z.object({ paymentReference: z.string(), quantity: z.number().int() })),
});
export type TPickListItem = z.infer<typeof ZPickListItem>;

/** An item's split into bags, as lists print it: 'CB-4KX7M × 2, CB-9PQ2T × 1'. */
export const bagsText = (item: TPickListItem) =>
  item.bags.map((bag) => `${bag.paymentReference} × ${bag.quantity}`).join(', ');

/** What one restaurant (or the mart) prepares for a batch. */
export const ZPickList = z.object({
  /** The mart's list; a restaurant deleted since keeps its own list, without an id. */
  isMart: z.boolean(),
  restaurantId: z.string().nullable(),
  restaurantName: z.string(),
  items: z.array(ZPickListItem),
  /** Orders with lines here that still wait for their payment check: not in the items yet. */
  waitingOrders: z.number().int(),
});
export type TPickList = z.infer<typeof ZPickList>;

/** One order to hand over, in the drop list. */
export const ZDropOrder = z.object({
  orderId: z.string(),
  /** The order's short code, as the bag and the student's page show it. */
  paymentReference: z.string(),
  status: ZOrderState,
  room: z.string(),
  name: z.string(),
  phone: z.string(),
  items: z.string(),
  /** The student's special instruction ('call on arrival'); '' without one. */
  instruction: z.string(),
  grandTotalPaisa: z.number().int(),
});
export type TDropOrder = z.infer<typeof ZDropOrder>;

/** The drop list of a delivery place (NO_PLACE for orders without one): its orders by room. */
export const ZDropPlace = z.object({ place: z.string(), orders: z.array(ZDropOrder) });
export type TDropPlace = z.infer<typeof ZDropPlace>;

/** GET /api/admin/batches/:id: a batch with its pick lists and drop list. */
export const ZBatchDetailResponse = z.object({
  ok: z.literal(true),
  batch: ZBatchSummary.extend({ id: z.string() }),
  pickLists: z.array(ZPickList),
  /** Verified, out-for-delivery and delivered orders, by place (the campus's order) then room. */
  dropList: z.array(ZDropPlace),
});
export type TBatchDetailResponse = z.infer<typeof ZBatchDetailResponse>;

/**
 * One bag to hand over: an order's part from one restaurant (or the mart), labelled with the
 * order's code, where it goes, whose it is, what is in it, and which of the order's bags it is.
 */
export const ZBagLabel = z.object({
  orderId: z.string(),
  paymentReference: z.string(),
  place: z.string(),
  room: z.string(),
  firstName: z.string(),
  restaurantName: z.string(),
  /** Bag `bag` of `bags` of the order (1 of 2: its Chai Dhaba part). */
  bag: z.number().int(),
  bags: z.number().int(),
  lines: z.array(ZPickItem),
});
export type TBagLabel = z.infer<typeof ZBagLabel>;

/** GET /api/admin/batches/:id/labels: a label per bag, in the drop list's order. */
export const ZBagLabelsResponse = z.object({
  ok: z.literal(true),
  batch: ZBatchSummary.extend({ id: z.string() }),
  labels: z.array(ZBagLabel),
});
export type TBagLabelsResponse = z.infer<typeof ZBagLabelsResponse>;

export const BATCH_ACTIONS = ['close', 'dispatch', 'deliver'] as const;
export const ZBatchAction = z.enum(BATCH_ACTIONS);
export type TBatchAction = z.infer<typeof ZBatchAction>;

/** POST /api/admin/batches/:id/{close,dispatch,deliver}: how many orders moved (closed with). */
export const ZBatchActionResponse = z.object({ ok: z.literal(true), moved: z.number().int() });
export type TBatchActionResponse = z.infer<typeof ZBatchActionResponse>;

/** The lists a batch downloads: GET /api/admin/batches/:id/{pick-list,drop-list}.{xlsx,csv}. */
export const BATCH_LISTS = ['pick-list', 'drop-list'] as const;
export type TBatchList = (typeof BATCH_LISTS)[number];

/** What a pick list says of orders not in it yet: '3 orders still wait for their payment check'. */
export function waitingText(count: number): string {
  return `${count} ${count === 1 ? 'order still waits' : 'orders still wait'} for their payment check`;
}

/** What a pick list says of an item's part from orders verified after it went out. */
export const addedText = (quantity: number) => `${quantity} added after the pick list`;

export const BATCH_MESSAGES = {
  closed: 'This round is already closed.',
  stillOpen: (cutoff: string) =>
    `This round is still open: orders can join it until ${cutoff}. Close it first, then dispatch.`,
  nothingToDispatch: 'No verified order in this round is waiting to go out.',
  nothingToDeliver: 'No order of this round is out for delivery.',
} as const;
