import { placeOrder } from '@campus/api/orders/place-order';
import { martItemToCartLine, menuItemToCartLine } from '@campus/shared/domain/cart';
import { PRICES_CHANGED_CODE, repriceCart } from '@campus/shared/domain/cart-prices';
import type { TCartPricesResponse } from '@campus/shared/domain/cart-prices-api';
import type { TCartLine, TUserProfile } from '@campus/shared/domain/entities';
import { formatRs } from '@campus/shared/domain/money';
import type { Database } from '@campus/shared/server/db/client';
import { newId } from '@campus/shared/server/db/ids';
import { martItems, menuItems, orders } from '@campus/shared/server/db/schema';
import { openCheckedRedis } from '@campus/shared/server/redis';
import { eq } from 'drizzle-orm';
import fc from 'fast-check';
import type { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../support/app';
import { buildCampusTree } from '../../support/builders';
import { engine, openTestDatabase } from '../../support/database';
import { testLog } from '../../support/logger';
import { buildOrderingStudent, shownGrandTotal } from '../../support/orders';
import { testRedisUrl } from '../../support/redis';

// Live prices (the bucket's price check): the api tells what each bucket item is now, and an order
// is placed only at the grand total the student last saw, whatever the catalogue did in between.

let database: Database;
let redis: Redis;
let testApp: ReturnType<typeof createTestApp>;
let tree: Awaited<ReturnType<typeof buildCampusTree>>;
let student: TUserProfile;
let screenshot: string;
/** The catalogue the property test buys from: two menu items and two mart items. */
let catalogue: Array<{ kind: 'menu' | 'mart'; id: string }>;

beforeAll(async () => {
  database = await openTestDatabase();
  redis = await openCheckedRedis(testRedisUrl(), 'producer', testLog);
  tree = await buildCampusTree(database.db, {
    restaurant: { is24x7: true },
    menuItem: { pricePaisa: 25_000 },
    martItem: { pricePaisa: 5_000, stock: 1_000_000 },
  });
  const [tea] = await database.db
    .insert(menuItems)
    .values({ id: newId(), restaurantId: tree.restaurant.id, name: 'Chai', pricePaisa: 6_050 })
    .returning();
  const [crisps] = await database.db
    .insert(martItems)
    .values({
      id: newId(),
      campusId: tree.campus.id,
      name: 'Crisps',
      pricePaisa: 9_999,
      stock: 1_000_000,
      description: '',
      category: 'Snacks',
    })
    .returning();
  catalogue = [
    { kind: 'menu', id: tree.menuItem.id },
    { kind: 'menu', id: tea?.id ?? '' },
    { kind: 'mart', id: tree.martItem.id },
    { kind: 'mart', id: crisps?.id ?? '' },
  ];
  ({ student, screenshotId: screenshot } = await buildOrderingStudent(database.db, tree));
  testApp = createTestApp({ database, redis });
});

afterAll(async () => {
  await testApp.close();
  redis.disconnect();
  await database.close();
});

/** What the api says the bucket's items are now (POST /api/bucket/prices). */
async function itemsNow(lines: readonly Pick<TCartLine, 'itemId' | 'restaurantId'>[]) {
  const response = await testApp.app.request('/api/bucket/prices', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      lines: lines.map((line) => ({ itemId: line.itemId, restaurantId: line.restaurantId })),
    }),
  });
  expect(response.status).toBe(200);
  return ((await response.json()) as TCartPricesResponse).items;
}

