import { cartItemsNow } from '@campus/api/orders/cart-items';
import { placeOrder } from '@campus/api/orders/place-order';
import { type QuoteDeps, quoteCart } from '@campus/api/orders/quote-cart';
import { orderTotals } from '@campus/shared/domain/cart';
import type { TCartLine, TUserProfile } from '@campus/shared/domain/entities';
import { paisaToRupees } from '@campus/shared/domain/money';
import { QUOTE_HOLD_MINUTES, QUOTE_MESSAGES, quoteTotals } from '@campus/shared/domain/quote';
import { HOURS_MESSAGES } from '@campus/shared/domain/restaurant-hours';
import type { Database } from '@campus/shared/server/db/client';
import { databaseNow } from '@campus/shared/server/db/database-now';
import {
  martItems,
  menuItems,
  orderLines,
  orders,
  quotes,
  restaurants,
  users,
} from '@campus/shared/server/db/schema';
import { releaseExpiredQuotes } from '@campus/shared/server/quotes/release-quotes';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildCampusTree } from '../../support/builders';
import { engine } from '../../support/database';
import { testLog } from '../../support/logger';
import { type OrderServices, openOrderServices } from '../../support/order-services';
import { buildOrderingStudent, martLine, menuLine, placeOrderInput } from '../../support/orders';

// The quote held before payment (docs/decisions/025-held-quote.md): checkout's prices and mart
// stock are held for the student, the order placed with the quote charges what it showed, and no
// quote is placed twice, oversold or held past its time.

type Tree = Awaited<ReturnType<typeof buildCampusTree>>;

let services: OrderServices;
let database: Database;
let tree: Tree;

const db = () => database.db;
const deps = (): QuoteDeps => ({ db: db(), catalogue: services.catalogue, log: testLog });

function quoteOf(student: TUserProfile, cartItems: TCartLine[], campus: Tree = tree) {
  return quoteCart(deps(), student, {
    universityId: campus.university.id,
    campusId: campus.campus.id,
    cartItems,
  });
}

/** A quote that must exist, for the tests that place it. */
async function heldQuote(student: TUserProfile, cartItems: TCartLine[]) {
  const { quote } = await quoteOf(student, cartItems);
  if (!quote) throw new Error('no quote');
  return quote;
}

async function stockLeft(itemId = tree.martItem.id) {
  const [item] = await db()
    .select({ stock: martItems.stock })
    .from(martItems)
    .where(eq(martItems.id, itemId));
  return item?.stock;
}

/** Places the student's order with a quote, at the quote's total for `persons`. */
function placeWith(
  student: TUserProfile,
  screenshot: string,
  quote: { id: string; itemTotalPaisa: number },
  persons = 1,
) {
  const { grandTotal } = quoteTotals(quote, persons);
  return placeOrder(
    db(),
    student,
    placeOrderInput(tree, student, screenshot, {
      quoteId: quote.id,
      persons,
      grandTotal: paisaToRupees(grandTotal),
    }),
  );
}

beforeAll(async () => {
  services = await openOrderServices();
  database = services.database;
});

beforeEach(async () => {
  // A campus of its own per test: its mart stock and quotes start afresh.
  tree = await buildCampusTree(db(), { martItem: { stock: 5 } });
});

afterAll(async () => {
  await services?.close();
});

