import { eq } from 'drizzle-orm';
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

/** Reads the public catalogue (SPEC §3 entities, prices in integer paisa), sorted by name. */
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

    async restaurants(campusId) {
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
        .where(eq(restaurants.campusId, campusId));
      // An empty time means "not set" (SPEC §4: open when a time is missing).
      return byName(
        rows.map((row) => ({
          ...row,
          openTime: row.openTime || null,
          closeTime: row.closeTime || null,
        })),
      );
    },

    async martItems(campusId) {
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
        .where(eq(martItems.campusId, campusId));
      return byName(rows);
    },

    async menuItems(restaurantId) {
      const rows = await db
        .select({
          id: menuItems.id,
          restaurantId: menuItems.restaurantId,
          name: menuItems.name,
          price: menuItems.pricePaisa,
          description: menuItems.description,
          photoURL: menuItems.photoUrl,
        })
        .from(menuItems)
        .where(eq(menuItems.restaurantId, restaurantId));
      return byName(rows);
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
