import {
  CART_MESSAGES,
  campusLockMessage,
  isWithinOrderLimit,
  MART_RESTAURANT_NAME,
  MAX_LINE_QUANTITY,
  orderTotals,
} from '@campus/shared/domain/cart';
import { CHECKOUT_MESSAGES, type TCheckoutForm } from '@campus/shared/domain/checkout';
import type { Round } from '@campus/shared/domain/delivery-rounds';
import type { TUserProfile } from '@campus/shared/domain/entities';
import { rupeesToPaisa } from '@campus/shared/domain/money';
import {
  formatCartItemsText,
  formatOrderTimestamp,
  type OrderTextLine,
} from '@campus/shared/domain/order';
import { findClosedRestaurantMessage } from '@campus/shared/domain/restaurant-hours';
import { sheetTabName } from '@campus/shared/domain/sheet-tab';
import type { Db } from '@campus/shared/server/db/client';
import { databaseNow } from '@campus/shared/server/db/database-now';
import { isUniqueViolation } from '@campus/shared/server/db/errors';
import { newId } from '@campus/shared/server/db/ids';
import { type InsertRow, preparedInserts, preparedRows } from '@campus/shared/server/db/prepared';
import {
  campuses,
  martItems,
  orderLines,
  orderNotes,
  orders,
  universities,
  uploads,
} from '@campus/shared/server/db/schema';
import { placedOrderJobs } from '@campus/shared/server/jobs';
import {
  insertOutboxRows,
  NEW_OUTBOX_FIELDS,
  type NewOutboxRow,
  WRITTEN_FIELDS,
  type WrittenOutboxRow,
} from '@campus/shared/server/outbox';
import { and, eq, gte, sql } from 'drizzle-orm';
import { joinRound } from '../delivery/join-round';
import {
  failedPrecondition,
  forbidden,
  invalidField,
  outOfRange,
  pricesChanged,
} from '../http/errors';
import { findBucketItems } from './bucket-items';

/** The checkout as the api received and validated it; `screenshot` is an upload id. */
export type PlaceOrderInput = TCheckoutForm & { screenshot: string; idempotencyKey: string };

/** An order line with everything taken from the database, never from the client. */
type PricedLine = OrderTextLine & {
  kind: 'menu' | 'mart';
  /** The prices (rupees) the bucket showed for this item. */
  seenPrices: number[];
  itemId: string;
  restaurantId: string | null;
  hours: { openTime: string; closeTime: string; is24x7: boolean } | null;
};

/**
 * A placed order. A new one carries what it joined and the outbox rows it wrote, for the caller to
 * enqueue and to tell the student without reading them back; a repeat of an earlier submission
 * (same idempotency key) is that order.
 */
