import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { AppError } from './app-error';
import {
  addToCart,
  CART_MESSAGES,
  campusLockMessage,
  canDecrement,
  canIncrement,
  cartItemTotalPaisa,
  cartLineKey,
  cartLineSource,
  clearCart,
  decrementLine,
  deliveryChargePaisa,
  incrementLine,
  lineTotalPaisa,
  MAX_LINE_QUANTITY,
  martItemToCartLine,
  menuItemToCartLine,
  type NewCartLine,
  orderTotals,
  parseStoredCart,
  quantityInCart,
  removeLine,
  totalQuantity,
} from './cart';
import type { TCartLine } from './entities';
import { buildMenuCartItem } from './test-builders';

function buildMartItem(overrides: Partial<NewCartLine> = {}): NewCartLine {
  return {
    name: 'Water 500ml',
    price: 60,
    restaurantName: 'Mart',
    campusId: 'c1',
    itemId: 'k1',
    restaurantId: null,
    stock: 2,
    ...overrides,
  };
}

function withQuantity(item: NewCartLine, quantity: number): TCartLine {
  return { ...item, quantity };
}

describe('adding', () => {
  it('starts a new line at 1 and raises an existing line by 1', () => {
    const once = addToCart([], buildMenuCartItem());
    expect(once).toEqual([withQuantity(buildMenuCartItem(), 1)]);
    expect(addToCart(once, buildMenuCartItem())).toEqual([withQuantity(buildMenuCartItem(), 2)]);
  });

  it('identifies a line by item name and restaurantName only', () => {
    let cart = addToCart([], buildMenuCartItem());
    cart = addToCart(cart, buildMenuCartItem({ restaurantName: 'Other Place' }));
    cart = addToCart(cart, buildMenuCartItem({ name: 'Fries' }));
    cart = addToCart(cart, buildMenuCartItem({ price: 999, itemId: 'm9' }));
    expect(cart.map((l) => [l.name, l.restaurantName, l.quantity])).toEqual([
      ['Zinger Burger', 'Burger Lab', 2],
      ['Zinger Burger', 'Other Place', 1],
      ['Fries', 'Burger Lab', 1],
    ]);
  });

  it('caps a mart line at its stock and does not add an item out of stock', () => {
    let cart = addToCart([], buildMartItem());
    cart = addToCart(cart, buildMartItem());
    cart = addToCart(cart, buildMartItem());
    expect(quantityInCart(cart, buildMartItem())).toBe(2);
    expect(addToCart([], buildMartItem({ stock: 0 }))).toEqual([]);
    expect(addToCart([], buildMartItem({ stock: -3 }))).toEqual([]);
  });

  it('takes the stock an item shows now when it is added again (a restock lifts the cap)', () => {
    let cart = addToCart([], buildMartItem());
    cart = addToCart(cart, buildMartItem());
    cart = addToCart(cart, buildMartItem());
    expect(quantityInCart(cart, buildMartItem())).toBe(2);
    cart = addToCart(cart, buildMartItem({ stock: 5 }));
    expect(quantityInCart(cart, buildMartItem())).toBe(3);
    expect(cart[0]?.stock).toBe(5);
  });

  it('names a line by its source: the mart, or its restaurant', () => {
    expect(cartLineSource(buildMartItem())).toBe('Mart');
    expect(cartLineSource(buildMenuCartItem({ restaurantName: 'Chai Dhaba' }))).toBe(
      'Restaurant: Chai Dhaba',
    );
  });

  it('enables minus only above the minimum quantity', () => {
    expect(canDecrement({ quantity: 1 })).toBe(false);
    expect(canDecrement({ quantity: 2 })).toBe(true);
  });

  it('does not change the bucket it was given', () => {
    const cart = [withQuantity(buildMenuCartItem(), 1)];
    addToCart(cart, buildMenuCartItem());
    expect(cart[0]?.quantity).toBe(1);
  });
});

describe('changing quantities', () => {
  const burger = withQuantity(buildMenuCartItem(), 3);
  const fries = withQuantity(buildMenuCartItem({ name: 'Fries' }), 1);

  it('increments and decrements only the named line', () => {
    expect(incrementLine([burger, fries], fries).map((l) => l.quantity)).toEqual([3, 2]);
    expect(decrementLine([burger, fries], burger).map((l) => l.quantity)).toEqual([2, 1]);
  });

  it('never decrements below 1; only Remove deletes a line', () => {
    expect(decrementLine([fries], fries)).toEqual([fries]);
    expect(removeLine([burger, fries], fries)).toEqual([burger]);
    expect(clearCart()).toEqual([]);
  });

  it('stops plus at the mart stock, and every line at 50', () => {
    const water = withQuantity(buildMartItem({ stock: 2 }), 2);
    expect(canIncrement(water)).toBe(false);
    expect(incrementLine([water], water)).toEqual([water]);
    expect(canIncrement(withQuantity(buildMartItem({ stock: 3 }), 2))).toBe(true);
    expect(canIncrement(withQuantity(buildMenuCartItem(), 49))).toBe(true);
    const most = withQuantity(buildMenuCartItem(), MAX_LINE_QUANTITY);
    expect(canIncrement(most)).toBe(false);
    expect(incrementLine([most], most)).toEqual([most]);
    expect(canIncrement(withQuantity(buildMartItem({ stock: 500 }), MAX_LINE_QUANTITY))).toBe(
      false,
    );
  });

  it('counts items for the badge', () => {
    expect(totalQuantity([burger, fries])).toBe(4);
    expect(totalQuantity([])).toBe(0);
    expect(quantityInCart([burger], fries)).toBe(0);
  });

  it('keeps lines apart whose names contain the separator of a naive key', () => {
    expect(cartLineKey({ name: 'a|b', restaurantName: 'c' })).not.toBe(
      cartLineKey({ name: 'a', restaurantName: 'b|c' }),
    );
  });
});

