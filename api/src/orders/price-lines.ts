import {
  CART_MESSAGES,
  campusLockMessage,
  MART_RESTAURANT_NAME,
  MAX_LINE_QUANTITY,
} from '@campus/shared/domain/cart';
import { CHECKOUT_MESSAGES, type TCheckoutForm } from '@campus/shared/domain/checkout';
import type { TCartLine } from '@campus/shared/domain/entities';
import { rupeesToPaisa } from '@campus/shared/domain/money';
import type { OrderTextLine } from '@campus/shared/domain/order';
import type { Db } from '@campus/shared/server/db/client';
import { failedPrecondition, forbidden, outOfRange, pricesChanged } from '../http/errors';
import { findCartItems } from './cart-items';

/** An order line with everything taken from the database, never from the client. */
export type PricedLine = OrderTextLine & {
  kind: 'menu' | 'mart';
  /** The prices (rupees) the cart showed for this item. */
  seenPrices: number[];
  itemId: string;
  restaurantId: string | null;
  hours: { openTime: string; closeTime: string; is24x7: boolean } | null;
};

/** The cart's lines of one item each: two lines of an item (a tampered cart, or one kept across a rename) are one. */
export function mergedLines(cart: TCheckoutForm['cartItems']) {
  const merged = new Map<string, { line: TCartLine; quantity: number; seen: number[] }>();
  for (const line of cart) {
    const key = `${line.restaurantId === null ? 'mart' : 'menu'}:${line.itemId}`;
    const known = merged.get(key);
    if (known) {
      known.quantity += line.quantity;
      known.seen.push(line.price);
    } else {
      merged.set(key, { line, quantity: line.quantity, seen: [line.price] });
    }
  }
  return [...merged.values()];
}

/** Refuses a merged line over the most of one item, named as the database names it. */
export function refuseOverLineLimit(name: string, quantity: number): void {
  if (quantity > MAX_LINE_QUANTITY) {
    throw outOfRange(CART_MESSAGES.lineQuantity(name), { field: 'cartItems' });
  }
}

/**
 * Prices every cart line from the database: the item must exist at this campus; name, price,
 * restaurant and hours are the database's. Lines of the same item are merged. Inside the order's
 * transaction, so the prices charged are the ones checked.
 */
export async function priceLines(
  tx: Db,
  campusId: string,
  lines: TCheckoutForm['cartItems'],
): Promise<PricedLine[]> {
  const { menu: menuById, mart: martById } = await findCartItems(tx, lines, true);
  const priced: PricedLine[] = [];
  for (const { line, quantity, seen } of mergedLines(lines)) {
    const isMart = line.restaurantId === null;
    const row = isMart ? martById.get(line.itemId) : menuById.get(line.itemId);
    if (!row) throw failedPrecondition(CHECKOUT_MESSAGES.itemUnavailable(line.name));
    if (campusLockMessage(campusId, row.campusId)) {
      throw forbidden(CART_MESSAGES.campusLock, { field: 'cartItems' });
    }
    refuseOverLineLimit(row.name, quantity);
    const menu = isMart ? null : menuById.get(line.itemId);
    priced.push({
      kind: isMart ? 'mart' : 'menu',
      itemId: row.id,
      name: row.name,
      quantity,
      unitPricePaisa: row.pricePaisa,
      seenPrices: seen,
      restaurantId: menu?.restaurantId ?? null,
      restaurantName: menu?.restaurantName ?? MART_RESTAURANT_NAME,
      hours: menu
        ? { openTime: menu.openTime, closeTime: menu.closeTime, is24x7: menu.is24x7 }
        : null,
    });
  }
  return priced;
}

/**
 * The order is placed only at the grand total the student saw: when the database's differs, a
 * 409 names each item whose price is not the one in the cart and the new total.
 */
export function refuseChangedPrices(
  lines: readonly PricedLine[],
  grandTotalPaisa: number,
  seen: number,
) {
  if (rupeesToPaisa(seen) === grandTotalPaisa) return;
  const changes = lines
    .filter((line) => line.seenPrices.some((price) => rupeesToPaisa(price) !== line.unitPricePaisa))
    .map((line) => ({ name: line.name, pricePaisa: line.unitPricePaisa }));
  throw pricesChanged(CHECKOUT_MESSAGES.pricesChanged(changes, grandTotalPaisa));
}
