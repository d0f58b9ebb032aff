import { CHECKOUT_MESSAGES } from '@campus/shared/domain/checkout';
import type { Db } from '@campus/shared/server/db/client';
import { type InsertRow, preparedInserts, preparedRows } from '@campus/shared/server/db/prepared';
import {
  campuses,
  martItems,
  orderLines,
  orders,
  universities,
  uploads,
} from '@campus/shared/server/db/schema';
import {
  insertOutboxRows,
  NEW_OUTBOX_FIELDS,
  type NewOutboxRow,
  WRITTEN_FIELDS,
} from '@campus/shared/server/outbox';
import { and, eq, gte, sql } from 'drizzle-orm';
import { invalidField } from '../http/errors';

// The statements of placing an order, prepared once (decision 020): the lookups before its
// transaction and the writes inside it.

// Every checkout asks these before its transaction (DESIGN §3.1).
const orderOfKey = preparedRows(
  'order_of_idempotency_key',
  { id: orders.id, paymentReference: orders.paymentReference },
  (db, fields) =>
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
): Promise<{ id: string; paymentReference: string } | null> {
  const [row] = await orderOfKey(db, { userId, idempotencyKey });
  return row ?? null;
}

// Inside every checkout's transaction.
const NEW_ORDER_FIELDS = [
  'id',
  'userId',
  'idempotencyKey',
  'paymentReference',
  'universityId',
  'campusId',
  'universityName',
  'campusName',
  'sheetTabName',
  'firstName',
  'lastName',
  'placeId',
  'placeName',
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
export type NewOrder = InsertRow<typeof orders, (typeof NEW_ORDER_FIELDS)[number]>;

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
export const insertPlacedOrder = preparedInserts<
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
export const takeStock = preparedRows<
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

/** The campus an order is placed at, with its university; a form field error when none. */
export async function loadCampus(db: Db, universityId: string, campusId: string) {
  const [campus] = await campusOfOrder(db, { campusId, universityId });
  if (!campus) {
    throw invalidField('campusId', CHECKOUT_MESSAGES.selectUniversityAndCampus);
  }
  return campus;
}

/** The person's payment screenshot: its address and fingerprint. */
export async function findScreenshot(db: Db, uploadId: string, userId: string) {
  const [upload] = await screenshotOfOrder(db, { uploadId, userId });
  if (!upload) throw invalidField('screenshot', CHECKOUT_MESSAGES.paymentFields);
  return upload;
}
