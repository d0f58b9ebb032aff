import {
  campusLockMessage,
  isWithinOrderLimit,
  orderTotals,
  restaurantIdsOf,
} from '@campus/shared/domain/cart';
import { CHECKOUT_MESSAGES, type TCheckoutForm } from '@campus/shared/domain/checkout';
import type { Round } from '@campus/shared/domain/delivery-rounds';
import type { TUserProfile } from '@campus/shared/domain/entities';
import { rupeesToPaisa } from '@campus/shared/domain/money';
import { formatCartItemsText, formatOrderTimestamp } from '@campus/shared/domain/order';
import { QUOTE_MESSAGES, quoteTotals } from '@campus/shared/domain/quote';
import { findClosedRestaurantMessage } from '@campus/shared/domain/restaurant-hours';
import { sheetTabName } from '@campus/shared/domain/sheet-tab';
import type { Db } from '@campus/shared/server/db/client';
import { databaseNow } from '@campus/shared/server/db/database-now';
import { isUniqueViolation } from '@campus/shared/server/db/errors';
import { newId } from '@campus/shared/server/db/ids';
import {
  martItems,
  orderNotes,
  orders,
  quoteLines,
  quotes,
  restaurants,
} from '@campus/shared/server/db/schema';
import { joinRound } from '@campus/shared/server/delivery/join-round';
import { placedOrderJobs } from '@campus/shared/server/jobs';
import type { WrittenOutboxRow } from '@campus/shared/server/outbox';
import { asc, eq, inArray } from 'drizzle-orm';
import { chosenPlace } from '../delivery/delivery-places';
import { failedPrecondition, forbidden, outOfRange } from '../http/errors';
import {
  findOrderByIdempotencyKey,
  findScreenshot,
  insertPlacedOrder,
  loadCampus,
  type NewOrder,
  takeStock,
} from './checkout-statements';
import { claimPaymentReference, markPaymentReferenceTaken } from './payment-reference';
import { type PricedLine, priceLines, refuseChangedPrices } from './price-lines';

/** The checkout as the api received and validated it; `screenshot` is an upload id. */
export type PlaceOrderInput = TCheckoutForm & { screenshot: string; idempotencyKey: string };

/**
 * A placed order. A new one carries what it joined and the outbox rows it wrote, for the caller to
 * enqueue and to tell the student without reading them back; a repeat of an earlier submission
 * (same idempotency key) is that order.
 */
export type PlacedOrder =
  | { orderId: string; paymentReference: string; created: false }
  | {
      orderId: string;
      paymentReference: string;
      created: true;
      campusId: string;
      hasMartLines: boolean;
      round: Round | null;
      timeZone: string;
      jobs: WrittenOutboxRow[];
    };

/**
 * The value of a lookup that ran beside others (Promise.allSettled), or its error thrown: the
 * lookups take the time of one round trip, and their refusals still come in the order checked.
 */
export function settledValue<T>(result: PromiseSettledResult<T>): T {
  if (result.status === 'rejected') throw result.reason;
  return result.value;
}

/**
 * The order's lines and totals as the database prices them at `now`, refused when a restaurant is
 * closed, the order is over the limit or the total is not the one the student saw.
 */
async function checkedLines(
  tx: Db,
  campus: { id: string; timeZone: string },
  input: PlaceOrderInput,
  now: Date,
) {
  const lines = await priceLines(tx, campus.id, input.cartItems);
  const closed = findClosedRestaurantMessage(
    lines.map((line) => ({ restaurantName: line.restaurantName, restaurantData: line.hours })),
    now,
    campus.timeZone,
  );
  if (closed) throw failedPrecondition(closed, { field: 'cartItems' });
  const itemTotal = lines.reduce((sum, line) => sum + line.unitPricePaisa * line.quantity, 0);
  const totals = orderTotals(itemTotal, input.persons);
  // The form checked the cart's prices; the database's may be higher.
  if (!isWithinOrderLimit(totals.grandTotal)) {
    throw outOfRange(CHECKOUT_MESSAGES.orderTooLarge, { field: 'cartItems' });
  }
  refuseChangedPrices(lines, totals.grandTotal, input.grandTotal);
  return { lines, totals };
}

/**
 * The order's lines and totals as its quote held them (docs/decisions/025-held-quote.md), the
 * quote locked until the order takes it: refused when it is not the person's, is for another
 * campus, was used, replaced or ran out, when a restaurant of it closed since, or when the total
 * on the screen is not its total.
 */
