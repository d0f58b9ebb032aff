import {
  ADMIN_API,
  type TMenuItemResponse,
  type TMenuItemsResponse,
} from '@campus/shared/domain/admin-api';
import {
  createMenuItemSchema,
  type MenuItemFormActor,
  type TMenuItemFormValues,
} from '@campus/shared/domain/admin-forms';
import { adminWrites, clearList, type TAdminFilters, useAdminList } from './admin-client';

/** A campus admin must add to a restaurant, a super admin chooses one: each has its schema. */
export const menuItemWrites = (actor: MenuItemFormActor) =>
  adminWrites<TMenuItemFormValues, TMenuItemResponse>(
    ADMIN_API.menuItems,
    createMenuItemSchema(actor),
  );

/** Clears a restaurant's menu. */
export const deleteRestaurantMenu = (restaurantId: string) =>
  clearList('menuItems', { restaurantId });

/** The menu items of a restaurant, or of every restaurant with filters (super admin). */
export function useAdminMenuItems(filters: TAdminFilters, enabled = true) {
  return useAdminList(
    'menuItems',
    filters,
    (answer: TMenuItemsResponse) => answer.menuItems,
    enabled,
  );
}
