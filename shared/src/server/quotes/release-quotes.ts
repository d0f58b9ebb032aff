import { and, asc, eq, isNotNull, isNull, lt, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { martItems, quoteLines, quotes } from '../db/schema';

/** Quotes neither used by an order nor released: the ones that hold stock. */
export const heldQuote = and(isNull(quotes.orderId), isNull(quotes.releasedAt));

/**
 * In the caller's transaction, which locked the quote's row: gives its mart stock back and marks
 * it released. The mart rows are updated in id order, as every transaction that takes stock locks
 * them: two never deadlock. Whether it held mart stock (the storefront's stock is then stale).
 */
export async function releaseQuote(tx: Db, quoteId: string, now: Date): Promise<boolean> {
  const lines = await tx
    .select({ itemId: quoteLines.martItemId, quantity: quoteLines.quantity })
    .from(quoteLines)
    .where(and(eq(quoteLines.quoteId, quoteId), isNotNull(quoteLines.martItemId)))
    .orderBy(asc(quoteLines.martItemId));
  for (const line of lines) {
    await tx
      .update(martItems)
      .set({ stock: sql`${martItems.stock} + ${line.quantity}` })
      .where(eq(martItems.id, line.itemId as string));
  }
  await tx
    .update(quotes)
    .set({ releasedAt: now })
    .where(and(eq(quotes.id, quoteId), heldQuote));
  return lines.length > 0;
}

// At most this many per upkeep run: the next run takes the rest.
const RELEASE_BATCH = 500;

/**
 * Releases the quotes held past their time (the upkeep's): each in a transaction of its own that
 * locks it first, so one being placed right now is either placed or released, never both. The
 * campuses whose mart stock came back.
 */
export async function releaseExpiredQuotes(db: Db, now: Date): Promise<string[]> {
  const due = await db
    .select({ id: quotes.id, campusId: quotes.campusId })
    .from(quotes)
    .where(and(heldQuote, lt(quotes.expiresAt, now)))
    .orderBy(asc(quotes.expiresAt))
    .limit(RELEASE_BATCH);
  const campuses = new Set<string>();
  for (const quote of due) {
    const gaveStock = await db.transaction(async (tx) => {
      const [held] = await tx
        .select({ id: quotes.id })
        .from(quotes)
        .where(and(eq(quotes.id, quote.id), heldQuote))
        .for('update');
      return held ? releaseQuote(tx, quote.id, now) : false;
    });
    if (gaveStock) campuses.add(quote.campusId);
  }
  return [...campuses];
}