async function heldLines(
  tx: Db,
  user: TUserProfile,
  campus: { id: string; timeZone: string },
  input: PlaceOrderInput & { quoteId: string },
  now: Date,
) {
  const refuse = (message: string) => failedPrecondition(message, { field: 'quoteId' });
  const [quote] = await tx.select().from(quotes).where(eq(quotes.id, input.quoteId)).for('update');
  if (!quote) throw refuse(QUOTE_MESSAGES.unknown);
  if (quote.userId !== user.uid) throw forbidden(QUOTE_MESSAGES.notYours, { field: 'quoteId' });
  if (quote.campusId !== campus.id) throw refuse(QUOTE_MESSAGES.otherCampus);
  if (quote.orderId) {
    const [used] = await tx
      .select({ paymentReference: orders.paymentReference })
      .from(orders)
      .where(eq(orders.id, quote.orderId));
    // No field: a fresh quote would only hold stock again for an order already placed.
    throw failedPrecondition(QUOTE_MESSAGES.used(used?.paymentReference ?? quote.orderId));
  }
  if (quote.releasedAt && quote.releasedAt < quote.expiresAt) throw refuse(QUOTE_MESSAGES.replaced);
  if (quote.releasedAt || quote.expiresAt <= now) {
    throw refuse(QUOTE_MESSAGES.expired(quote.expiresAt, campus.timeZone));
  }
  const rows = await tx
    .select()
    .from(quoteLines)
    .where(eq(quoteLines.quoteId, quote.id))
    .orderBy(asc(quoteLines.position));
  // An item deleted since the quote: its line has nothing to point at any more.
  const gone = rows.find((row) => (row.kind === 'mart' ? row.martItemId : row.menuItemId) === null);
  if (gone) throw refuse(QUOTE_MESSAGES.removed(gone.name));
  const lines: PricedLine[] = rows.map((row) => ({
    kind: row.kind,
    itemId: (row.kind === 'mart' ? row.martItemId : row.menuItemId) ?? '',
    restaurantId: row.restaurantId,
    restaurantName: row.restaurantName,
    name: row.name,
    unitPricePaisa: row.unitPricePaisa,
    quantity: row.quantity,
    seenPrices: [],
    hours: null,
  }));
  // The quote holds prices and stock, not opening hours: a restaurant that closed since is closed.
  const restaurantIds = restaurantIdsOf(lines);
  const hours = restaurantIds.length
    ? await tx
        .select({
          restaurantName: restaurants.name,
          openTime: restaurants.openTime,
          closeTime: restaurants.closeTime,
          is24x7: restaurants.is24x7,
        })
        .from(restaurants)
        .where(inArray(restaurants.id, restaurantIds))
    : [];
  const closed = findClosedRestaurantMessage(
    hours.map(({ restaurantName, ...restaurantData }) => ({ restaurantName, restaurantData })),
    now,
    campus.timeZone,
  );
  if (closed) throw failedPrecondition(closed, { field: 'cartItems' });
  const totals = quoteTotals(quote, input.persons);
  if (!isWithinOrderLimit(totals.grandTotal)) {
    throw outOfRange(CHECKOUT_MESSAGES.orderTooLarge, { field: 'cartItems' });
  }
  if (rupeesToPaisa(input.grandTotal) !== totals.grandTotal) {
    throw refuse(QUOTE_MESSAGES.totalDiffers(totals.grandTotal));
  }
  return { lines, totals };
}

/** Takes the mart lines' stock, refusing the order with what is left when one has too little. */
async function takeMartStock(tx: Db, martLines: readonly PricedLine[], now: Date) {
  // findCartItems locked the mart rows in id order: two buyers never deadlock.
  for (const line of martLines) {
    const taken = await takeStock(tx, { id: line.itemId, quantity: line.quantity, now });
    if (taken.length > 0) continue;
    const [item] = await tx
      .select({ stock: martItems.stock })
      .from(martItems)
      .where(eq(martItems.id, line.itemId));
    throw failedPrecondition(
      CHECKOUT_MESSAGES.outOfStock(line.name, Math.max(0, item?.stock ?? 0)),
      { field: 'cartItems' },
    );
  }
}

