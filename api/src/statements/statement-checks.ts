import type { TStatementCheck } from '@campus/shared/domain/bank-statement';
import { calendarDay } from '@campus/shared/domain/time-zone';
import type { Db } from '@campus/shared/server/db/client';
import { statementCredits } from '@campus/shared/server/db/schema';
import { inArray, max } from 'drizzle-orm';

/**
 * What the campus's statements say of each order of a page: the credit it took, else 'not found'
 * once a statement reaches the order's placing day, else that none does yet.
 */
export async function statementChecks(
  db: Db,
  page: ReadonlyArray<{ id: string; campusId: string | null; placedAt: Date; timeZone: string }>,
): Promise<Map<string, TStatementCheck>> {
  if (page.length === 0) return new Map();
  const campusIds = [...new Set(page.flatMap((order) => (order.campusId ? [order.campusId] : [])))];
  const [credits, reach] = await Promise.all([
    db
      .select()
      .from(statementCredits)
      .where(
        inArray(
          statementCredits.orderId,
          page.map((order) => order.id),
        ),
      ),
    campusIds.length === 0
      ? []
      : db
          .select({ campusId: statementCredits.campusId, last: max(statementCredits.creditedOn) })
          .from(statementCredits)
          .where(inArray(statementCredits.campusId, campusIds))
          .groupBy(statementCredits.campusId),
  ]);
  const creditOf = new Map(credits.map((credit) => [credit.orderId, credit]));
  const lastDay = new Map(reach.map((row) => [row.campusId, row.last]));
  return new Map(
    page.map((order): [string, TStatementCheck] => {
      const credit = creditOf.get(order.id);
      if (credit) {
        return [
          order.id,
          {
            state: 'found',
            on: credit.creditedOn,
            at: credit.creditedAt,
            amountPaisa: credit.amountPaisa,
            description: credit.description,
            by: credit.matchedBy ?? 'amount',
          },
        ];
      }
      const last = order.campusId ? lastDay.get(order.campusId) : null;
      const placedOn = calendarDay(order.placedAt, order.timeZone);
      return [order.id, { state: last && last >= placedOn ? 'not_found' : 'no_statement' }];
    }),
  );
}
