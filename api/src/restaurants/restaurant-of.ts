import type { TAdminRestaurant, TRestaurantForm } from '@campus/shared/domain/admin-forms';
import type { CampusRef } from '../auth/guards';

/** The restaurant a valid form makes, in the campus it was checked against. */
export function restaurantOf(
  id: string,
  campus: CampusRef,
  form: TRestaurantForm,
): TAdminRestaurant {
  return {
    id,
    universityId: campus.universityId,
    campusId: campus.campusId,
    name: form.name,
    location: form.location,
    cuisine: form.cuisine,
    openTime: form.openTime,
    closeTime: form.closeTime,
    is24x7: form.is24x7,
    contactEmail: form.contactEmail,
    roundCapacity: form.roundCapacity,
  };
}

/** The table's columns of a restaurant; a time not set is stored empty. */
export function restaurantColumns(restaurant: TAdminRestaurant) {
  return {
    id: restaurant.id,
    campusId: restaurant.campusId,
    name: restaurant.name,
    location: restaurant.location,
    cuisine: restaurant.cuisine,
    openTime: restaurant.openTime ?? '',
    closeTime: restaurant.closeTime ?? '',
    is24x7: restaurant.is24x7,
    contactEmail: restaurant.contactEmail,
    roundCapacity: restaurant.roundCapacity,
  };
}
