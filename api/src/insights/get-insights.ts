import type { TUserProfile } from '@campus/shared/domain/entities';
import {
  daysOf,
  defaultInsightsRange,
  INSIGHTS_TOP_ITEMS,
  insightsRangeProblem,
  type TInsightsItem,
  type TInsightsQuery,
  type TInsightsResponse,
  type TInsightsRestaurant,
  UNPAID_STATES,
} from '@campus/shared/domain/insights-api';
import { ORDER_STATES } from '@campus/shared/domain/order-status';
import { DEFAULT_TIME_ZONE } from '@campus/shared/domain/time-zone';
import type { Db } from '@campus/shared/server/db/client';
import { campuses, orderLines, orders, orderTransitions } from '@campus/shared/server/db/schema';
import { and, eq, gte, inArray, lt, notInArray, type SQL, sql } from 'drizzle-orm';
import { listScope } from '../admin/scope';
import { invalidField } from '../http/errors';

// Every figure is an aggregate the database computes over the orders of the scope and range
// (orders_campus_status_idx bounds them by campus and placed_at); only the small grouped rows
// come back, and the answer is assembled from them here.

const HOUR_MS = 3600_000;
/**
 * Time zones lie between UTC-12 and UTC+14: a day anywhere lies within these hours of its UTC day.
 */
const ZONE_MARGIN_MS = { before: 15 * HOUR_MS, after: 13 * HOUR_MS } as const;

/** The wall-clock time of placement in the time zone of the order's campus. */
const localPlaced = sql`(${orders.placedAt} at time zone ${campuses.timeZone})`;
const paid = notInArray(orders.status, [...UNPAID_STATES]);
/** Codepoint order, the same on every engine and in every locale. */
const byCode = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

type Scope = { universityId?: string; campusId?: string };

/** The campuses of the scope with their time zones. */
function campusesOf(db: Db, scope: Scope) {
  return db
    .select({ id: campuses.id, timeZone: campuses.timeZone })
    .from(campuses)
    .where(
      and(
        scope.universityId ? eq(campuses.universityId, scope.universityId) : undefined,
        scope.campusId ? eq(campuses.id, scope.campusId) : undefined,
      ),
    );
}

/**
 * The orders of the campuses placed on the days from..to of each campus's zone. Campus, every
 * state and the placed_at bounds (a day's widest span across zones) are the columns of
 * orders_campus_status_idx, so the scan reads only the range's entries; the local day decides.
 */
function ordersOf(campusIds: string[], from: string, to: string): SQL | undefined {
  const start = new Date(Date.parse(`${from}T00:00:00Z`) - ZONE_MARGIN_MS.before);
  const end = new Date(Date.parse(`${to}T00:00:00Z`) + 24 * HOUR_MS + ZONE_MARGIN_MS.after);
  return and(
    inArray(orders.campusId, campusIds),
    // Every state: without it the index could not reach placed_at, its third column.
    inArray(orders.status, [...ORDER_STATES]),
    gte(orders.placedAt, start),
    lt(orders.placedAt, end),
    sql`(${localPlaced})::date between ${from}::date and ${to}::date`,
  );
}

/**
 * The range asked for, or the last 30 days in the zone; a 400 naming the field when it is wrong.
 */
function rangeOf(query: TInsightsQuery, timeZone: string, now: Date) {
  const fallback = defaultInsightsRange(timeZone, now);
  const range = { from: query.from || fallback.from, to: query.to || fallback.to };
  if (query.from && !query.to && range.from > range.to) range.to = range.from;
  const problem = insightsRangeProblem(range);
  if (problem) throw invalidField(problem.field, problem.message);
  return range;
}

/** Orders, revenue, rejections and cancellations per local day and hour. */
function ordersByHour(db: Db, where: SQL | undefined) {
  const day = sql<string>`to_char(${localPlaced}, 'YYYY-MM-DD')`;
  const hour = sql<number>`extract(hour from ${localPlaced})::int`;
  return db
    .select({
      day,
      hour,
      orders: sql<number>`count(*)::int`,
      revenuePaisa: sql<number>`coalesce(sum(${orders.grandTotalPaisa}) filter (where ${paid}), 0)::float8`,
      rejected: sql<number>`(count(*) filter (where ${orders.status} = 'rejected'))::int`,
      cancelled: sql<number>`(count(*) filter (where ${orders.status} = 'cancelled'))::int`,
    })
    .from(orders)
    .innerJoin(campuses, eq(campuses.id, orders.campusId))
    .where(where)
    .groupBy(day, hour);
}

/** Restaurant key of a line: its restaurant, by name once deleted; one mart for all mart lines. */
const restaurantKey = sql<string>`case when ${orderLines.kind} = 'mart' then 'mart' else coalesce(${orderLines.restaurantId}, 'deleted:' || ${orderLines.restaurantName}) end`;

/** Quantity and revenue of each item, from the lines of orders not rejected or cancelled. */
function soldItems(db: Db, where: SQL | undefined) {
  return db
    .select({
      key: restaurantKey,
      kind: orderLines.kind,
      name: orderLines.name,
      restaurantId: sql<string | null>`max(${orderLines.restaurantId})`,
      restaurantName: sql<string>`max(${orderLines.restaurantName} collate "C")`,
      quantity: sql<number>`sum(${orderLines.quantity})::float8`,
      revenuePaisa: sql<number>`sum(${orderLines.lineTotalPaisa})::float8`,
    })
    .from(orderLines)
    .innerJoin(orders, eq(orders.id, orderLines.orderId))
    .innerJoin(campuses, eq(campuses.id, orders.campusId))
    .where(and(where, paid))
    .groupBy(restaurantKey, orderLines.kind, orderLines.name);
}

