import type { TAdminRestaurant, TRestaurantForm } from '@campus/shared/domain/admin-forms';
import type { TUserProfile } from '@campus/shared/domain/entities';
import { newId } from '@campus/shared/server/db/ids';
import { restaurants } from '@campus/shared/server/db/schema';
import { audit } from '../admin/audit';
import type { AdminDeps } from '../admin/deps';
import { campusFromBody } from '../admin/scope';
import { restaurantColumns, restaurantOf } from './restaurant-of';

/** Opens a restaurant at a campus the person manages; the storefront shows it at once. */
export async function createRestaurant(
  deps: Pick<AdminDeps, 'db' | 'catalogue'>,
  actor: TUserProfile,
  form: TRestaurantForm,
): Promise<TAdminRestaurant> {
  const { db, catalogue } = deps;
  const campus = await campusFromBody(db, actor, form);
  const restaurant = restaurantOf(newId(), campus, form);
  await db.transaction(async (tx) => {
    await tx.insert(restaurants).values(restaurantColumns(restaurant));
    await audit(tx, actor, {
      action: 'create',
      entity: 'restaurant',
      entityId: restaurant.id,
      details: { name: restaurant.name, campusId: restaurant.campusId },
    });
  });
  await catalogue.invalidateCampus(restaurant.campusId);
  return restaurant;
}
