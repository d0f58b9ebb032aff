import {
  CART_MESSAGES,
  campusLockMessage,
  isWithinOrderLimit,
  MART_RESTAURANT_NAME,
  orderTotals,
} from '@campus/shared/domain/cart';
import { CHECKOUT_MESSAGES } from '@campus/shared/domain/checkout';
import type { TCartLine, TUserProfile } from '@campus/shared/domain/entities';
import { rupeesToPaisa } from '@campus/shared/domain/money';
import {
  QUOTE_HOLD_MINUTES,
  QUOTE_MESSAGES,
  type TQuote,
  type TQuoteChange,
  type TQuoteResponse,
  ZQuoteRequest,
} from '@campus/shared/domain/quote';
import { findClosedRestaurantMessage } from '@campus/shared/domain/restaurant-hours';
import type { CatalogueCache } from '@campus/shared/server/catalogue/cache';
import type { Db } from '@campus/shared/server/db/client';
import { databaseNow } from '@campus/shared/server/db/database-now';
import { newId } from '@campus/shared/server/db/ids';
import { martItems, quoteLines, quotes, users } from '@campus/shared/server/db/schema';
import { heldQuote, releaseQuote } from '@campus/shared/server/quotes/release-quotes';
import { and, asc, eq, inArray, isNotNull } from 'drizzle-orm';
import type { Logger } from 'pino';
import { parseWith } from '../http/body';
import { forbidden, outOfRange } from '../http/errors';
import { findCartItems } from './cart-items';
import { loadCampus, takeStock } from './checkout-statements';
import { mergedLines, refuseOverLineLimit } from './price-lines';

type QuoteLine = TQuote['lines'][number] & { kind: 'menu' | 'mart' };

/** Locks the mart rows of both the quote given up and the new one, at once, in id order. */
async function lockMartRows(tx: Db, ids: string[]) {
  if (ids.length === 0) return;
  await tx
    .select({ id: martItems.id })
    .from(martItems)
    .where(inArray(martItems.id, ids))
    .orderBy(asc(martItems.id))
    .for('update');
}

/**
 * The cart as the database has it at `now`: each line at its price now, a mart line cut to the
 * stock left; a line whose item is gone, sold out or whose restaurant is closed is left out. What
 * differs from the cart is a change to tell the student, line by line.
 */
async function quotedLines(
  tx: Db,
  campus: { id: string; timeZone: string },
  cart: TCartLine[],
  now: Date,
) {
  const { menu, mart } = await findCartItems(tx, cart, true);
  const lines: QuoteLine[] = [];
  const changes: TQuoteChange[] = [];
  const change = (kind: TQuoteChange['kind'], name: string, message: string) =>
    changes.push({ kind, name, message });
  for (const { line, quantity: wanted, seen } of mergedLines(cart)) {
    const isMart = line.restaurantId === null;
    const menuRow = isMart ? undefined : menu.get(line.itemId);
    const row = isMart ? mart.get(line.itemId) : menuRow;
    if (!row) {
      change('removed', line.name, QUOTE_MESSAGES.removed(line.name));
      continue;
    }
    if (campusLockMessage(campus.id, row.campusId)) {
      throw forbidden(CART_MESSAGES.campusLock, { field: 'cartItems' });
    }
    refuseOverLineLimit(row.name, wanted);
    if (menuRow) {
      const hours = {
        openTime: menuRow.openTime,
        closeTime: menuRow.closeTime,
        is24x7: menuRow.is24x7,
      };
      const restaurant = { restaurantName: menuRow.restaurantName, restaurantData: hours };
      if (findClosedRestaurantMessage([restaurant], now, campus.timeZone)) {
        change('closed', row.name, QUOTE_MESSAGES.closed(row.name, menuRow.restaurantName));
        continue;
      }
    }
    const stock = isMart ? Math.max(0, mart.get(line.itemId)?.stock ?? 0) : wanted;
    if (stock === 0) {
      change('soldOut', row.name, QUOTE_MESSAGES.soldOut(row.name));
      continue;
    }
    if (stock < wanted) change('fewer', row.name, QUOTE_MESSAGES.fewer(row.name, stock));
    const seenPaisa = seen.map(rupeesToPaisa).find((paisa) => paisa !== row.pricePaisa);
    if (seenPaisa !== undefined) {
      change('price', row.name, QUOTE_MESSAGES.price(row.name, seenPaisa, row.pricePaisa));
    }
    lines.push({
      kind: isMart ? 'mart' : 'menu',
      itemId: row.id,
      restaurantId: menuRow?.restaurantId ?? null,
      restaurantName: menuRow?.restaurantName ?? MART_RESTAURANT_NAME,
      name: row.name,
      unitPricePaisa: row.pricePaisa,
      quantity: Math.min(stock, wanted),
    });
  }
  return { lines, changes };
}

