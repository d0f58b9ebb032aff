import type { TPayTo } from '@campus/shared/domain/checkout';
import type { TUserProfile } from '@campus/shared/domain/entities';
import {
  ORDERS_PAGE_SIZE,
  type TEarlierOrder,
  type TOrderQueueQuery,
  type TOrderQueueResponse,
  type TOrdersResponse,
  type TQueuedOrder,
} from '@campus/shared/domain/order-api';
import { screenshotCheckOf } from '@campus/shared/domain/order-status';
import { evidenceOf, type TEvidenceFilter } from '@campus/shared/domain/payment-evidence';
import { normalisePaymentReference } from '@campus/shared/domain/payment-reference';
import type { Db } from '@campus/shared/server/db/client';
import {
  campuses,
  deliveryBatches,
  orders,
  orderTransitions,
} from '@campus/shared/server/db/schema';
import { orderBatch, orderCampus } from '@campus/shared/server/delivery/order-round';
import { receiptChecks } from '@campus/shared/server/screenshots/receipt-checks';
import { and, asc, desc, eq, ilike, inArray, or, type SQL, sql } from 'drizzle-orm';
import { listScope } from '../admin/scope';
import { statementChecks } from '../statements/statement-checks';
import { orderSummaryColumns, toOrderSummary } from './get-order';

/**
 * One page of orders matching `where`, in `order`; one row more tells whether another page follows.
 */
async function pageOf(db: Db, where: SQL | undefined, order: SQL[], page: number) {
  const rows = await rowsOf(db, where, order, ORDERS_PAGE_SIZE + 1, (page - 1) * ORDERS_PAGE_SIZE);
  return { rows: rows.slice(0, ORDERS_PAGE_SIZE), page, hasMore: rows.length > ORDERS_PAGE_SIZE };
}

/** The orders matching `where`, in `order`, as the lists show them. */
function rowsOf(db: Db, where: SQL | undefined, order: SQL[], limit: number, offset: number) {
  return db
    .select({
      ...orderSummaryColumns,
      // What its receipt is to show after 'pay the difference' (receipt-checks.ts).
      balanceDuePaisa: orders.balanceDuePaisa,
      // What the Payments queue tells of the screenshot's check; My Orders leaves it out.
      check: {
        fingerprint: orders.screenshotSha256,
        duplicateOf: orders.duplicateOf,
        checkedAt: orders.screenshotCheckedAt,
        campusId: orders.campusId,
        // The first, and each one sent after a rejection.
        screenshotsSent: sql<number>`1 + (select count(*)::int from ${orderTransitions} where ${orderTransitions.orderId} = ${orders.id} and ${orderTransitions.action} = 'resubmit')`,
      },
    })
    .from(orders)
    .leftJoin(campuses, orderCampus)
    .leftJoin(deliveryBatches, orderBatch)
    .where(where)
    .orderBy(...order)
    .limit(limit)
    .offset(offset);
}
type QueueRow = Awaited<ReturnType<typeof rowsOf>>[number];

/** A student's My Orders: their own, newest first. */
export async function listMyOrders(db: Db, user: TUserProfile, page: number) {
  const order = [desc(orders.placedAt), desc(orders.id)];
  const found = await pageOf(db, eq(orders.userId, user.uid), order, page);
  const body: TOrdersResponse = {
    ok: true,
    orders: found.rows.map(({ check, ...row }) => toOrderSummary(row)),
    page,
    hasMore: found.hasMore,
  };
  return body;
}

/** The earlier orders that a page's flagged screenshots were seen on, by id. */
async function earlierOrders(
  db: Db,
  admin: TUserProfile,
  ids: readonly string[],
): Promise<Map<string, TEarlierOrder>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({
      id: orders.id,
      status: orders.status,
      placedAt: orders.placedAt,
      campusId: orders.campusId,
      campusName: orders.campusName,
      screenshotUrl: orders.screenshotUrl,
    })
    .from(orders)
    .where(inArray(orders.id, [...new Set(ids)]));
  const seenWhole = (campusId: string | null) =>
    admin.role === 'superAdmin' || (campusId !== null && campusId === admin.campusId);
  return new Map(
    rows.map(({ campusId, placedAt, ...row }): [string, TEarlierOrder] => [
      row.id,
      seenWhole(campusId)
        ? { seen: 'whole', ...row, placedAt: placedAt.toISOString() }
        : { seen: 'anotherCampus', placedAt: placedAt.toISOString() },
    ]),
  );
}

const likeText = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * An order id (or its first characters, 8 at least), a payment reference in any case, a phone
 * number (digits, any dashes) or part of a name.
 */
function searchFilter(q: string): SQL | undefined {
  const digits = q.replace(/\D/g, '');
  const reference = normalisePaymentReference(q);
  const idStart = q.toLowerCase();
  return or(
    eq(orders.id, q),
    ...(reference ? [eq(orders.paymentReference, reference)] : []),
    ...(idStart.length >= 8 && /^[0-9a-f-]+$/.test(idStart)
      ? [sql`${orders.id} like ${`${idStart}%`}`]
      : []),
    ...(digits.length >= 4
      ? [sql`regexp_replace(${orders.phone}, '\\D', '', 'g') like ${likeText(digits)}`]
      : []),
    ilike(sql`${orders.firstName} || ' ' || ${orders.lastName}`, likeText(q)),
  );
}

