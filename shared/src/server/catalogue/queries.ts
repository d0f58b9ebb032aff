import { and, eq } from 'drizzle-orm';
import type { TAdminMenuItem } from '../../domain/admin-api';
import type {
  TCampus,
  TMartItem,
  TMenuItem,
  TRestaurant,
  TUniversity,
} from '../../domain/entities';
import type { Db } from '../db/client';
import { campuses, martItems, menuItems, restaurants, universities } from '../db/schema';

/** Where the catalogue cache loads from: the database in the product, a wrapper in tests. */
export interface CatalogueSource {
  universities(): Promise<TUniversity[]>;
  campuses(universityId: string): Promise<TCampus[]>;
  restaurants(campusId: string): Promise<TRestaurant[]>;
  martItems(campusId: string): Promise<TMartItem[]>;
  menuItems(restaurantId: string): Promise<TMenuItem[]>;
  /** The campus a restaurant belongs to, or null when there is no such restaurant. */
  campusOfRestaurant(restaurantId: string): Promise<string | null>;
}

// Sorted here rather than by SQL `order by`: PGlite and PostgreSQL servers differ in collation, and
// the order a student sees must not depend on the engine. Case-insensitive, 'Block 9' before
// 'Block 10', the id breaks ties so the order (and so the ETag) is stable.
const collator = new Intl.Collator('en', { sensitivity: 'base', numeric: true });
function byName<T extends { id: string; name: string }>(rows: T[]): T[] {
  return rows.sort(
    (a, b) =>
      collator.compare(a.name, b.name) ||
      (a.name < b.name ? -1 : a.name > b.name ? 1 : 0) ||
      (a.id < b.id ? -1 : a.id > b.id ? 1 : 0),
  );
}

/** Which rows an admin list shows; a filter left out does not narrow it. */
export type CatalogueFilter = { universityId?: string; campusId?: string; restaurantId?: string };

// Every list joins the row's campus, so the campus filters apply to that join.
const campusFilter = (filter: CatalogueFilter) => [
  ...(filter.universityId ? [eq(campuses.universityId, filter.universityId)] : []),
  ...(filter.campusId ? [eq(campuses.id, filter.campusId)] : []),
];

/**
 * Restaurants with their campus, sorted by name; an empty time means "not set" (docs/product.md
 * §4).
 */
export async function listRestaurants(db: Db, filter: CatalogueFilter): Promise<TRestaurant[]> {
  const rows = await db
    .select({
      id: restaurants.id,
      universityId: campuses.universityId,
      campusId: restaurants.campusId,
      name: restaurants.name,
      location: restaurants.location,
      cuisine: restaurants.cuisine,
      openTime: restaurants.openTime,
      closeTime: restaurants.closeTime,
      is24x7: restaurants.is24x7,
    })
    .from(restaurants)
    .innerJoin(campuses, eq(campuses.id, restaurants.campusId))
    .where(
      and(
        ...campusFilter(filter),
        ...(filter.restaurantId ? [eq(restaurants.id, filter.restaurantId)] : []),
      ),
    );
  return byName(
    rows.map((row) => ({
      ...row,
      openTime: row.openTime || null,
      closeTime: row.closeTime || null,
    })),
  );
}

/** Mart items with their campus, sorted by name. */
export async function listMartItems(db: Db, filter: CatalogueFilter): Promise<TMartItem[]> {
  const rows = await db
    .select({
      id: martItems.id,
      universityId: campuses.universityId,
      campusId: martItems.campusId,
      name: martItems.name,
      price: martItems.pricePaisa,
      description: martItems.description,
      category: martItems.category,
      stock: martItems.stock,
      photoURL: martItems.photoUrl,
    })
    .from(martItems)
    .innerJoin(campuses, eq(campuses.id, martItems.campusId))
    .where(and(...campusFilter(filter)));
  return byName(rows);
}

/** Menu items with their restaurant's campus, sorted by name. */
export async function listMenuItems(db: Db, filter: CatalogueFilter): Promise<TAdminMenuItem[]> {
  const rows = await db
    .select({
      id: menuItems.id,
      restaurantId: menuItems.restaurantId,
      universityId: campuses.universityId,
      campusId: restaurants.campusId,
      name: menuItems.name,
      price: menuItems.pricePaisa,
      description: menuItems.description,
      photoURL: menuItems.photoUrl,
    })
    .from(menuItems)
    .innerJoin(restaurants, eq(restaurants.id, menuItems.restaurantId))
    .innerJoin(campuses, eq(campuses.id, restaurants.campusId))
    .where(
      and(
        ...campusFilter(filter),
        ...(filter.restaurantId ? [eq(menuItems.restaurantId, filter.restaurantId)] : []),
      ),
    );
  return byName(rows);
}

/**
 * Reads the public catalogue (docs/product.md §3 entities, prices in integer paisa), sorted by
 * name.
 */
export function databaseCatalogueSource(db: Db): CatalogueSource {
  return {
    async universities() {
      const rows = await db
        .select({ id: universities.id, name: universities.name })
        .from(universities);
      return byName(rows);
    },

    async campuses(universityId) {
      const rows = await db
        .select({
          id: campuses.id,
          universityId: campuses.universityId,
          name: campuses.name,
          location: campuses.location,
        })
        .from(campuses)
        .where(eq(campuses.universityId, universityId));
      return byName(rows);
    },

    restaurants(campusId) {
      return listRestaurants(db, { campusId });
    },

    martItems(campusId) {
      return listMartItems(db, { campusId });
    },

    async menuItems(restaurantId) {
      const rows = await listMenuItems(db, { restaurantId });
      return rows.map(({ universityId: _u, campusId: _c, ...item }) => item);
    },

    async campusOfRestaurant(restaurantId) {
      const [row] = await db
        .select({ campusId: restaurants.campusId })
        .from(restaurants)
        .where(eq(restaurants.id, restaurantId))
        .limit(1);
      return row?.campusId ?? null;
    },
  };
}
