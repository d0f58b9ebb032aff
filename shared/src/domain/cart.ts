import { AppError } from './app-error';
import type { TCartLine, TMartItem, TMenuItem, TRestaurant } from './entities';
import { DELIVERY_CHARGE_PER_PERSON_PAISA, formatRs, paisaToRupees, rupeesToPaisa } from './money';
import { readStoredCartLine } from './stored-shapes';

/** Browser storage key of the cart. */
export const CART_STORAGE_KEY = 'cartItems';

/** Browser storage key of whose cart it is: another account signing in starts an empty one. */
export const CART_OWNER_KEY = 'cartOwner';

/** restaurantName of every mart line. */
export const MART_RESTAURANT_NAME = 'Mart';

/** Decrement stops here; only Remove deletes a line. */
export const MIN_LINE_QUANTITY = 1;

/** The most of one item a cart line (and so an order) may hold. */
export const MAX_LINE_QUANTITY = 50;

/** An order is for at least this many persons (docs/product.md §5), and at most MAX_PERSONS. */
export const MIN_PERSONS = 1;
export const MAX_PERSONS = 50;

/**
 * The highest grand total of one order: Rs 1,000,000 (every total then fits the database's
 * integers).
 */
export const MAX_ORDER_TOTAL_PAISA = 100_000_000;

/** A cart item whose price is not the one the student saw. */
export type PriceChange = { name: string; pricePaisa: number };

/** Which prices changed: 'Prices changed since you filled your bucket: Tea is now Rs 150.00.' */
function pricesUpdated(changes: readonly PriceChange[]): string {
  const named = changes.map((change) => `${change.name} is now ${formatRs(change.pricePaisa)}`);
  return `Prices changed since you filled your bucket${named.length > 0 ? `: ${named.join(', ')}` : ''}.`;
}

/** Messages of the cart rules. */
export const CART_MESSAGES = {
  campusLock: 'You can only order from your own campus. Please select items from your campus only.',
  invalidPersons: `Number of persons must be from ${MIN_PERSONS} to ${MAX_PERSONS}.`,
  orderTooLarge: `One order may total at most ${formatRs(MAX_ORDER_TOTAL_PAISA)}. Please remove some items from your bucket.`,
  lineQuantity: (name: string) =>
    `You can order at most ${MAX_LINE_QUANTITY} of ${name} at once. Please lower the quantity in your bucket.`,
  itemUnavailable: (name: string) =>
    `${name} is no longer available. Please remove it from your bucket.`,
  outOfStock: (name: string, available: number) =>
    available > 0
      ? `Sorry, only ${available} of ${name} left in stock. Please lower the quantity in your bucket.`
      : `Sorry, ${name} is out of stock. Please remove it from your bucket.`,
  pricesUpdated,
  // Why '+' stops (quantityLimitText).
  noneLeft: 'Out of stock',
  onlyLeft: (most: number) => `Only ${most} left in stock`,
  atMostOfOne: `At most ${MAX_LINE_QUANTITY} of one item`,
  pricesChanged: (changes: readonly PriceChange[], grandTotalPaisa: number) =>
    `${pricesUpdated(changes)} Your new total is ${formatRs(grandTotalPaisa)}.`,
  fixCartFirst: 'Please fix the items marked above before you check out.',
  signInToAdd: 'Sign in to add items to your bucket',
  cartTitle: 'Your Cart',
  bucketTitle: 'Your Bucket',
  emptyBucket: 'Your bucket is empty.',
  // The bucket's totals are for one person: checkout asks how many.
  deliveryForOne: 'Delivery Charge (1 person)',
  deliveryPerPerson: `${formatRs(DELIVERY_CHARGE_PER_PERSON_PAISA)} a person; you choose how many at checkout.`,
} as const;

/** What identifies a cart line: the item name and restaurantName. */
export type CartLineKey = Pick<TCartLine, 'name' | 'restaurantName'>;

/** A line about to be added: everything but the quantity. */
export type NewCartLine = Omit<TCartLine, 'quantity'>;

/** Whether two lines are the same cart line. */
export function isSameLine(a: CartLineKey, b: CartLineKey): boolean {
  return a.name === b.name && a.restaurantName === b.restaurantName;
}

/** A string key for a line (React keys, maps); JSON keeps 'a|b' + 'c' apart from 'a' + 'b|c'. */
export function cartLineKey(line: CartLineKey): string {
  return JSON.stringify([line.name, line.restaurantName]);
}