/** Median and 90th percentile of the time from placement to the first verify or reject. */
async function paymentCheck(db: Db, where: SQL | undefined) {
  const firstCheck = db
    .select({
      seconds: sql<number>`extract(epoch from min(${orderTransitions.at}) - ${orders.placedAt})`.as(
        'seconds',
      ),
    })
    .from(orders)
    .innerJoin(campuses, eq(campuses.id, orders.campusId))
    .innerJoin(
      orderTransitions,
      and(
        eq(orderTransitions.orderId, orders.id),
        inArray(orderTransitions.action, ['verify', 'reject']),
      ),
    )
    .where(where)
    .groupBy(orders.id, orders.placedAt)
    .as('first_check');
  const [row] = await db
    .select({
      checked: sql<number>`count(*)::int`,
      medianSeconds: sql<
        number | null
      >`percentile_cont(0.5) within group (order by ${firstCheck.seconds})`,
      p90Seconds: sql<
        number | null
      >`percentile_cont(0.9) within group (order by ${firstCheck.seconds})`,
    })
    .from(firstCheck);
  const asNumber = (value: unknown) =>
    value === null || value === undefined ? null : Number(value);
  return {
    checked: row?.checked ?? 0,
    medianSeconds: asNumber(row?.medianSeconds),
    p90Seconds: asNumber(row?.p90Seconds),
  };
}

/** Per-restaurant totals and the top items, from the items sold. */
function restaurantsAndItems(items: Awaited<ReturnType<typeof soldItems>>) {
  const byRestaurant = new Map<string, TInsightsRestaurant>();
  for (const item of items) {
    const known = byRestaurant.get(item.key);
    const restaurantId = item.kind === 'menu' ? item.restaurantId : null;
    const name =
      known && byCode(known.name, item.restaurantName) > 0 ? known.name : item.restaurantName;
    byRestaurant.set(item.key, {
      restaurantId,
      name,
      kind: item.kind,
      quantity: (known?.quantity ?? 0) + Number(item.quantity),
      revenuePaisa: (known?.revenuePaisa ?? 0) + Number(item.revenuePaisa),
    });
  }
  const restaurants = [...byRestaurant.values()].sort(
    (a, b) =>
      b.revenuePaisa - a.revenuePaisa ||
      byCode(a.name, b.name) ||
      byCode(a.restaurantId ?? '', b.restaurantId ?? ''),
  );
  const topItems: TInsightsItem[] = items
    .map((item) => ({
      name: item.name,
      restaurantName: byRestaurant.get(item.key)?.name ?? item.restaurantName,
      kind: item.kind,
      quantity: Number(item.quantity),
      revenuePaisa: Number(item.revenuePaisa),
      key: item.key,
    }))
    .sort(
      (a, b) =>
        b.quantity - a.quantity ||
        b.revenuePaisa - a.revenuePaisa ||
        byCode(a.name, b.name) ||
        byCode(a.restaurantName, b.restaurantName) ||
        byCode(a.key, b.key),
    )
    .slice(0, INSIGHTS_TOP_ITEMS)
    .map(({ key, ...item }) => item);
  return { restaurants, topItems };
}

/**
 * The Insights tab (docs/product.md §10): a campus's orders and revenue per day, revenue per
 * restaurant and the mart, the top items, orders by weekday and hour, the time to the payment check
 * and the share of rejected and cancelled orders, over days of the campus time zone. A super admin
 * may leave the campus out: each order then counts on the day of its own campus's zone. Orders of a
 * deleted campus (no campus, so no zone) are in no campus's figures.
 */
export async function getInsights(
  db: Db,
  admin: TUserProfile,
  query: TInsightsQuery,
  now: Date,
): Promise<Omit<TInsightsResponse, 'ok'>> {
  const scope = await listScope(db, admin, {
    ...(query.universityId ? { universityId: query.universityId } : {}),
    ...(query.campusId ? { campusId: query.campusId } : {}),
  });
  const places = await campusesOf(db, scope);
  const timeZone = scope.campusId ? (places[0]?.timeZone ?? DEFAULT_TIME_ZONE) : null;
  const { from, to } = rangeOf(query, timeZone ?? DEFAULT_TIME_ZONE, now);
  const where = ordersOf(
    places.map((place) => place.id),
    from,
    to,
  );
  const [hours, items, check] =
    places.length === 0
      ? [[], [], { checked: 0, medianSeconds: null, p90Seconds: null }]
      : await Promise.all([ordersByHour(db, where), soldItems(db, where), paymentCheck(db, where)]);

  const byDay = new Map(daysOf(from, to).map((day) => [day, { day, orders: 0, revenuePaisa: 0 }]));
  const heatmap = Array.from({ length: 7 }, () => Array<number>(24).fill(0));
  const outcomes = { orders: 0, rejected: 0, cancelled: 0 };
  for (const row of hours) {
    const day = byDay.get(row.day);
    if (day) {
      day.orders += row.orders;
      day.revenuePaisa += Number(row.revenuePaisa);
    }
    // getUTCDay: 0 Sunday; the heatmap starts on Monday.
    const weekday = (new Date(`${row.day}T00:00:00Z`).getUTCDay() + 6) % 7;
    const weekdayRow = heatmap[weekday];
    if (weekdayRow) weekdayRow[row.hour] = (weekdayRow[row.hour] ?? 0) + row.orders;
    outcomes.orders += row.orders;
    outcomes.rejected += row.rejected;
    outcomes.cancelled += row.cancelled;
  }
  return {
    from,
    to,
    timeZone,
    days: [...byDay.values()],
    ...restaurantsAndItems(items),
    heatmap,
    paymentCheck: check,
    outcomes,
  };
}