/**
 * Places an order (docs/architecture.md §3.1-3.2): re-derives campus, prices, opening hours and
 * stock from the database, then writes the order, its lines, the stock decrements and its jobs'
 * outbox rows in one transaction. Whether its screenshot was used before is the check-screenshot
 * job's to find (flagged, never refused). The same idempotency key from the same person returns the
 * first order. It is placed at `at` when given (tests of time), else at the database's time.
 */
export async function placeOrder(
  db: Db,
  user: TUserProfile,
  input: PlaceOrderInput,
  at?: Date,
): Promise<PlacedOrder> {
  const [campusLookup, screenshotLookup] = await Promise.allSettled([
    loadCampus(db, input.universityId, input.campusId),
    findScreenshot(db, input.screenshot, user.uid),
  ]);
  const campus = settledValue(campusLookup);
  const lockMessage = campusLockMessage(user.campusId, campus.id);
  if (lockMessage) throw forbidden(lockMessage, { field: 'cartItems' });
  const screenshot = settledValue(screenshotLookup);
  const orderId = newId();
  try {
    const placed = await db.transaction(async (tx) => {
      // The database's clock, never this replica's (shared/src/server/db/database-now.ts).
      const now = at ?? (await databaseNow(tx));
      const place = await chosenPlace(tx, campus.id, input.placeId);
      const { quoteId } = input;
      const { lines, totals } = quoteId
        ? await heldLines(tx, user, campus, { ...input, quoteId }, now)
        : await checkedLines(tx, campus, input, now);
      const martLines = lines.filter((l) => l.kind === 'mart');
      // A quote's stock was taken when it was made.
      if (!quoteId) await takeMartStock(tx, martLines, now);
      const joined = await joinRound(tx, campus, now, restaurantIdsOf(lines));
      const paymentReference = await claimPaymentReference(tx, user.uid, campus.id);
      const order: NewOrder = {
        id: orderId,
        userId: user.uid,
        idempotencyKey: input.idempotencyKey,
        paymentReference,
        universityId: campus.universityId,
        campusId: campus.id,
        universityName: campus.universityName,
        campusName: campus.name,
        sheetTabName: sheetTabName(campus.universityName, campus.name),
        firstName: input.firstName,
        lastName: input.lastName,
        placeId: place?.id ?? null,
        placeName: place?.name ?? '',
        room: input.room,
        phone: input.phone,
        email: input.email,
        persons: input.persons,
        accountTitle: input.accountTitle,
        bankName: input.bankName,
        specialInstruction: input.specialInstruction,
        itemTotalPaisa: totals.itemTotal,
        deliveryChargePaisa: totals.deliveryCharge,
        grandTotalPaisa: totals.grandTotal,
        screenshotUrl: screenshot.url,
        screenshotSha256: screenshot.sha256,
        screenshotPerceptual: screenshot.perceptual,
        cartItemsText: formatCartItemsText(lines),
        timestampText: formatOrderTimestamp(now, campus.timeZone),
        placedAt: now,
        batchId: joined?.batchId ?? null,
      };
      const jobs = await insertPlacedOrder(tx, {
        order: [order],
        lines: lines.map((line, position) => ({
          orderId,
          position,
          kind: line.kind,
          menuItemId: line.kind === 'menu' ? line.itemId : null,
          martItemId: line.kind === 'mart' ? line.itemId : null,
          restaurantId: line.restaurantId,
          restaurantName: line.restaurantName,
          name: line.name,
          unitPricePaisa: line.unitPricePaisa,
          quantity: line.quantity,
          lineTotalPaisa: line.unitPricePaisa * line.quantity,
        })),
        jobs: placedOrderJobs(orderId, joined?.batchId ?? null),
      });
      await markPaymentReferenceTaken(tx, { campusId: campus.id, code: paymentReference, orderId });
      if (quoteId) await tx.update(quotes).set({ orderId }).where(eq(quotes.id, quoteId));
      if (joined?.note) await tx.insert(orderNotes).values({ orderId, at: now, text: joined.note });
      const round = joined?.round ?? null;
      return { hasMartLines: martLines.length > 0, round, jobs, paymentReference };
    });
    return { orderId, created: true, campusId: campus.id, timeZone: campus.timeZone, ...placed };
  } catch (error) {
    // Two submits with one key raced: the other one won, and its order is this order.
    if (isUniqueViolation(error)) {
      const first = await findOrderByIdempotencyKey(db, user.uid, input.idempotencyKey);
      if (first)
        return { orderId: first.id, paymentReference: first.paymentReference, created: false };
    }
    throw error;
  }
}
