import { and, eq, gte, inArray, isNull, lte, notExists, or, sql } from 'drizzle-orm';
import { matchCredits } from '../../domain/bank-statement';
import { calendarDay, DEFAULT_TIME_ZONE } from '../../domain/time-zone';
import type { Db } from '../db/client';
import { campuses, orders, statementCredits } from '../db/schema';
import { recordOwedRefund } from '../refunds/owed-refund';

const DAY_MS = 86_400_000;

/**
 * Matches the campus's credits that no order took yet to its orders that took no credit
 * (bank-statement.ts: by reference, else by exact amount near the placing day), and records the
 * refund of a matched order already cancelled or rejected. Returns how many it matched.
 */
export async function matchOpenCredits(db: Db, campusId: string): Promise<number> {
  const open = await db
    .select({
      id: statementCredits.id,
      on: statementCredits.creditedOn,
      amountPaisa: statementCredits.amountPaisa,
      references: statementCredits.references,
    })
    .from(statementCredits)
    .where(and(eq(statementCredits.campusId, campusId), isNull(statementCredits.orderId)));
  if (open.length === 0) return 0;
  const days = open.map((credit) => Date.parse(`${credit.on}T00:00:00Z`));
  // Wide enough for any time zone: the day is compared in the campus's own below.
  const from = new Date(Math.min(...days) - 3 * DAY_MS);
  const to = new Date(Math.max(...days) + 3 * DAY_MS);
  const references = [...new Set(open.flatMap((credit) => credit.references))];
  const [campus] = await db
    .select({ timeZone: campuses.timeZone })
    .from(campuses)
    .where(eq(campuses.id, campusId));
  const candidates = await db
    .select({
      id: orders.id,
      paymentReference: orders.paymentReference,
      grandTotalPaisa: orders.grandTotalPaisa,
      placedAt: orders.placedAt,
      status: orders.status,
    })
    .from(orders)
    .where(
      and(
        eq(orders.campusId, campusId),
        or(
          and(gte(orders.placedAt, from), lte(orders.placedAt, to)),
          references.length > 0 ? inArray(orders.paymentReference, references) : undefined,
        ),
        notExists(
          db
            .select({ one: sql`1` })
            .from(statementCredits)
            .where(eq(statementCredits.orderId, orders.id)),
        ),
      ),
    );
  const timeZone = campus?.timeZone ?? DEFAULT_TIME_ZONE;
  const matches = matchCredits(
    open,
    candidates.map((order) => ({
      ...order,
      placedOn: calendarDay(order.placedAt, timeZone),
    })),
  );
  const byId = new Map(candidates.map((order) => [order.id, order]));
  let matched = 0;
  for (const match of matches) {
    const taken = await db
      .update(statementCredits)
      .set({ orderId: match.orderId, matchedBy: match.by })
      .where(
        and(
          eq(statementCredits.id, match.creditId),
          isNull(statementCredits.orderId),
          // Another matching (an import, a worker's) may have given the order a credit meanwhile.
          notExists(
            db
              .select({ one: sql`1` })
              .from(statementCredits)
              .where(eq(statementCredits.orderId, match.orderId)),
          ),
        ),
      )
      .returning({ id: statementCredits.id });
    if (taken.length === 0) continue;
    matched += 1;
    // An order cancelled or rejected before its payment was found is owed it back.
    const order = byId.get(match.orderId);
    if (order) await recordOwedRefund(db, { id: order.id, campusId, status: order.status });
  }
  return matched;
}
