import type { TBucketPricesRequest } from '@campus/shared/domain/bucket-prices-api';
import {
  martItemToCartLine,
  menuItemToCartLine,
  type NewCartLine,
} from '@campus/shared/domain/cart';
import type { Db } from '@campus/shared/server/db/client';
import { martItems, menuItems, restaurants } from '@campus/shared/server/db/schema';
import { asc, eq, inArray } from 'drizzle-orm';

type ItemRefs = TBucketPricesRequest['lines'];

/** A menu item with its restaurant, as the database has it now. */
export type MenuItemNow = {
  id: string;
  name: string;
  pricePaisa: number;
  restaurantId: string;
  restaurantName: string;
  campusId: string;
  openTime: string;
  closeTime: string;
  is24x7: boolean;
};

/** A mart item as the database has it now. */
export type MartItemNow = {
  id: string;
  name: string;
  pricePaisa: number;
  campusId: string;
  stock: number;
};

/**
 * The catalogue items a bucket refers to, as they are now, by id. With `lock` (inside the order's
 * transaction) the rows stay as read until it commits: an admin's price change waits for the order,
 * and mart rows are locked in id order so two buyers never deadlock.
 */
export async function findBucketItems(
  db: Db,
  refs: ItemRefs,
  lock = false,
): Promise<{ menu: Map<string, MenuItemNow>; mart: Map<string, MartItemNow> }> {
  const menuIds = refs.filter((ref) => ref.restaurantId !== null).map((ref) => ref.itemId);
  const martIds = refs.filter((ref) => ref.restaurantId === null).map((ref) => ref.itemId);
  const menuQuery = db
    .select({
      id: menuItems.id,
      name: menuItems.name,
      pricePaisa: menuItems.pricePaisa,
      restaurantId: restaurants.id,
      restaurantName: restaurants.name,
      campusId: restaurants.campusId,
      openTime: restaurants.openTime,
      closeTime: restaurants.closeTime,
      is24x7: restaurants.is24x7,
    })
    .from(menuItems)
    .innerJoin(restaurants, eq(restaurants.id, menuItems.restaurantId))
    .where(inArray(menuItems.id, menuIds))
    .orderBy(asc(menuItems.id));
  const martQuery = db
    .select({
      id: martItems.id,
      name: martItems.name,
      pricePaisa: martItems.pricePaisa,
      campusId: martItems.campusId,
      stock: martItems.stock,
    })
    .from(martItems)
    .where(inArray(martItems.id, martIds))
    .orderBy(asc(martItems.id));
  const menuRows = menuIds.length ? await (lock ? menuQuery.for('share') : menuQuery) : [];
  const martRows = martIds.length ? await (lock ? martQuery.for('update') : martQuery) : [];
  return {
    menu: new Map(menuRows.map((row) => [row.id, row])),
    mart: new Map(martRows.map((row) => [row.id, row])),
  };
}

/** Every item of a bucket that still exists, as a bucket line without its quantity. */
export async function bucketItemsNow(db: Db, refs: ItemRefs): Promise<NewCartLine[]> {
  const { menu, mart } = await findBucketItems(db, refs);
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
      stock: row.stock,
    }),
  );
  return [...menuLines, ...martLines];
}