export type PlacedOrder =
  | { orderId: string; created: false }
  | {
      orderId: string;
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

// Every checkout asks these before its transaction (DESIGN §3.1).
const orderOfKey = preparedRows('order_of_idempotency_key', { id: orders.id }, (db, fields) =>
  db
    .select(fields)
    .from(orders)
    .where(
      and(
        eq(orders.userId, sql.placeholder('userId')),
        eq(orders.idempotencyKey, sql.placeholder('idempotencyKey')),
      ),
    ),
);

const campusOfOrder = preparedRows(
  'campus_of_order',
  {
    id: campuses.id,
    universityId: campuses.universityId,
    name: campuses.name,
    universityName: universities.name,
    timeZone: campuses.timeZone,
    deliverySlots: campuses.deliverySlots,
  },
  (db, fields) =>
    db
      .select(fields)
      .from(campuses)
      .innerJoin(universities, eq(universities.id, campuses.universityId))
      .where(
        and(
          eq(campuses.id, sql.placeholder('campusId')),
          eq(campuses.universityId, sql.placeholder('universityId')),
        ),
      ),
);

const screenshotOfOrder = preparedRows(
  'screenshot_of_order',
  { url: uploads.url, sha256: uploads.sha256, perceptual: uploads.perceptual },
  (db, fields) =>
    db
      .select(fields)
      .from(uploads)
      .where(
        and(
          eq(uploads.id, sql.placeholder('uploadId')),
          eq(uploads.uploadedBy, sql.placeholder('userId')),
          eq(uploads.purpose, 'screenshot'),
        ),
      ),
);

/** The order a person already placed with this idempotency key, if any. */
export async function findOrderByIdempotencyKey(
  db: Db,
  userId: string,
  idempotencyKey: string,
): Promise<string | null> {
  const [row] = await orderOfKey(db, { userId, idempotencyKey });
  return row?.id ?? null;
}

// Inside every checkout's transaction.
const NEW_ORDER_FIELDS = [
  'id',
  'userId',
  'idempotencyKey',
  'universityId',
  'campusId',
  'universityName',
  'campusName',
  'sheetTabName',
  'firstName',
  'lastName',
  'room',
  'phone',
  'email',
  'persons',
  'accountTitle',
  'bankName',
  'specialInstruction',
  'itemTotalPaisa',
  'deliveryChargePaisa',
  'grandTotalPaisa',
  'screenshotUrl',
  'screenshotSha256',
  'screenshotPerceptual',
  'cartItemsText',
  'timestampText',
  'placedAt',
  'batchId',
] as const;

/** What checkout writes of a new order; the other columns take their defaults. */
type NewOrder = InsertRow<typeof orders, (typeof NEW_ORDER_FIELDS)[number]>;

const NEW_LINE_FIELDS = [
  'orderId',
  'position',
  'kind',
  'menuItemId',
  'martItemId',
  'restaurantId',
  'restaurantName',
  'name',
  'unitPricePaisa',
  'quantity',
  'lineTotalPaisa',
] as const;

type NewLine = InsertRow<typeof orderLines, (typeof NEW_LINE_FIELDS)[number]>;

// The order, its lines and its jobs in one statement: one round trip, not three.
const insertPlacedOrder = preparedInserts<
  { order: NewOrder; lines: NewLine; jobs: NewOutboxRow },
  typeof WRITTEN_FIELDS
>(
  'insert_placed_order',
  { order: NEW_ORDER_FIELDS, lines: NEW_LINE_FIELDS, jobs: NEW_OUTBOX_FIELDS },
  (db, rows, returning) => {
    const order = db.$with('placed_order').as(db.insert(orders).values(rows.order));
    const lines = db.$with('placed_lines').as(db.insert(orderLines).values(rows.lines));
    return insertOutboxRows(db.with(order, lines), rows.jobs, returning);
  },
  WRITTEN_FIELDS,
);

// The stock is taken only while enough is left.
const takeStock = preparedRows<
  { id: typeof martItems.id },
  { id: string; quantity: number; now: Date }
>('take_mart_stock', { id: martItems.id }, (db, returning) =>
  db
    .update(martItems)
    .set({
      stock: sql`${martItems.stock} - ${sql.placeholder('quantity')}`,
      updatedAt: sql`${sql.placeholder('now')}`,
    })
    .where(
      and(
        eq(martItems.id, sql.placeholder('id')),
        gte(martItems.stock, sql.placeholder('quantity')),
      ),
    )
    .returning(returning),
);

async function loadCampus(db: Db, universityId: string, campusId: string) {
  const [campus] = await campusOfOrder(db, { campusId, universityId });
  if (!campus) {
    throw invalidField('campusId', CHECKOUT_MESSAGES.selectUniversityAndCampus);
  }
  return campus;
}

/**
 * Prices every bucket line from the database: the item must exist at this campus; name, price,
 * restaurant and hours are the database's. Lines of the same item are merged. Inside the order's
 * transaction, so the prices charged are the ones checked.
 */
async function priceLines(
  tx: Db,
  campusId: string,
  lines: TCheckoutForm['cartItems'],
): Promise<PricedLine[]> {
  const { menu: menuById, mart: martById } = await findBucketItems(tx, lines, true);
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
      // Two lines of one item (a tampered bucket, or one kept across a rename) are one line.
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
 * 409 names each item whose price is not the one in the bucket and the new total.
 */
function refuseChangedPrices(lines: readonly PricedLine[], grandTotalPaisa: number, seen: number) {
  if (rupeesToPaisa(seen) === grandTotalPaisa) return;
  const changes = lines
    .filter((line) => line.seenPrices.some((price) => rupeesToPaisa(price) !== line.unitPricePaisa))
    .map((line) => ({ name: line.name, pricePaisa: line.unitPricePaisa }));
  throw pricesChanged(CHECKOUT_MESSAGES.pricesChanged(changes, grandTotalPaisa));
}

/** The person's payment screenshot: its address and fingerprint. */
async function findScreenshot(db: Db, uploadId: string, userId: string) {
  const [upload] = await screenshotOfOrder(db, { uploadId, userId });
  if (!upload) throw invalidField('screenshot', CHECKOUT_MESSAGES.paymentFields);
  return upload;
}

/**
 * Places an order (DESIGN §3.1-3.2): re-derives campus, prices, opening hours and stock from the
 * database, then writes the order, its lines, the stock decrements and its jobs' outbox rows in
 * one transaction. Whether its screenshot was used before is the check-screenshot job's to find
 * (flagged, never refused). The same idempotency key from the same person returns the first order.
 * It is placed at `at` when given (tests of time), else at the database's time.
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
      const lines = await priceLines(tx, campus.id, input.cartItems);
      const closed = findClosedRestaurantMessage(
        lines.map((line) => ({ restaurantName: line.restaurantName, restaurantData: line.hours })),
        now,
        campus.timeZone,
      );
      if (closed) throw failedPrecondition(closed, { field: 'cartItems' });
      const itemTotal = lines.reduce((sum, line) => sum + line.unitPricePaisa * line.quantity, 0);
      const totals = orderTotals(itemTotal, input.persons);
      // The form checked the bucket's prices; the database's may be higher.
      if (!isWithinOrderLimit(totals.grandTotal)) {
        throw outOfRange(CHECKOUT_MESSAGES.orderTooLarge, { field: 'cartItems' });
      }
      refuseChangedPrices(lines, totals.grandTotal, input.grandTotal);
      // findBucketItems locked the mart rows in id order: two buyers never deadlock.
      const martLines = lines.filter((l) => l.kind === 'mart');
      for (const line of martLines) {
        const taken = await takeStock(tx, { id: line.itemId, quantity: line.quantity, now });
        if (taken.length === 0) {
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
      const joined = await joinRound(tx, campus, now);
      const order: NewOrder = {
        id: orderId,
        userId: user.uid,
        idempotencyKey: input.idempotencyKey,
        universityId: campus.universityId,
        campusId: campus.id,
        universityName: campus.universityName,
        campusName: campus.name,
        sheetTabName: sheetTabName(campus.universityName, campus.name),
        firstName: input.firstName,
        lastName: input.lastName,
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
      if (joined?.note) await tx.insert(orderNotes).values({ orderId, at: now, text: joined.note });
      return { hasMartLines: martLines.length > 0, round: joined?.round ?? null, jobs };
    });
    return { orderId, created: true, campusId: campus.id, timeZone: campus.timeZone, ...placed };
  } catch (error) {
    // Two submits with one key raced: the other one won, and its order is this order.
    if (isUniqueViolation(error)) {
      const first = await findOrderByIdempotencyKey(db, user.uid, input.idempotencyKey);
      if (first) return { orderId: first, created: false };
    }
    throw error;
  }
}