/** The restaurants lines come from, each once and sorted (the mart's lines name none). */
export function restaurantIdsOf(lines: readonly { restaurantId: string | null }[]): string[] {
  return [...new Set(lines.flatMap((line) => line.restaurantId ?? []))].sort();
}

/** Whether a line is a mart item. */
export function isMartLine(line: Pick<TCartLine, 'restaurantName'>): boolean {
  return line.restaurantName === MART_RESTAURANT_NAME;
}

/** The most a line may hold: MAX_LINE_QUANTITY, and no more than the known stock of a mart line. */
export function maxQuantity(line: Pick<TCartLine, 'restaurantName' | 'stock'>): number {
  return isMartLine(line) && line.stock !== undefined
    ? Math.min(Math.max(line.stock, 0), MAX_LINE_QUANTITY)
    : MAX_LINE_QUANTITY;
}

/**
 * Why plus stops where it does (maxQuantity): the stock when it is the lower bound, else the most.
 */
export function quantityLimitText(line: Pick<TCartLine, 'restaurantName' | 'stock'>): string {
  const most = maxQuantity(line);
  if (most === 0) return CART_MESSAGES.noneLeft;
  if (most < MAX_LINE_QUANTITY) return CART_MESSAGES.onlyLeft(most);
  return CART_MESSAGES.atMostOfOne;
}

/** Whether plus is enabled: false once a line reaches its most (maxQuantity). */
export function canIncrement(line: TCartLine): boolean {
  return line.quantity < maxQuantity(line);
}

function update(
  cart: readonly TCartLine[],
  key: CartLineKey,
  change: (line: TCartLine) => TCartLine,
): TCartLine[] {
  return cart.map((line) => (isSameLine(line, key) ? change(line) : line));
}

/**
 * Where a line comes from, as the cart shows it: 'Mart' or 'Restaurant: {name}' (docs/product.md
 * §2).
 */
export function cartLineSource(line: Pick<TCartLine, 'restaurantName'>): string {
  return isMartLine(line) ? MART_RESTAURANT_NAME : `Restaurant: ${line.restaurantName}`;
}

/** Whether minus is enabled: false at the minimum quantity. */
export function canDecrement(line: Pick<TCartLine, 'quantity'>): boolean {
  return line.quantity > MIN_LINE_QUANTITY;
}

/**
 * Adds an item: an existing line goes up by 1, otherwise a new line with quantity 1. A mart item
 * never goes past its stock, so an out-of-stock item or a full line leaves the cart unchanged.
 * The stock the item shows now replaces the one its line knew (a restock lifts the cap).
 */
export function addToCart(cart: readonly TCartLine[], item: NewCartLine): TCartLine[] {
  const existing = cart.find((line) => isSameLine(line, item));
  if (existing) {
    return incrementLine(
      update(cart, item, (line) => ({ ...line, stock: item.stock })),
      item,
    );
  }
  if (maxQuantity(item) < MIN_LINE_QUANTITY) return [...cart];
  return [...cart, { ...item, quantity: 1 }];
}

/** Raises a line by 1, up to its most (maxQuantity). */
export function incrementLine(cart: readonly TCartLine[], key: CartLineKey): TCartLine[] {
  return update(cart, key, (line) =>
    canIncrement(line) ? { ...line, quantity: line.quantity + 1 } : line,
  );
}

/** Lowers a line by 1, never below 1. */
export function decrementLine(cart: readonly TCartLine[], key: CartLineKey): TCartLine[] {
  return update(cart, key, (line) => ({
    ...line,
    quantity: Math.max(MIN_LINE_QUANTITY, line.quantity - 1),
  }));
}

/** Deletes a line. */
export function removeLine(cart: readonly TCartLine[], key: CartLineKey): TCartLine[] {
  return cart.filter((line) => !isSameLine(line, key));
}

/** Empties the cart. */
export function clearCart(): TCartLine[] {
  return [];
}

/** The quantity of an item in the cart (0 when absent), for the card counters. */
export function quantityInCart(cart: readonly TCartLine[], key: CartLineKey): number {
  return cart.find((line) => isSameLine(line, key))?.quantity ?? 0;
}

/** Total item quantity, for the floating cart badge. */
export function totalQuantity(cart: readonly TCartLine[]): number {
  return cart.reduce((sum, line) => sum + line.quantity, 0);
}

