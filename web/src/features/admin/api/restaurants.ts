import { ADMIN_API } from '@campus/shared/domain/admin-api';
import {
  type TAdminRestaurantResponse,
  type TAdminRestaurantsResponse,
  type TRestaurantFormValues,
  ZRestaurantForm,
} from '@campus/shared/domain/admin-forms';
import { adminWrites, clearList, type TAdminFilters, useAdminList } from './admin-client';

export const restaurantWrites = adminWrites<TRestaurantFormValues, TAdminRestaurantResponse>(
  ADMIN_API.restaurants,
  ZRestaurantForm,
);

/** Deletes every restaurant of a campus (with their menus). */
export const deleteCampusRestaurants = (campusId: string) => clearList('restaurants', { campusId });

/** The restaurants of a campus, or of every campus (super admin). */
export function useAdminRestaurants(filters: Pick<TAdminFilters, 'universityId' | 'campusId'>) {
  return useAdminList(
    'restaurants',
    filters,
    (answer: TAdminRestaurantsResponse) => answer.restaurants,
  );
}