describe(`the quote held before payment, on ${engine}`, () => {
  it('prices the cart, holds its mart stock for the stated time, and the order charges what it showed', async () => {
    const { student, screenshotId } = await buildOrderingStudent(db(), tree);
    const before = await databaseNow(db());
    const answer = await quoteOf(student, [menuLine(tree, 2), martLine(tree, 2)]);
    expect(answer.changes).toEqual([]);
    const quote = answer.quote;
    if (!quote) throw new Error('no quote');
    const itemTotal = 2 * tree.menuItem.pricePaisa + 2 * tree.martItem.pricePaisa;
    expect(quote).toMatchObject({
      campusId: tree.campus.id,
      itemTotalPaisa: itemTotal,
      deliveryChargePaisa: orderTotals(itemTotal, 1).deliveryCharge,
    });
    const heldFor = new Date(quote.expiresAt).getTime() - before.getTime();
    expect(heldFor).toBeGreaterThan((QUOTE_HOLD_MINUTES - 1) * 60_000);
    expect(heldFor).toBeLessThanOrEqual(QUOTE_HOLD_MINUTES * 60_000 + 5_000);
    expect(await stockLeft()).toBe(3);

    // The menu changes after the quote: the order keeps the quote's prices.
    await db()
      .update(menuItems)
      .set({ pricePaisa: tree.menuItem.pricePaisa + 5_000 })
      .where(eq(menuItems.id, tree.menuItem.id));
    const placed = await placeWith(student, screenshotId, quote, 3);
    if (!placed.created) throw new Error('not placed');
    const [order] = await db()
      .select({ grandTotalPaisa: orders.grandTotalPaisa, itemTotalPaisa: orders.itemTotalPaisa })
      .from(orders)
      .where(eq(orders.id, placed.orderId));
    expect(order).toEqual({
      itemTotalPaisa: itemTotal,
      grandTotalPaisa: orderTotals(itemTotal, 3).grandTotal,
    });
    const lines = await db()
      .select({ name: orderLines.name, unit: orderLines.unitPricePaisa, qty: orderLines.quantity })
      .from(orderLines)
      .where(eq(orderLines.orderId, placed.orderId))
      .orderBy(orderLines.position);
    expect(lines).toEqual([
      { name: tree.menuItem.name, unit: tree.menuItem.pricePaisa, qty: 2 },
      { name: tree.martItem.name, unit: tree.martItem.pricePaisa, qty: 2 },
    ]);
    // The quote's stock is the order's: not taken a second time.
    expect(await stockLeft()).toBe(3);
    const [used] = await db().select().from(quotes).where(eq(quotes.id, quote.id));
    expect(used).toMatchObject({ orderId: placed.orderId, releasedAt: null });
  });

  it('tells line by line what changed since the cart: price, fewer, sold out, closed, gone', async () => {
    const { student } = await buildOrderingStudent(db(), tree);
    const [second] = await db()
      .insert(martItems)
      .values({
        id: `m-${tree.campus.id}`,
        campusId: tree.campus.id,
        name: 'Chips',
        pricePaisa: 5_000,
        stock: 0,
      })
      .returning();
    const [gone] = await db()
      .insert(menuItems)
      .values({
        id: `g-${tree.campus.id}`,
        restaurantId: tree.restaurant.id,
        name: 'Samosa',
        pricePaisa: 3_000,
      })
      .returning();
    if (!second || !gone) throw new Error('not inserted');
    const cart = [
      { ...menuLine(tree, 1), price: paisaToRupees(tree.menuItem.pricePaisa - 1_000) },
      martLine(tree, 7),
      martLine(tree, 1, second),
      { ...menuLine(tree, 1), itemId: gone.id, name: gone.name, price: 30 },
    ];
    await db().delete(menuItems).where(eq(menuItems.id, gone.id));
    const { quote, changes } = await quoteOf(student, cart);
    expect(changes).toEqual([
      {
        kind: 'price',
        name: tree.menuItem.name,
        message: QUOTE_MESSAGES.price(
          tree.menuItem.name,
          tree.menuItem.pricePaisa - 1_000,
          tree.menuItem.pricePaisa,
        ),
      },
      {
        kind: 'fewer',
        name: tree.martItem.name,
        message: QUOTE_MESSAGES.fewer(tree.martItem.name, 5),
      },
      { kind: 'soldOut', name: 'Chips', message: QUOTE_MESSAGES.soldOut('Chips') },
      { kind: 'removed', name: 'Samosa', message: QUOTE_MESSAGES.removed('Samosa') },
    ]);
    expect(quote?.lines.map((line) => [line.name, line.quantity, line.unitPricePaisa])).toEqual([
      [tree.menuItem.name, 1, tree.menuItem.pricePaisa],
      [tree.martItem.name, 5, tree.martItem.pricePaisa],
    ]);
    expect(quote?.itemTotalPaisa).toBe(tree.menuItem.pricePaisa + 5 * tree.martItem.pricePaisa);

    // A closed restaurant's lines are taken out; a cart of nothing orderable has no quote.
    await db()
      .update(restaurants)
      .set({ is24x7: false, openTime: '3:00 AM', closeTime: '3:01 AM' })
      .where(eq(restaurants.id, tree.restaurant.id));
    const closed = await quoteOf(student, [menuLine(tree, 1)]);
    expect(closed).toEqual({
      ok: true,
      quote: null,
      changes: [
        {
          kind: 'closed',
          name: tree.menuItem.name,
          message: QUOTE_MESSAGES.closed(tree.menuItem.name, tree.restaurant.name),
        },
      ],
    });
    // The quote before it was given up: its five are back.
    expect(await stockLeft()).toBe(5);
  });

  it('holds one live quote per student: a new one gives the old one back', async () => {
    const { student, screenshotId } = await buildOrderingStudent(db(), tree);
    const first = await heldQuote(student, [martLine(tree, 3)]);
    expect(await stockLeft()).toBe(2);
    // The student's own bucket counts what their quote holds; another's does not.
    const [mine] = await cartItemsNow(db(), [martLine(tree, 3)], student.uid);
    const [theirs] = await cartItemsNow(db(), [martLine(tree, 3)], null);
    expect([mine?.stock, theirs?.stock]).toEqual([5, 2]);

    const second = await heldQuote(student, [martLine(tree, 4)]);
    expect(await stockLeft()).toBe(1);
    const live = await db()
      .select({ id: quotes.id })
      .from(quotes)
      .where(
        sql`${quotes.userId} = ${student.uid} and ${quotes.orderId} is null and ${quotes.releasedAt} is null`,
      );
    expect(live).toEqual([{ id: second.id }]);
    await expect(placeWith(student, screenshotId, first)).rejects.toMatchObject({
      status: 409,
      userMessage: QUOTE_MESSAGES.replaced,
    });
    expect(await stockLeft()).toBe(1);
  });

  it('refuses a quote that ran out, is another student’s, is used, or is not the total on the screen', async () => {
    const { student, screenshotId } = await buildOrderingStudent(db(), tree);
    const other = await buildOrderingStudent(db(), tree);
    const quote = await heldQuote(student, [menuLine(tree, 1), martLine(tree, 1)]);

    await expect(placeWith(other.student, other.screenshotId, quote)).rejects.toMatchObject({
      status: 403,
      userMessage: QUOTE_MESSAGES.notYours,
    });
    await expect(
      placeOrder(
        db(),
        student,
        placeOrderInput(tree, student, screenshotId, { quoteId: quote.id, grandTotal: 1 }),
      ),
    ).rejects.toMatchObject({
      status: 409,
      userMessage: QUOTE_MESSAGES.totalDiffers(quoteTotals(quote, 1).grandTotal),
    });

    const placed = await placeWith(student, screenshotId, quote);
    const [order] = await db()
      .select({ paymentReference: orders.paymentReference })
      .from(orders)
      .where(eq(orders.id, placed.orderId));
    await expect(placeWith(student, screenshotId, quote)).rejects.toMatchObject({
      status: 409,
      userMessage: QUOTE_MESSAGES.used(order?.paymentReference ?? ''),
    });

    // Past its time, until the upkeep gives its stock back and after.
    const late = await heldQuote(student, [martLine(tree, 2)]);
    expect(await stockLeft()).toBe(2);
    const expiresAt = new Date((await databaseNow(db())).getTime() - 1_000);
    await db().update(quotes).set({ expiresAt }).where(eq(quotes.id, late.id));
    const expired = QUOTE_MESSAGES.expired(expiresAt, tree.campus.timeZone);
    await expect(placeWith(student, screenshotId, late)).rejects.toMatchObject({
      userMessage: expired,
    });
    expect(await releaseExpiredQuotes(db(), await databaseNow(db()))).toEqual([tree.campus.id]);
    expect(await stockLeft()).toBe(4);
    expect(await releaseExpiredQuotes(db(), await databaseNow(db()))).toEqual([]);
    await expect(placeWith(student, screenshotId, late)).rejects.toMatchObject({
      userMessage: expired,
    });
    expect(await stockLeft()).toBe(4);
  });

  it('refuses a quote whose restaurant closed since: a quote holds prices and stock, not hours', async () => {
    const { student, screenshotId } = await buildOrderingStudent(db(), tree);
    const quote = await heldQuote(student, [menuLine(tree, 1)]);
    await db()
      .update(restaurants)
      .set({ is24x7: false, openTime: '3:00 AM', closeTime: '3:01 AM' })
      .where(eq(restaurants.id, tree.restaurant.id));
    await expect(placeWith(student, screenshotId, quote)).rejects.toMatchObject({
      status: 409,
      userMessage: HOURS_MESSAGES.closedAtCheckout(tree.restaurant.name, '3:00 AM'),
    });
  });

  it('keeps one live quote when a student asks for two at once, and refuses one whose item went', async () => {
    const { student, screenshotId } = await buildOrderingStudent(db(), tree);
    const answers = await Promise.all([
      quoteOf(student, [martLine(tree, 2)]),
      quoteOf(student, [martLine(tree, 3)]),
    ]);
    expect(answers.every((answer) => answer.quote !== null)).toBe(true);
    const live = await db()
      .select({ id: quotes.id })
      .from(quotes)
      .where(
        sql`${quotes.userId} = ${student.uid} and ${quotes.orderId} is null and ${quotes.releasedAt} is null`,
      );
    expect(live).toHaveLength(1);
    // Only the live one's units are out of the mart.
    const held = answers.find((answer) => answer.quote?.id === live[0]?.id)?.quote;
    expect(await stockLeft()).toBe(5 - (held?.lines[0]?.quantity ?? 0));

    const [extra] = await db()
      .insert(martItems)
      .values({
        id: `x-${tree.campus.id}`,
        campusId: tree.campus.id,
        name: 'Juice',
        pricePaisa: 9_000,
        stock: 3,
      })
      .returning();
    if (!extra) throw new Error('not inserted');
    const quote = await heldQuote(student, [menuLine(tree, 1), martLine(tree, 1, extra)]);
    await db().delete(martItems).where(eq(martItems.id, extra.id));
    await expect(placeWith(student, screenshotId, quote)).rejects.toMatchObject({
      status: 409,
      userMessage: QUOTE_MESSAGES.removed('Juice'),
    });
  });

  it("gives back a deleted account's held stock once its quote runs out", async () => {
    const { student } = await buildOrderingStudent(db(), tree);
    const quote = await heldQuote(student, [martLine(tree, 2)]);
    expect(await stockLeft()).toBe(3);
    await db().delete(users).where(eq(users.id, student.uid));
    await db()
      .update(quotes)
      .set({ expiresAt: sql`${quotes.expiresAt} - interval '1 day'` })
      .where(eq(quotes.id, quote.id));
    await releaseExpiredQuotes(db(), await databaseNow(db()));
    expect(await stockLeft()).toBe(5);
  });

  it('refuses a quote of another campus', async () => {
    const elsewhere = await buildCampusTree(db());
    const { student, screenshotId } = await buildOrderingStudent(db(), tree);
    // A person without a campus of their own may order from any (the campus lock is theirs).
    const visitor = { ...student, universityId: null, campusId: null };
    const quote = await heldQuote(visitor, [martLine(tree, 1)]);
    const input = placeOrderInput(elsewhere, visitor, screenshotId, {
      cartItems: [martLine(elsewhere, 1)],
      quoteId: quote.id,
      grandTotal: paisaToRupees(quoteTotals(quote, 1).grandTotal),
    });
    await expect(placeOrder(db(), visitor, input)).rejects.toMatchObject({
      userMessage: QUOTE_MESSAGES.otherCampus,
    });
  });

  it('places one order from one quote placed twice at once', async () => {
    const { student, screenshotId } = await buildOrderingStudent(db(), tree);
    const quote = await heldQuote(student, [martLine(tree, 2)]);
    const results = await Promise.allSettled([
      placeWith(student, screenshotId, quote),
      placeWith(student, screenshotId, quote),
    ]);
    const placed = results.filter((result) => result.status === 'fulfilled');
    const refused = results.filter((result) => result.status === 'rejected');
    expect(placed).toHaveLength(1);
    expect(refused).toHaveLength(1);
    expect(String((refused[0] as PromiseRejectedResult).reason.userMessage)).toMatch(
      /already placed order/,
    );
    const [{ count } = { count: -1 }] = await db()
      .select({ count: sql<number>`count(*)::int` })
      .from(orders)
      .where(eq(orders.campusId, tree.campus.id));
    expect(count).toBe(1);
    expect(await stockLeft()).toBe(3);
  });

  it('never oversells: quotes made at once hold at most the stock there is', async () => {
    const students = await Promise.all(
      Array.from({ length: 8 }, () => buildOrderingStudent(db(), tree)),
    );
    const answers = await Promise.all(
      students.map(({ student }) => quoteOf(student, [martLine(tree, 1)])),
    );
    const holding = answers.filter((answer) => answer.quote !== null);
    const soldOut = answers.filter((answer) => answer.changes.some((c) => c.kind === 'soldOut'));
    expect(holding).toHaveLength(5);
    expect(soldOut).toHaveLength(3);
    expect(await stockLeft()).toBe(0);
    // Their time passes: every unit comes back.
    await db()
      .update(quotes)
      .set({ expiresAt: sql`${quotes.expiresAt} - interval '1 day'` })
      .where(eq(quotes.campusId, tree.campus.id));
    await releaseExpiredQuotes(db(), await databaseNow(db()));
    expect(await stockLeft()).toBe(5);
  });
});