/**
 * The campus lock: the spec's message when a user whose profile has a campus adds an item of
 * another campus, else null.
 */
export function campusLockMessage(
  userCampusId: string | null | undefined,
  itemCampusId: string,
): string | null {
  return userCampusId && userCampusId !== itemCampusId ? CART_MESSAGES.campusLock : null;
}

/** A line's total in paisa (price × quantity). */
export function lineTotalPaisa(line: Pick<TCartLine, 'price' | 'quantity'>): number {
  return rupeesToPaisa(line.price) * line.quantity;
}

/** The item total of a cart in paisa. */
export function cartItemTotalPaisa(cart: readonly Pick<TCartLine, 'price' | 'quantity'>[]): number {
  return cart.reduce((sum, line) => sum + lineTotalPaisa(line), 0);
}

/** Whether a number of persons is a whole number from MIN_PERSONS to MAX_PERSONS. */
export function isValidPersons(persons: number): boolean {
  return Number.isInteger(persons) && persons >= MIN_PERSONS && persons <= MAX_PERSONS;
}

/** Delivery charge in paisa: Rs 130 × persons; persons must be valid (isValidPersons). */
export function deliveryChargePaisa(persons: number): number {
  if (!isValidPersons(persons)) {
    throw new AppError({
      code: 'invalid-persons',
      status: 400,
      userMessage: CART_MESSAGES.invalidPersons,
      fields: { persons: CART_MESSAGES.invalidPersons },
    });
  }
  return DELIVERY_CHARGE_PER_PERSON_PAISA * persons;
}

/** The order summary in paisa: item total, delivery charge and grand total. */
export function orderTotals(
  itemTotalPaisa: number,
  persons: number,
): { itemTotal: number; deliveryCharge: number; grandTotal: number } {
  const deliveryCharge = deliveryChargePaisa(persons);
  return { itemTotal: itemTotalPaisa, deliveryCharge, grandTotal: itemTotalPaisa + deliveryCharge };
}

/** Whether an order's grand total (paisa) is within the most one order may total. */
export function isWithinOrderLimit(grandTotalPaisa: number): boolean {
  return grandTotalPaisa <= MAX_ORDER_TOTAL_PAISA;
}

/**
 * Reads the stored cart; anything unreadable gives an empty cart, and lines that no longer
 * fit the shape are dropped rather than breaking the page.
 */
export function parseStoredCart(raw: string | null | undefined): TCartLine[] {
  if (!raw) return [];
  let data: unknown;
  try {
    data = JSON.parse(raw);
  } catch {
    return [];
  }
  if (!Array.isArray(data)) return [];
  return data.flatMap((entry) => readStoredCartLine(entry) ?? []);
}

/** Reads an add kept while its visitor signed in: an item of the cart's shape, or null. */
export function parsePendingAdd(raw: string | null): NewCartLine | null {
  if (!raw) return null;
  let data: unknown;
  try {
    data = JSON.parse(raw);
  } catch {
    return null;
  }
  const line = readStoredCartLine({ ...(data as object), quantity: 1 });
  if (!line) return null;
  const { quantity: _quantity, ...item } = line;
  return item;
}

/** The cart line for a menu item of a restaurant. */
export function menuItemToCartLine(
  item: Pick<TMenuItem, 'id' | 'name' | 'price'>,
  restaurant: Pick<TRestaurant, 'id' | 'name' | 'campusId' | 'openTime' | 'closeTime' | 'is24x7'>,
): NewCartLine {
  return {
    name: item.name,
    price: paisaToRupees(item.price),
    restaurantName: restaurant.name,
    campusId: restaurant.campusId,
    restaurantData: {
      openTime: restaurant.openTime,
      closeTime: restaurant.closeTime,
      is24x7: restaurant.is24x7,
    },
    itemId: item.id,
    restaurantId: restaurant.id,
  };
}

/** The cart line for a mart item. */
export function martItemToCartLine(
  item: Pick<TMartItem, 'id' | 'name' | 'price' | 'campusId' | 'stock'>,
): NewCartLine {
  return {
    name: item.name,
    price: paisaToRupees(item.price),
    restaurantName: MART_RESTAURANT_NAME,
    campusId: item.campusId,
    itemId: item.id,
    restaurantId: null,
    stock: item.stock,
  };
}
