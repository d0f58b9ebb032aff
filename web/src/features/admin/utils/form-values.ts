import type { TAdminMenuItem } from '@campus/shared/domain/admin-api';
import type {
  TAdminRestaurant,
  TMartItemFormValues,
  TMenuItemFormValues,
  TRestaurantFormValues,
} from '@campus/shared/domain/admin-forms';
import type { TMartItem } from '@campus/shared/domain/entities';
import { paisaToRupees } from '@campus/shared/domain/money';
import {
  DEFAULT_CLOSE_TIME,
  DEFAULT_IS_24X7,
  DEFAULT_OPEN_TIME,
} from '@campus/shared/domain/restaurant-hours';

// What the admin forms hold in add mode and when a row is opened for editing. Every value is
// text as typed (prices in rupees), which is what the admin api takes.

/** Where a new record goes: the campus (and restaurant) chosen, or '' while none is. */
export type TFormPlace = { universityId?: string; campusId?: string; restaurantId?: string };

/** A stored price in paisa as an admin types it: 25000 → '250', 25050 → '250.5'. */
export function priceInput(paisa: number): string {
  return String(paisaToRupees(paisa));
}

/** The restaurant form in add mode: the spec's default hours, open 24x7. */
export function emptyRestaurantForm(place: TFormPlace = {}): TRestaurantFormValues {
  return {
    id: '',
    universityId: place.universityId ?? '',
    campusId: place.campusId ?? '',
    name: '',
    location: '',
    cuisine: '',
    openTime: DEFAULT_OPEN_TIME,
    closeTime: DEFAULT_CLOSE_TIME,
    is24x7: DEFAULT_IS_24X7,
    contactEmail: '',
    roundCapacity: '',
  };
}

/** The restaurant form filled with a restaurant, for editing. */
export function restaurantForm(restaurant: TAdminRestaurant): TRestaurantFormValues {
  return {
    id: restaurant.id,
    universityId: restaurant.universityId,
    campusId: restaurant.campusId,
    name: restaurant.name,
    location: restaurant.location,
    cuisine: restaurant.cuisine,
    openTime: restaurant.openTime ?? '',
    closeTime: restaurant.closeTime ?? '',
    is24x7: restaurant.is24x7,
    contactEmail: restaurant.contactEmail ?? '',
    roundCapacity: restaurant.roundCapacity === null ? '' : String(restaurant.roundCapacity),
  };
}

/** The menu item form in add mode. */
export function emptyMenuItemForm(place: TFormPlace = {}): TMenuItemFormValues {
  return {
    id: '',
    universityId: place.universityId ?? '',
    campusId: place.campusId ?? '',
    restaurantId: place.restaurantId ?? '',
    name: '',
    price: '',
    description: '',
    photoURL: '',
  };
}

/** The menu item form filled with an item, for editing. */
export function menuItemForm(item: TAdminMenuItem): TMenuItemFormValues {
  return {
    id: item.id,
    universityId: item.universityId,
    campusId: item.campusId,
    restaurantId: item.restaurantId,
    name: item.name,
    price: priceInput(item.price),
    description: item.description,
    photoURL: item.photoURL ?? '',
  };
}

/** The mart item form in add mode. */
export function emptyMartItemForm(place: TFormPlace = {}): TMartItemFormValues {
  return {
    id: '',
    universityId: place.universityId ?? '',
    campusId: place.campusId ?? '',
    name: '',
    price: '',
    description: '',
    category: '',
    stock: '',
    stockWas: '',
    photoURL: '',
  };
}

/** The mart item form filled with an item, for editing. */
export function martItemForm(item: TMartItem): TMartItemFormValues {
  return {
    id: item.id,
    universityId: item.universityId,
    campusId: item.campusId,
    name: item.name,
    price: priceInput(item.price),
    description: item.description,
    category: item.category,
    stock: String(item.stock),
    stockWas: String(item.stock),
    photoURL: item.photoURL ?? '',
  };
}
