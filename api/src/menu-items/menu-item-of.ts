import type { TAdminMenuItem } from '@campus/shared/domain/admin-api';
import type { TMenuItemForm } from '@campus/shared/domain/admin-forms';
import type { TUserProfile } from '@campus/shared/domain/entities';
import type { Db } from '@campus/shared/server/db/client';
import { campusOfRestaurant } from '../admin/campus-lookup';
import { checkedPhotoUrl } from '../admin/photos';
import { INVALID_RESTAURANT } from '../admin/scope';
import { assertCampusAccess } from '../auth/guards';
import { invalidField } from '../http/errors';

/**
 * The menu item a valid form makes. Its restaurant must be at the campus the form names and one
 * the person manages (a campus admin picks only among their own restaurants); its photo one of
 * our uploads, or `currentPhoto` unchanged.
 */
export async function menuItemOf(
  db: Db,
  actor: TUserProfile,
  id: string,
  form: TMenuItemForm,
  currentPhoto: string | null = null,
): Promise<TAdminMenuItem> {
  const invalid = () => invalidField(INVALID_RESTAURANT.field, INVALID_RESTAURANT.message);
  const campus = await campusOfRestaurant(db, form.restaurantId);
  assertCampusAccess(actor, campus, invalid);
  if (campus.campusId !== form.campusId || campus.universityId !== form.universityId) {
    throw invalid();
  }
  return {
    id,
    restaurantId: form.restaurantId,
    universityId: campus.universityId,
    campusId: campus.campusId,
    name: form.name,
    price: form.price,
    description: form.description,
    photoURL: await checkedPhotoUrl(db, form.photoURL, 'menu-photo', currentPhoto),
  };
}

/** The table's columns of a menu item. */
export function menuItemColumns(item: TAdminMenuItem) {
  return {
    id: item.id,
    restaurantId: item.restaurantId,
    name: item.name,
    pricePaisa: item.price,
    description: item.description,
    photoUrl: item.photoURL ?? null,
  };
}