describe(`POST /api/bucket/prices on ${engine}`, () => {
  it('answers each item as it is now, in the bucket line shape, and leaves out gone ones', async () => {
    const gone = { itemId: 'no-such-item', restaurantId: null };
    const items = await itemsNow([
      { itemId: tree.menuItem.id, restaurantId: tree.restaurant.id },
      { itemId: tree.martItem.id, restaurantId: null },
      gone,
    ]);
    const [menu] = await database.db
      .select()
      .from(menuItems)
      .where(eq(menuItems.id, tree.menuItem.id));
    const [mart] = await database.db
      .select()
      .from(martItems)
      .where(eq(martItems.id, tree.martItem.id));
    expect(items).toEqual(
      expect.arrayContaining([
        menuItemToCartLine(
          { id: tree.menuItem.id, name: 'Tea', price: menu?.pricePaisa ?? 0 },
          {
            id: tree.restaurant.id,
            name: tree.restaurant.name,
            campusId: tree.campus.id,
            openTime: tree.restaurant.openTime,
            closeTime: tree.restaurant.closeTime,
            is24x7: true,
          },
        ),
        martItemToCartLine({
          id: tree.martItem.id,
          name: tree.martItem.name,
          price: mart?.pricePaisa ?? 0,
          campusId: tree.campus.id,
          stock: mart?.stock ?? 0,
        }),
      ]),
    );
    expect(items).toHaveLength(2);
  });

  it('refuses a request that is not a list of item references', async () => {
    for (const body of [{}, { lines: 'x' }, { lines: [{ itemId: '' }] }]) {
      const response = await testApp.app.request('/api/bucket/prices', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
      expect(response.status, JSON.stringify(body)).toBe(400);
    }
  });
});

describe(`an order at the total the student saw, on ${engine}`, () => {
  it('for any bucket and any catalogue change between filling and paying, places an order only at the total last seen', async () => {
    const bucket = fc.uniqueArray(
      fc.record({ item: fc.integer({ min: 0, max: 3 }), quantity: fc.integer({ min: 1, max: 5 }) }),
      { minLength: 1, maxLength: 4, selector: (line) => line.item },
    );
    // Per item: a new price in paisa (any amount up to Rs 2,000), or unchanged.
    const changes = fc.array(fc.option(fc.integer({ min: 0, max: 200_000 })), {
      minLength: 4,
      maxLength: 4,
    });
    await fc.assert(
      fc.asyncProperty(
        bucket,
        changes,
        fc.integer({ min: 1, max: 5 }),
        async (picked, newPrices, persons) => {
          // The student fills the bucket at the prices shown then.
          const refs = picked.map(({ item }) => {
            const entry = catalogue[item] as (typeof catalogue)[number];
            return {
              itemId: entry.id,
              restaurantId: entry.kind === 'menu' ? tree.restaurant.id : null,
            };
          });
          const shown = await itemsNow(refs);
          let cart: TCartLine[] = picked.map(({ quantity }, i) => {
            const item = shown.find((candidate) => candidate.itemId === refs[i]?.itemId);
            if (!item) throw new Error('catalogue item missing');
            return { ...item, quantity };
          });
          // An admin changes prices meanwhile.
          for (const [i, price] of newPrices.entries()) {
            const entry = catalogue[i] as (typeof catalogue)[number];
            if (price === null) continue;
            const table = entry.kind === 'menu' ? menuItems : martItems;
            await database.db
              .update(table)
              .set({ pricePaisa: price })
              .where(eq(table.id, entry.id));
          }
          const attempt = (lines: TCartLine[]) => {
            const seen = shownGrandTotal(lines, persons);
            return placeOrder(database.db, student, {
              idempotencyKey: crypto.randomUUID(),
              cartItems: lines,
              firstName: 'Prop',
              lastName: 'Buyer',
              room: '',
              phone: '0300-1234567',
              email: student.email,
              persons,
              specialInstruction: '',
              universityId: tree.university.id,
              campusId: tree.campus.id,
              accountTitle: 'Prop Buyer',
              bankName: 'HBL',
              screenshot,
              captcha: 'checked by the route',
              grandTotal: seen,
            }).then(
              (placed) => ({ placed, seen }),
              (error: unknown) => ({ error, seen }),
            );
          };
          let outcome = await attempt(cart);
          if ('error' in outcome) {
            // Refused: the 409 names the new total, and the re-priced bucket shows that total.
            const error = outcome.error as { status?: number; code?: string; userMessage?: string };
            expect(error.status).toBe(409);
            expect(error.code).toBe(PRICES_CHANGED_CODE);
            cart = repriceCart(cart, await itemsNow(cart)).cart;
            const newTotalPaisa = Math.round(shownGrandTotal(cart, persons) * 100);
            expect(error.userMessage).toMatch(/^Prices changed since you filled your bucket/);
            expect(error.userMessage).toContain(`Your new total is ${formatRs(newTotalPaisa)}.`);
            // The student confirms what they now see.
            outcome = await attempt(cart);
          }
          if (!('placed' in outcome))
            throw new Error(`confirmed order refused: ${String(outcome.error)}`);
          const [order] = await database.db
            .select({ grandTotalPaisa: orders.grandTotalPaisa })
            .from(orders)
            .where(eq(orders.id, outcome.placed.orderId));
          expect(order?.grandTotalPaisa).toBe(Math.round(outcome.seen * 100));
        },
      ),
      { numRuns: 25 },
    );
  });
});