/** The day of placement in the order's campus time zone, for the date filters. */
const placedDay = sql`(${orders.placedAt} at time zone ${orderSummaryColumns.timeZone})::date`;

/**
 * Which orders the Payments queue's filters name, within what the admin may see (a campus
 * admin's own campus; a super admin's chosen one or all): a state (every one when none), the
 * campus-zone days and the search. A query of it joins the order's campus (orderSummaryColumns).
 */
export async function orderQueueWhere(
  db: Db,
  admin: TUserProfile,
  query: Omit<TOrderQueueQuery, 'page'>,
): Promise<SQL | undefined> {
  const { universityId, campusId } = await listScope(db, admin, {
    ...(query.universityId ? { universityId: query.universityId } : {}),
    ...(query.campusId ? { campusId: query.campusId } : {}),
  });
  return and(
    universityId ? eq(orders.universityId, universityId) : undefined,
    campusId ? eq(orders.campusId, campusId) : undefined,
    query.status ? eq(orders.status, query.status) : undefined,
    query.from ? sql`${placedDay} >= ${query.from}::date` : undefined,
    query.to ? sql`${placedDay} <= ${query.to}::date` : undefined,
    query.q ? searchFilter(query.q) : undefined,
  );
}

/** The queue's orders with what the checks of their payment found. */
async function queuedOrders(
  db: Db,
  admin: TUserProfile,
  rows: readonly QueueRow[],
  payToDefault: TPayTo,
): Promise<TQueuedOrder[]> {
  const earlier = await earlierOrders(
    db,
    admin,
    rows.flatMap((row) => row.check.duplicateOf),
  );
  const receipts = await receiptChecks(db, rows, payToDefault);
  const statements = await statementChecks(
    db,
    rows.map((row) => ({ ...row, campusId: row.check.campusId })),
  );
  return rows.map(({ check, ...row }) => ({
    ...toOrderSummary(row),
    screenshotCheck: screenshotCheckOf({
      fingerprinted: check.fingerprint !== null,
      checked: check.checkedAt !== null,
      duplicateOf: check.duplicateOf,
    }),
    // An earlier order deleted since (its person's account went) is simply not shown.
    duplicates: check.duplicateOf.flatMap((id) => earlier.get(id) ?? []),
    receipt: receipts.get(row.id) ?? { state: 'reading' },
    statement: statements.get(row.id) ?? { state: 'no_statement' },
    screenshotsSent: Number(check.screenshotsSent),
  }));
}

/** The most orders an evidence filter looks through: a campus's backlog of payments, and more. */
const EVIDENCE_SCAN_MAX = 2_000;

/**
 * Every order of the queue's filters whose evidence adds up to `query.evidence` (evidenceOf),
 * oldest first, among the oldest EVIDENCE_SCAN_MAX. The evidence is worked out from readings and
 * statements, not a column: the filter reads them all, then pages.
 */
export async function ordersWithEvidence(
  db: Db,
  admin: TUserProfile,
  query: Omit<TOrderQueueQuery, 'page'> & { evidence: TEvidenceFilter },
  payToDefault: TPayTo,
): Promise<TQueuedOrder[]> {
  const where = await orderQueueWhere(db, admin, { ...query, status: query.status ?? 'placed' });
  const rows = await rowsOf(db, where, QUEUE_ORDER, EVIDENCE_SCAN_MAX, 0);
  const queued = await queuedOrders(db, admin, rows, payToDefault);
  return queued.filter((order) => evidenceOf(order) === query.evidence);
}

const QUEUE_ORDER = [asc(orders.placedAt), asc(orders.id)];

/**
 * The admins' Payments queue: the orders of the campus (a campus admin's own; a super admin's
 * chosen one or all), oldest first, in a state (placed by default), days, search and evidence.
 */
export async function listOrderQueue(
  db: Db,
  admin: TUserProfile,
  query: TOrderQueueQuery,
  payToDefault: TPayTo,
): Promise<TOrderQueueResponse> {
  const { page, evidence } = query;
  if (evidence) {
    const matching = await ordersWithEvidence(db, admin, { ...query, evidence }, payToDefault);
    const start = (page - 1) * ORDERS_PAGE_SIZE;
    return {
      ok: true,
      orders: matching.slice(start, start + ORDERS_PAGE_SIZE),
      page,
      hasMore: matching.length > start + ORDERS_PAGE_SIZE,
      matching: matching.length,
    };
  }
  const where = await orderQueueWhere(db, admin, { ...query, status: query.status ?? 'placed' });
  const found = await pageOf(db, where, QUEUE_ORDER, page);
  return {
    ok: true,
    orders: await queuedOrders(db, admin, found.rows, payToDefault),
    page,
    hasMore: found.hasMore,
    matching: null,
  };
}
