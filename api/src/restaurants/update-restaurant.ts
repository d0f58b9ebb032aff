import type { TAdminRestaurant, TRestaurantForm } from '@campus/shared/domain/admin-forms';
import type { TUserProfile } from '@campus/shared/domain/entities';
import { restaurants } from '@campus/shared/server/db/schema';
import { eq } from 'drizzle-orm';
import { audit } from '../admin/audit';
import { campusOfRestaurant } from '../admin/campus-lookup';
import type { AdminDeps } from '../admin/deps';
import { campusFromBody } from '../admin/scope';
import { notFound } from '../http/errors';
import { restaurantColumns, restaurantOf } from './restaurant-of';

/**
 * Changes a restaurant, possibly moving it to another campus the person manages; the storefronts
 * of both campuses show the change at once.
 */
export async function updateRestaurant(
  deps: Pick<AdminDeps, 'db' | 'catalogue'>,
  actor: TUserProfile,
  id: string,
  form: TRestaurantForm,
): Promise<TAdminRestaurant> {
  const { db, catalogue } = deps;
  const before = await campusOfRestaurant(db, id);
  if (!before) throw notFound();
  const campus = await campusFromBody(db, actor, form);
  const restaurant = restaurantOf(id, campus, form);
  await db.transaction(async (tx) => {
    const changed = await tx
      .update(restaurants)
      .set(restaurantColumns(restaurant))
      .where(eq(restaurants.id, id))
      .returning({ id: restaurants.id });
    if (changed.length === 0) throw notFound();
    await audit(tx, actor, {
      action: 'update',
      entity: 'restaurant',
      entityId: id,
      details: { name: restaurant.name, campusId: restaurant.campusId, from: before.campusId },
    });
  });
  await catalogue.invalidateCampus(before.campusId);
  if (before.campusId !== campus.campusId) await catalogue.invalidateCampus(campus.campusId);
  return restaurant;
}
