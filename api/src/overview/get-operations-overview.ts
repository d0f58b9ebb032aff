import type { TUserProfile } from '@campus/shared/domain/entities';
import type {
  TDayFigures,
  TOperationsOverviewResponse,
  TQueueFailures,
  TWaiting,
} from '@campus/shared/domain/operations-api';
import { ORDER_STATES } from '@campus/shared/domain/order-status';
import { isSuperAdmin } from '@campus/shared/domain/roles';
import type { Db } from '@campus/shared/server/db/client';
import { campuses, orders } from '@campus/shared/server/db/schema';
import { QUEUE_NAMES } from '@campus/shared/server/jobs';
import type { Producer } from '@campus/shared/server/queue';
import { and, count, eq, gte, inArray, isNull, min, type SQL, sql } from 'drizzle-orm';
import type { Logger } from 'pino';
import { orderSummaryColumns } from '../orders/get-order';
import { orderQueueWhere } from '../orders/list-orders';

const DAY_MS = 24 * 60 * 60 * 1000;

// Revenue counts what the campus is paid for: not an order refused at the payment check, nor one
// cancelled.
const earning = sql`${orders.status} not in ('rejected', 'cancelled')`;

/** Each order's own campus's calendar day, for placement and for `now`. */
const placedDay = sql`(${orders.placedAt} at time zone ${orderSummaryColumns.timeZone})::date`;
const dayOf = (now: Date) =>
  sql`(${now.toISOString()}::timestamptz at time zone ${orderSummaryColumns.timeZone})::date`;

async function dayFigures(db: Db, scope: SQL | undefined, now: Date) {
  const today = dayOf(now);
  const figures = (day: SQL) => ({
    orders: sql<number>`count(*) filter (where ${placedDay} = ${day})`.mapWith(Number),
    revenuePaisa:
      sql<number>`coalesce(sum(${orders.grandTotalPaisa}) filter (where ${placedDay} = ${day} and ${earning}), 0)`.mapWith(
        Number,
      ),
  });
  const [todays, lastWeeks] = await Promise.all(
    [today, sql`${today} - 7`].map(async (day) => {
      const [row] = await db
        .select(figures(day))
        .from(orders)
        .leftJoin(campuses, eq(campuses.id, orders.campusId))
        // Nine days back holds last week's whole day in any zone (±14 h), and keeps to the index.
        // Every state named, so the (campus, status, placed_at) index reaches placed_at.
        .where(
          and(
            scope,
            inArray(orders.status, [...ORDER_STATES]),
            gte(orders.placedAt, new Date(now.getTime() - 9 * DAY_MS)),
          ),
        );
      return row ?? { orders: 0, revenuePaisa: 0 };
    }),
  );
  const none: TDayFigures = { orders: 0, revenuePaisa: 0 };
  return { today: todays ?? none, sameDayLastWeek: lastWeeks ?? none };
}

async function waiting(db: Db, where: SQL | undefined, now: Date): Promise<TWaiting> {
  const [row] = await db
    .select({ n: count(), oldest: min(orders.placedAt) })
    .from(orders)
    .where(where);
  const oldest = row?.oldest ? new Date(row.oldest) : null;
  return {
    count: row?.n ?? 0,
    oldestAgeSeconds: oldest
      ? Math.max(0, Math.floor((now.getTime() - oldest.getTime()) / 1000))
      : null,
  };
}

/** Failed jobs per queue; 'unknown' (null) for a queue Redis did not answer for. */
async function failedJobs(producer: Producer, log: Logger): Promise<TQueueFailures[]> {
  return Promise.all(
    QUEUE_NAMES.map(async (queue) => {
      try {
        const counts = await producer.queue(queue).getJobCounts('failed');
        return { queue, failed: counts.failed ?? 0 };
      } catch (error) {
        // The overview still answers: the orders' figures come from the database.
        log.warn({ err: error, queue }, 'failed jobs not counted: Redis did not answer');
        return { queue, failed: null };
      }
    }),
  );
}

/**
 * What an operator reads first (docs/product.md §10): today's orders and revenue against the same
 * weekday last week, payments waiting for a check, orders without their sheet row, and (for a super
 * admin) the failed jobs. A campus admin names their own campus; a super admin a campus or none
 * (every campus, each order's day in its own campus's zone).
 */
export async function getOperationsOverview(
  deps: { db: Db; producer: Producer; log: Logger },
  admin: TUserProfile,
  query: { universityId?: string | undefined; campusId?: string | undefined },
  now: Date = new Date(),
): Promise<Omit<TOperationsOverviewResponse, 'ok'>> {
  const { db } = deps;
  const scope = await orderQueueWhere(db, admin, query);
  const [days, paymentsWaiting, withoutSheetRow, failed] = await Promise.all([
    dayFigures(db, scope, now),
    waiting(db, and(scope, eq(orders.status, 'placed')), now),
    waiting(db, and(scope, isNull(orders.sheetAppendedAt)), now),
    isSuperAdmin(admin) ? failedJobs(deps.producer, deps.log) : null,
  ]);
  return { ...days, paymentsWaiting, withoutSheetRow, failedJobs: failed };
}
