import {
  CART_MESSAGES,
  campusLockMessage,
  MART_RESTAURANT_NAME,
  MAX_LINE_QUANTITY,
} from '@campus/shared/domain/cart';
import { CHECKOUT_MESSAGES, type TCheckoutForm } from '@campus/shared/domain/checkout';
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
  const priced = new Map<string, PricedLine>();
  for (const line of lines) {
    const isMart = line.restaurantId === null;
    const row = isMart ? martById.get(line.itemId) : menuById.get(line.itemId);
    if (!row) throw failedPrecondition(CHECKOUT_MESSAGES.itemUnavailable(line.name));
    if (campusLockMessage(campusId, row.campusId)) {
      throw forbidden(CART_MESSAGES.campusLock, { field: 'cartItems' });
    }
    const key = `${isMart ? 'mart' : 'menu'}:${row.id}`;
    const known = priced.get(key);
    if (known) {
      // Two lines of one item (a tampered cart, or one kept across a rename) are one line.
      known.quantity += line.quantity;
      known.seenPrices.push(line.price);
      if (known.quantity > MAX_LINE_QUANTITY) {
        throw outOfRange(CART_MESSAGES.lineQuantity(known.name), { field: 'cartItems' });
      }
      continue;
    }
    const menu = isMart ? null : menuById.get(line.itemId);
    priced.set(key, {
      kind: isMart ? 'mart' : 'menu',
      itemId: row.id,
      name: row.name,
      quantity: line.quantity,
      unitPricePaisa: row.pricePaisa,
      seenPrices: [line.price],
      restaurantId: menu?.restaurantId ?? null,
      restaurantName: menu?.restaurantName ?? MART_RESTAURANT_NAME,
      hours: menu
        ? { openTime: menu.openTime, closeTime: menu.closeTime, is24x7: menu.is24x7 }
        : null,
    });
  }
  return [...priced.values()];
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
