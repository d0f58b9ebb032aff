// The price check before an order: what stops a bucket from being ordered now, from what the api
// answers each bucket item is (bucket-prices.ts re-prices the bucket from it on every page).
import { isSameItem, repriceBucket } from './bucket-prices';
import type { TBucketPricesRequest } from './bucket-prices-api';
import {
  CART_MESSAGES,
  campusLockMessage,
  cartItemTotalPaisa,
  isMartLine,
  type NewCartLine,
  orderTotals,
} from './cart';
import type { TCartLine } from './entities';

/** The price check's request for a bucket. */
export function bucketPricesRequest(cart: readonly TCartLine[]): TBucketPricesRequest {
  return {
    lines: cart.map((line) => ({ itemId: line.itemId, restaurantId: line.restaurantId })),
  };
}

/**
 * What stops a line from being ordered now, from a complete price check: the item is gone, or
 * the mart has fewer than the line holds. Null when the line can be ordered.
 */
export function bucketLineProblem(line: TCartLine, items: readonly NewCartLine[]): string | null {
  const item = items.find((candidate) => isSameItem(candidate, line));
  if (!item) return CART_MESSAGES.itemUnavailable(line.name);
  if (isMartLine(item) && item.stock !== undefined && item.stock < line.quantity) {
    return CART_MESSAGES.outOfStock(item.name, Math.max(0, item.stock));
  }
  return null;
}

/**
 * What stops a bucket from being ordered for a campus now, from a complete price check: an item
 * of another campus, then a line that cannot be ordered, then changed prices with the new grand
 * total for `persons` (the student confirms it by checking out again). Null when nothing does.
 */
export function bucketCheckMessage(
  cart: readonly TCartLine[],
  items: readonly NewCartLine[],
  order: { campusId: string; persons: number },
): string | null {
  if (items.some((item) => campusLockMessage(order.campusId, item.campusId))) {
    return CART_MESSAGES.campusLock;
  }
  for (const line of cart) {
    const problem = bucketLineProblem(line, items);
    if (problem) return problem;
  }
  const { cart: repriced, changes } = repriceBucket(cart, items);
  if (changes.length === 0) return null;
  const { grandTotal } = orderTotals(cartItemTotalPaisa(repriced), order.persons);
  return CART_MESSAGES.pricesChanged(changes, grandTotal);
}
