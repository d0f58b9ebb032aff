import {
  martItemToCartLine,
  menuItemToCartLine,
  type NewCartLine,
} from '@campus/shared/domain/cart';
import type { TCartPricesRequest } from '@campus/shared/domain/cart-prices-api';
import type { Db } from '@campus/shared/server/db/client';
import { preparedRows } from '@campus/shared/server/db/prepared';
import {
  martItems,
  menuItems,
  quoteLines,
  quotes,
  restaurants,
} from '@campus/shared/server/db/schema';
import { heldQuote } from '@campus/shared/server/quotes/release-quotes';
import { and, asc, eq, isNotNull, sql } from 'drizzle-orm';

type ItemRefs = TCartPricesRequest['lines'];

// What the cart's lines are priced from; asked at every checkout and by every open cart.
const MENU_FIELDS = {
  id: menuItems.id,
  name: menuItems.name,
  pricePaisa: menuItems.pricePaisa,
  restaurantId: restaurants.id,
  restaurantName: restaurants.name,
  campusId: restaurants.campusId,
  openTime: restaurants.openTime,
  closeTime: restaurants.closeTime,
  is24x7: restaurants.is24x7,
};

const MART_FIELDS = {
  id: martItems.id,
  name: martItems.name,
  pricePaisa: martItems.pricePaisa,
  campusId: martItems.campusId,
  stock: martItems.stock,
};

const menuItemsNow = (name: string, lock: boolean) =>
  preparedRows<typeof MENU_FIELDS, { ids: string[] }>(name, MENU_FIELDS, (db, fields) => {
    const query = db
      .select(fields)
      .from(menuItems)
      .innerJoin(restaurants, eq(restaurants.id, menuItems.restaurantId))
      .where(sql`${menuItems.id} = any(${sql.placeholder('ids')})`)
      .orderBy(asc(menuItems.id));
    return lock ? query.for('share') : query;
  });

const martItemsNow = (name: string, lock: boolean) =>
  preparedRows<typeof MART_FIELDS, { ids: string[] }>(name, MART_FIELDS, (db, fields) => {
    const query = db
      .select(fields)
      .from(martItems)
      .where(sql`${martItems.id} = any(${sql.placeholder('ids')})`)
      .orderBy(asc(martItems.id));
    return lock ? query.for('update') : query;
  });

const READ = {
  menu: menuItemsNow('menu_items_now', false),
  mart: martItemsNow('mart_items_now', false),
};
const LOCKED = {
  menu: menuItemsNow('menu_items_now_locked', true),
  mart: martItemsNow('mart_items_now_locked', true),
};

/** A menu item with its restaurant, as the database has it now. */
export type MenuItemNow = Awaited<ReturnType<typeof READ.menu>>[number];

/** A mart item as the database has it now. */
export type MartItemNow = Awaited<ReturnType<typeof READ.mart>>[number];

/**
 * The catalogue items a cart refers to, as they are now, by id. With `lock` (inside the order's
 * transaction) the rows stay as read until it commits: an admin's price change waits for the order,
 * and mart rows are locked in id order so two buyers never deadlock.
 */
export async function findCartItems(
  db: Db,
  refs: ItemRefs,
  lock = false,
): Promise<{ menu: Map<string, MenuItemNow>; mart: Map<string, MartItemNow> }> {
  const menuIds = refs.filter((ref) => ref.restaurantId !== null).map((ref) => ref.itemId);
  const martIds = refs.filter((ref) => ref.restaurantId === null).map((ref) => ref.itemId);
  const read = lock ? LOCKED : READ;
  const menuRows = menuIds.length ? await read.menu(db, { ids: menuIds }) : [];
  const martRows = martIds.length ? await read.mart(db, { ids: martIds }) : [];
  return {
    menu: new Map(menuRows.map((row) => [row.id, row])),
    mart: new Map(martRows.map((row) => [row.id, row])),
  };
}

/**
 * What the person's quote holds of each mart item: taken from the stock for them, so still theirs
 * to order (docs/decisions/025-held-quote.md).
 */
async function heldFor(db: Db, userId: string): Promise<Map<string, number>> {
  const rows = await db
    .select({ itemId: quoteLines.martItemId, quantity: quoteLines.quantity })
    .from(quoteLines)
    .innerJoin(quotes, eq(quotes.id, quoteLines.quoteId))
    .where(and(eq(quotes.userId, userId), heldQuote, isNotNull(quoteLines.martItemId)));
  return new Map(rows.map((row) => [row.itemId as string, row.quantity]));
}

/**
 * Every item of a cart that still exists, as a cart line without its quantity; for a signed-in
 * person, a mart item's stock counts what their quote holds.
 */
export async function cartItemsNow(
  db: Db,
  refs: ItemRefs,
  userId: string | null,
): Promise<NewCartLine[]> {
  const { menu, mart } = await findCartItems(db, refs);
  const held = userId && mart.size > 0 ? await heldFor(db, userId) : new Map<string, number>();
  const menuLines = [...menu.values()].map((row) =>
    menuItemToCartLine(
      { id: row.id, name: row.name, price: row.pricePaisa },
      {
        id: row.restaurantId,
        name: row.restaurantName,
        campusId: row.campusId,
        openTime: row.openTime,
        closeTime: row.closeTime,
        is24x7: row.is24x7,
      },
    ),
  );
  const martLines = [...mart.values()].map((row) =>
    martItemToCartLine({
      id: row.id,
      name: row.name,
      price: row.pricePaisa,
      campusId: row.campusId,
      stock: row.stock + (held.get(row.id) ?? 0),
    }),
  );
  return [...menuLines, ...martLines];
}
