import type { Db } from '@campus/shared/server/db/client';
import {
  campuses,
  martItems,
  menuItems,
  restaurants,
  universities,
} from '@campus/shared/server/db/schema';
import { and, eq } from 'drizzle-orm';
import type { CampusRef } from '../auth/guards';

// The campus a row belongs to, always read from the database: the campus-scope guard decides on
// these, never on ids the client sends about itself.

/** A campus that exists, with the names its order tab is made of. */
export type FoundCampus = CampusRef & { name: string; universityName: string };

/** The campus with this id under this university, or null. */
export async function findCampus(
  db: Db,
  universityId: string,
  campusId: string,
): Promise<FoundCampus | null> {
  const [row] = await db
    .select({
      universityId: campuses.universityId,
      campusId: campuses.id,
      name: campuses.name,
      universityName: universities.name,
    })
    .from(campuses)
    .innerJoin(universities, eq(universities.id, campuses.universityId))
    .where(and(eq(campuses.id, campusId), eq(campuses.universityId, universityId)));
  return row ?? null;
}

/** The campus of a restaurant, or null when there is no such restaurant. */
export async function campusOfRestaurant(db: Db, restaurantId: string): Promise<CampusRef | null> {
  const [row] = await db
    .select({ universityId: campuses.universityId, campusId: campuses.id })
    .from(restaurants)
    .innerJoin(campuses, eq(campuses.id, restaurants.campusId))
    .where(eq(restaurants.id, restaurantId));
  return row ?? null;
}

/** The campus (and restaurant) of a menu item, or null when there is no such item. */
export async function campusOfMenuItem(
  db: Db,
  menuItemId: string,
): Promise<(CampusRef & { restaurantId: string }) | null> {
  const [row] = await db
    .select({
      universityId: campuses.universityId,
      campusId: campuses.id,
      restaurantId: menuItems.restaurantId,
    })
    .from(menuItems)
    .innerJoin(restaurants, eq(restaurants.id, menuItems.restaurantId))
    .innerJoin(campuses, eq(campuses.id, restaurants.campusId))
    .where(eq(menuItems.id, menuItemId));
  return row ?? null;
}

/** The campus of a mart item, or null when there is no such item. */
export async function campusOfMartItem(db: Db, martItemId: string): Promise<CampusRef | null> {
  const [row] = await db
    .select({ universityId: campuses.universityId, campusId: campuses.id })
    .from(martItems)
    .innerJoin(campuses, eq(campuses.id, martItems.campusId))
    .where(eq(martItems.id, martItemId));
  return row ?? null;
}
