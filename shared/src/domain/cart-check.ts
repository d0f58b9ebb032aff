// The price check before an order: what stops a cart from being ordered now, from what the api
// answers each cart item is (cart-prices.ts re-prices the cart from it on every page).

import {
  CART_MESSAGES,
  campusLockMessage,
  cartItemTotalPaisa,
  isMartLine,
  type NewCartLine,
  orderTotals,
} from './cart';
import { isSameItem, repriceCart } from './cart-prices';
import type { TCartPricesRequest } from './cart-prices-api';
import type { TCartLine } from './entities';

/** The price check's request for a cart. */
export function cartPricesRequest(cart: readonly TCartLine[]): TCartPricesRequest {
  return {
    lines: cart.map((line) => ({ itemId: line.itemId, restaurantId: line.restaurantId })),
  };
}

/**
 * What stops a line from being ordered now, from a complete price check: the item is gone, or
 * the mart has fewer than the line holds. Null when the line can be ordered.
 */
export function cartLineProblem(line: TCartLine, items: readonly NewCartLine[]): string | null {
  const item = items.find((candidate) => isSameItem(candidate, line));
  if (!item) return CART_MESSAGES.itemUnavailable(line.name);
  if (isMartLine(item) && item.stock !== undefined && item.stock < line.quantity) {
    return CART_MESSAGES.outOfStock(item.name, Math.max(0, item.stock));
  }
  return null;
}

/**
 * What stops a cart from being ordered for a campus now, from a complete price check: an item
 * of another campus, then a line that cannot be ordered, then changed prices with the new grand
 * total for `persons` (the student confirms it by checking out again). Null when nothing does.
 */
export function cartCheckMessage(
  cart: readonly TCartLine[],
  items: readonly NewCartLine[],
  order: { campusId: string; persons: number },
): string | null {
  if (items.some((item) => campusLockMessage(order.campusId, item.campusId))) {
    return CART_MESSAGES.campusLock;
  }
  for (const line of cart) {
    const problem = cartLineProblem(line, items);
    if (problem) return problem;
  }
  const { cart: repriced, changes } = repriceCart(cart, items);
  if (changes.length === 0) return null;
  const { grandTotal } = orderTotals(cartItemTotalPaisa(repriced), order.persons);
  return CART_MESSAGES.pricesChanged(changes, grandTotal);
}
