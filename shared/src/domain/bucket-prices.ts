// Live prices of the bucket (SPEC §3 keeps prices in the stored bucket; they go stale when an admin
// changes the catalogue). The api answers what each bucket item is now; the web re-prices the
// bucket from it, and an order is placed only at the grand total the student last saw. No zod here:
// the web re-prices the bucket on first paint; the wire schemas are in bucket-prices-api.ts.
import type { TBucketPricesRequest } from './bucket-prices-api';
import {
  CART_MESSAGES,
  campusLockMessage,
  cartItemTotalPaisa,
  isMartLine,
  type NewCartLine,
  orderTotals,
  type PriceChange,
} from './cart';
import type { TCartLine } from './entities';
import { rupeesToPaisa } from './money';

/** The api's error code when the bucket's grand total is not the database's. */
export const PRICES_CHANGED_CODE = 'prices-changed';

type ItemRef = Pick<TCartLine, 'itemId' | 'restaurantId'>;

/** Whether a line and an item are the same catalogue item (a mart and a menu id never match). */
export function isSameItem(a: ItemRef, b: ItemRef): boolean {
  return a.itemId === b.itemId && (a.restaurantId === null) === (b.restaurantId === null);
}

/** The price check's request for a bucket. */
export function bucketPricesRequest(cart: readonly TCartLine[]): TBucketPricesRequest {
  return {
    lines: cart.map((line) => ({ itemId: line.itemId, restaurantId: line.restaurantId })),
  };
}

/**
 * Re-prices a bucket from items as they are now: a line of a known item takes its name, price,
 * restaurant, hours and stock, and keeps its quantity. Lines of items not given stay as they are
 * (a page knows only its own items). Also answers which lines changed price.
 */
export function repriceBucket(
  cart: readonly TCartLine[],
  items: readonly NewCartLine[],
): { cart: TCartLine[]; changes: PriceChange[] } {
  const changes: PriceChange[] = [];
  const next = cart.map((line) => {
    const item = items.find((candidate) => isSameItem(candidate, line));
    if (!item) return line;
    if (item.price !== line.price) {
      changes.push({ name: item.name, pricePaisa: rupeesToPaisa(item.price) });
    }
    return { ...item, quantity: line.quantity };
  });
  const unchanged = changes.length === 0 && next.every((line, i) => sameLine(line, cart[i]));
  return { cart: unchanged ? [...cart] : next, changes };
}

function sameLine(a: TCartLine, b: TCartLine | undefined): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
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
