import type { TSetAsideRow } from '@campus/shared/domain/sheet-requests';
import type { Db } from '@campus/shared/server/db/client';
import { orders } from '@campus/shared/server/db/schema';
import { and, asc, eq, isNotNull } from 'drizzle-orm';

// The order panel lists this many set-aside rows at most (there should be none).
const SET_ASIDE_LIST_MAX = 100;

/** The orders of a tab whose rows the spreadsheet refused for what they hold, oldest first. */
export async function listSetAsideRows(db: Db, tabName: string): Promise<TSetAsideRow[]> {
  const rows = await db
    .select({
      orderId: orders.id,
      placedAt: orders.placedAt,
      reason: orders.sheetSetAsideReason,
    })
    .from(orders)
    .where(and(eq(orders.sheetTabName, tabName), isNotNull(orders.sheetSetAsideAt)))
    .orderBy(asc(orders.placedAt))
    .limit(SET_ASIDE_LIST_MAX);
  return rows.map((row) => ({
    orderId: row.orderId,
    placedAt: row.placedAt.toISOString(),
    reason: row.reason ?? '',
  }));
}
