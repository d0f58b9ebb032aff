import { placeOrder } from '@campus/api/orders/place-order';
import { quoteCart } from '@campus/api/orders/quote-cart';
import type { TCartLine } from '@campus/shared/domain/entities';
import { formatRs, paisaToRupees } from '@campus/shared/domain/money';
import { orderSheetRow } from '@campus/shared/domain/order-sheet-row';
import { quoteTotals } from '@campus/shared/domain/quote';
import type { Database } from '@campus/shared/server/db/client';
import { newId } from '@campus/shared/server/db/ids';
import { martItems, menuItems, orderLines, orders } from '@campus/shared/server/db/schema';
import { orderConfirmationMail } from '@campus/worker/jobs/notify-order';
import { eq } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_PUBLIC_URL } from '../../support/app';
import { buildCampusTree } from '../../support/builders';
import { engine } from '../../support/database';
import { testLog } from '../../support/logger';
import { type OrderServices, openOrderServices } from '../../support/order-services';
import { buildOrderingStudent, placeOrderInput } from '../../support/orders';

// Money is exact (decision 025): for random carts, some of whose prices change between the bucket
// and the quote, the quote's amounts are the order's, the sheet row's and the mail's, all in whole
// paisa from the quote to the sheet.

let services: OrderServices;
let database: Database;

const db = () => database.db;

beforeAll(async () => {
  services = await openOrderServices();
  ({ database } = services);
});

afterAll(async () => {
  await services?.close();
});

/** An item of the cart: its price in the bucket, and the one the database has by checkout. */
const item = fc.record({
  kind: fc.constantFrom('menu', 'mart'),
  seenPaisa: fc.integer({ min: 1, max: 500_000 }),
  changed: fc.option(fc.integer({ min: 1, max: 500_000 }), { nil: null }),
  quantity: fc.integer({ min: 1, max: 9 }),
});

describe(`amounts from the quote to the sheet, on ${engine}`, () => {
  it('quote = order = sheet row = mail, in whole paisa', async () => {
    const tree = await buildCampusTree(db());
    const { student, screenshotId } = await buildOrderingStudent(db(), tree);
    await fc.assert(
      fc.asyncProperty(
        fc.array(item, { minLength: 1, maxLength: 5 }),
        fc.integer({ min: 1, max: 10 }),
        async (items, persons) => {
          const cart: TCartLine[] = [];
          for (const [index, drawn] of items.entries()) {
            const id = newId();
            const name = `Item ${index} ${id.slice(0, 6)}`;
            const pricePaisa = drawn.changed ?? drawn.seenPaisa;
            if (drawn.kind === 'menu') {
              await db()
                .insert(menuItems)
                .values({ id, restaurantId: tree.restaurant.id, name, pricePaisa });
            } else {
              await db()
                .insert(martItems)
                .values({ id, campusId: tree.campus.id, name, pricePaisa, stock: 50 });
            }
            cart.push({
              name,
              price: paisaToRupees(drawn.seenPaisa),
              quantity: drawn.quantity,
              restaurantName: drawn.kind === 'menu' ? tree.restaurant.name : 'Mart',
              campusId: tree.campus.id,
              itemId: id,
              restaurantId: drawn.kind === 'menu' ? tree.restaurant.id : null,
            });
          }
          const { quote, changes } = await quoteCart(
            { db: db(), catalogue: services.catalogue, log: testLog },
            student,
            { universityId: tree.university.id, campusId: tree.campus.id, cartItems: cart },
          );
          if (!quote) throw new Error('no quote');
          const changedCount = items.filter(
            (drawn) => drawn.changed !== null && drawn.changed !== drawn.seenPaisa,
          ).length;
          expect(changes).toHaveLength(changedCount);
          const expectedItems = items.reduce(
            (sum, drawn) => sum + (drawn.changed ?? drawn.seenPaisa) * drawn.quantity,
            0,
          );
          expect(quote.itemTotalPaisa).toBe(expectedItems);
          const totals = quoteTotals(quote, persons);
          for (const amount of Object.values(totals)) expect(Number.isInteger(amount)).toBe(true);

          const placed = await placeOrder(
            db(),
            student,
            placeOrderInput(tree, student, screenshotId, {
              cartItems: cart,
              persons,
              quoteId: quote.id,
              grandTotal: paisaToRupees(totals.grandTotal),
            }),
          );
          const [order] = await db().select().from(orders).where(eq(orders.id, placed.orderId));
          if (!order) throw new Error('no order');
          expect([order.itemTotalPaisa, order.deliveryChargePaisa, order.grandTotalPaisa]).toEqual([
            totals.itemTotal,
            totals.deliveryCharge,
            totals.grandTotal,
          ]);
          const lines = await db()
            .select({ total: orderLines.lineTotalPaisa })
            .from(orderLines)
            .where(eq(orderLines.orderId, order.id));
          expect(lines.reduce((sum, line) => sum + line.total, 0)).toBe(totals.itemTotal);

          // The sheet's Delivery Charge, Item Total and Grand Total, in rupees.
          const row = orderSheetRow(order, TEST_PUBLIC_URL);
          expect(row.slice(8, 11)).toEqual([
            paisaToRupees(totals.deliveryCharge),
            paisaToRupees(totals.itemTotal),
            paisaToRupees(totals.grandTotal),
          ]);
          const mail = orderConfirmationMail(
            { ...order, round: null, timeZone: tree.campus.timeZone },
            TEST_PUBLIC_URL,
          );
          expect(mail.text).toContain(`Item total: ${formatRs(totals.itemTotal)}`);
          expect(mail.text).toContain(`Grand total: ${formatRs(totals.grandTotal)}`);
        },
      ),
      { numRuns: 20 },
    );
  });
});
