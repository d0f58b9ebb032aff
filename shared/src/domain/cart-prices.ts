// Live prices of the cart (docs/product.md §3 keeps prices in the stored cart; they go stale
// when an admin changes the catalogue). The api answers what each cart item is now; the web
// re-prices the cart from it, and an order is placed only at the grand total the student last
// saw. No zod here: the web re-prices the cart on first paint; the wire schemas are in
// cart-prices-api.ts, and the checks before an order, which only the cart and checkout make, in
// cart-check.ts.
import type { NewCartLine, PriceChange } from './cart';
import type { TCartLine } from './entities';
import { paisaToRupees, rupeesToPaisa } from './money';

/** The api's error code when the bucket's grand total is not the database's. */
export const PRICES_CHANGED_CODE = 'prices-changed';

type ItemRef = Pick<TCartLine, 'itemId' | 'restaurantId'>;

/** Whether a line and an item are the same catalogue item (a mart and a menu id never match). */
export function isSameItem(a: ItemRef, b: ItemRef): boolean {
  return a.itemId === b.itemId && (a.restaurantId === null) === (b.restaurantId === null);
}

/**
 * Re-prices a cart from items as they are now: a line of a known item takes its name, price,
 * restaurant, hours and stock, and keeps its quantity. Lines of items not given stay as they are
 * (a page knows only its own items). Also answers which lines changed price.
 */
export function repriceCart(
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

/** A line of a checkout quote (quote.ts), as the cart needs it. */
type QuotedLine = ItemRef & { name: string; unitPricePaisa: number; quantity: number };

/**
 * The cart as a checkout quote has it, for the student who accepted its changes: each line at the
 * quote's name, price and quantity; the lines it took out are gone.
 */
export function cartAtQuote(cart: readonly TCartLine[], lines: readonly QuotedLine[]): TCartLine[] {
  return cart.flatMap((line) => {
    const held = lines.find((candidate) => isSameItem(candidate, line));
    if (!held) return [];
    const price = paisaToRupees(held.unitPricePaisa);
    return [{ ...line, name: held.name, price, quantity: held.quantity }];
  });
}