/** What quoting uses; `holdMinutes` is QUOTE_HOLD_MINUTES unless configured. */
export type QuoteDeps = { db: Db; catalogue: CatalogueCache; log: Logger; holdMinutes?: number };

/**
 * POST /api/checkout/quote (docs/decisions/025-held-quote.md): prices the cart as it is now and
 * holds it for the person: the quote's mart stock is taken until the order is placed with it, or
 * until it is released (a newer quote of the person, which gives this one's back in the same
 * transaction, or the upkeep once its time is over). Answers the quote and each line it changed;
 * no quote when nothing of the cart can be ordered.
 */
export async function quoteCart(
  deps: QuoteDeps,
  user: TUserProfile,
  body: unknown,
): Promise<TQuoteResponse> {
  const { db } = deps;
  const request = parseWith(ZQuoteRequest, body);
  const campus = await loadCampus(db, request.universityId, request.campusId);
  const lockMessage = campusLockMessage(user.campusId, campus.id);
  if (lockMessage) throw forbidden(lockMessage, { field: 'cartItems' });
  const holdMinutes = deps.holdMinutes ?? QUOTE_HOLD_MINUTES;
  const answer = await db.transaction(async (tx) => {
    const now = await databaseNow(tx);
    // The person, locked: a second quote of theirs at once waits for this one to commit, then
    // finds its quote live and gives it up (a lock on the quote alone would not see it).
    await tx.select({ id: users.id }).from(users).where(eq(users.id, user.uid)).for('update');
    const [old] = await tx
      .select({ id: quotes.id, campusId: quotes.campusId })
      .from(quotes)
      .where(and(eq(quotes.userId, user.uid), heldQuote))
      .for('update');
    const oldMart = old
      ? await tx
          .select({ id: quoteLines.martItemId })
          .from(quoteLines)
          .where(and(eq(quoteLines.quoteId, old.id), isNotNull(quoteLines.martItemId)))
      : [];
    const cartMart = request.cartItems.filter((line) => line.restaurantId === null);
    await lockMartRows(tx, [
      ...oldMart.map((line) => line.id as string),
      ...cartMart.map((line) => line.itemId),
    ]);
    const gaveBack = old ? await releaseQuote(tx, old.id, now) : false;
    const { lines, changes } = await quotedLines(tx, campus, request.cartItems, now);
    const stale = new Set(gaveBack && old ? [old.campusId] : []);
    if (lines.length === 0) return { quote: null, changes, stale };
    const itemTotalPaisa = lines.reduce((sum, l) => sum + l.unitPricePaisa * l.quantity, 0);
    const totals = orderTotals(itemTotalPaisa, 1);
    if (!isWithinOrderLimit(totals.grandTotal)) {
      throw outOfRange(CHECKOUT_MESSAGES.orderTooLarge, { field: 'cartItems' });
    }
    const id = newId();
    const expiresAt = new Date(now.getTime() + holdMinutes * 60_000);
    await tx.insert(quotes).values({
      id,
      userId: user.uid,
      campusId: campus.id,
      itemTotalPaisa,
      deliveryChargePaisa: totals.deliveryCharge,
      createdAt: now,
      expiresAt,
    });
    await tx.insert(quoteLines).values(
      lines.map((line, position) => ({
        quoteId: id,
        position,
        kind: line.kind,
        menuItemId: line.kind === 'menu' ? line.itemId : null,
        martItemId: line.kind === 'mart' ? line.itemId : null,
        restaurantId: line.restaurantId,
        restaurantName: line.restaurantName,
        name: line.name,
        unitPricePaisa: line.unitPricePaisa,
        quantity: line.quantity,
      })),
    );
    // The rows are locked and their stock was read under the lock: each take succeeds.
    for (const line of lines.filter((l) => l.kind === 'mart')) {
      await takeStock(tx, { id: line.itemId, quantity: line.quantity, now });
      stale.add(campus.id);
    }
    const quote: TQuote = {
      id,
      campusId: campus.id,
      expiresAt: expiresAt.toISOString(),
      heldForSeconds: holdMinutes * 60,
      lines: lines.map(({ kind: _kind, ...line }) => line),
      itemTotalPaisa,
      deliveryChargePaisa: totals.deliveryCharge,
    };
    return { quote, changes, stale };
  });
  // The storefront's stock counts what quotes hold.
  for (const campusId of answer.stale) {
    await deps.catalogue
      .invalidateMartItems(campusId)
      .catch((error: unknown) => deps.log.warn({ err: error }, 'stock cache not refreshed'));
  }
  return { ok: true, quote: answer.quote, changes: answer.changes };
}