describe('bucket properties', () => {
  const pool = [
    buildMenuCartItem(),
    buildMenuCartItem({ name: 'Fries' }),
    buildMenuCartItem({ restaurantName: 'Other Place' }),
    buildMartItem({ stock: 3 }),
    buildMartItem({ name: 'Chips', stock: 1 }),
    buildMartItem({ name: 'Gum', stock: 0 }),
  ];
  const operation = fc.record({
    kind: fc.constantFrom('add', 'increment', 'decrement', 'remove'),
    item: fc.constantFrom(...pool),
  });

  it('keeps every quantity at least 1, within mart stock, one line per identity', () => {
    fc.assert(
      fc.property(fc.array(operation, { maxLength: 40 }), (operations) => {
        let cart: TCartLine[] = [];
        for (const { kind, item } of operations) {
          if (kind === 'add') cart = addToCart(cart, item);
          if (kind === 'increment') cart = incrementLine(cart, item);
          if (kind === 'decrement') cart = decrementLine(cart, item);
          if (kind === 'remove') cart = removeLine(cart, item);
          for (const line of cart) {
            expect(line.quantity).toBeGreaterThanOrEqual(1);
            if (line.stock !== undefined) expect(line.quantity).toBeLessThanOrEqual(line.stock);
          }
          expect(new Set(cart.map(cartLineKey)).size).toBe(cart.length);
        }
      }),
    );
  });

  it('decrement never yields less than 1', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 1000 }), fc.nat(20), (quantity, times) => {
        let cart = [withQuantity(buildMenuCartItem(), quantity)];
        for (let i = 0; i < times; i++) cart = decrementLine(cart, buildMenuCartItem());
        expect(cart[0]?.quantity).toBe(Math.max(1, quantity - times));
      }),
    );
  });
});

describe('campus lock', () => {
  it('blocks items of another campus for a user with a campus', () => {
    expect(campusLockMessage('c1', 'c2')).toBe(
      'You can only order from your own campus. Please select items from your campus only.',
    );
    expect(campusLockMessage('c1', 'c1')).toBeNull();
    expect(campusLockMessage(null, 'c2')).toBeNull();
    expect(campusLockMessage(undefined, 'c2')).toBeNull();
  });
});

describe('totals', () => {
  const cart = [
    withQuantity(buildMenuCartItem({ price: 250 }), 2),
    withQuantity(buildMartItem({ price: 12.5 }), 3),
    withQuantity(buildMenuCartItem({ name: 'Tea', price: 0.1 }), 3),
  ];

  it('sums line totals in paisa without floating point drift', () => {
    expect(lineTotalPaisa({ price: 0.1, quantity: 3 })).toBe(30);
    expect(cartItemTotalPaisa(cart)).toBe(50000 + 3750 + 30);
    expect(cartItemTotalPaisa([])).toBe(0);
  });

  it('charges Rs 130 per person and adds it to the item total', () => {
    expect(deliveryChargePaisa(1)).toBe(13000);
    expect(orderTotals(53780, 2)).toEqual({
      itemTotal: 53780,
      deliveryCharge: 26000,
      grandTotal: 79780,
    });
  });

  it.each([0, -1, 1.5, 51, Number.NaN])('refuses %d persons', (persons) => {
    expect(() => deliveryChargePaisa(persons)).toThrow(AppError);
    expect(() => deliveryChargePaisa(persons)).toThrow(CART_MESSAGES.invalidPersons);
  });
});

describe('storage and conversion', () => {
  it('reads a stored bucket and drops what no longer fits', () => {
    const good = withQuantity(buildMenuCartItem(), 2);
    const stored = JSON.stringify([good, { name: 'broken' }, { ...good, quantity: 0 }]);
    expect(parseStoredCart(stored)).toEqual([good]);
  });

  it.each([null, undefined, '', 'not json', '{}', '42'])('treats %j as an empty bucket', (raw) => {
    expect(parseStoredCart(raw)).toEqual([]);
  });

  it('builds lines from catalogue items, paisa to rupees', () => {
    const restaurant = {
      id: 'r1',
      name: 'Burger Lab',
      campusId: 'c1',
      openTime: '10:00 AM',
      closeTime: null,
      is24x7: false,
    };
    expect(
      menuItemToCartLine({ id: 'm1', name: 'Zinger Burger', price: 45000 }, restaurant),
    ).toEqual(
      buildMenuCartItem({
        restaurantData: { openTime: '10:00 AM', closeTime: null, is24x7: false },
      }),
    );
    expect(
      martItemToCartLine({ id: 'k1', name: 'Water 500ml', price: 6000, campusId: 'c1', stock: 2 }),
    ).toEqual(buildMartItem());
  });
});
