import type { TRound } from '@campus/shared/domain/batch-api';

/**
 * What checkout hands the order's page about the order just placed, for its thank-you view: it
 * goes with the navigation (the history entry's state), so a reload keeps it.
 */
export type PlacedOrder = {
  orderId: string;
  grandTotalPaisa: number;
  round: TRound | null;
  timeZone: string;
  /** When the checkout saw it placed (ISO): the round's promise is as of then. */
  placedAt: string;
};

/** The order's page, with the thank-you view of the order just placed. */
export function placedOrderPage(placed: PlacedOrder) {
  return { to: `/orders/${encodeURIComponent(placed.orderId)}`, state: { placed } };
}

/** The order just placed, when the navigation to this order's page brought one. */
export function placedOrderIn(state: unknown, orderId: string): PlacedOrder | null {
  const placed = (state as { placed?: Partial<PlacedOrder> } | null)?.placed;
  return placed?.orderId === orderId && typeof placed.placedAt === 'string'
    ? (placed as PlacedOrder)
    : null;
}
