import type { TAdminMenuItem } from '@campus/shared/domain/admin-api';
import { ADMIN_FORM_MESSAGES, type TMenuItemFormValues } from '@campus/shared/domain/admin-forms';
import {
  ADMIN_CONFIRM_MESSAGES,
  ADMIN_MESSAGES,
  EMPTY_LIST_MESSAGES,
} from '@campus/shared/domain/screen-messages';
import { filterMenuItems } from '@campus/shared/domain/search';
import { useMemo, useState } from 'react';
import { StatusMessage } from '@/components/ui/status-message';
import { deleteRestaurantMenu, menuItemWrites, useAdminMenuItems } from '../../api/menu-items';
import { useAdminRestaurants } from '../../api/restaurants';
import type { AdminScope } from '../../hooks/use-catalogue-scope';
import { useCatalogueScope } from '../../hooks/use-catalogue-scope';
import { useCrudManager } from '../../hooks/use-crud-manager';
import { emptyMenuItemForm, menuItemForm } from '../../utils/form-values';
import { CatalogueImportPanel } from '../catalogue-import/catalogue-import-panel';
import { CatalogueFilters, CatalogueSection } from '../catalogue-section';
import { ItemList } from '../item-list';
import { OptionSelect } from '../place-selects';
import type { TListSpec } from '../record-list';
import { MenuItemForm } from './menu-item-form';

const TEXTS = {
  saveFailed: ADMIN_MESSAGES.saveMenuItemFailed,
  deleteFailed: ADMIN_MESSAGES.deleteMenuItemFailed,
  confirmDelete: ADMIN_CONFIRM_MESSAGES.deleteMenuItem,
  clear: {
    label: 'Clear menu',
    failed: ADMIN_MESSAGES.deleteMenuItemsFailed,
    confirm: ADMIN_CONFIRM_MESSAGES.clearMenu,
  },
};

const LIST: TListSpec<TAdminMenuItem, TMenuItemFormValues> = {
  noun: 'menu items',
  empty: EMPTY_LIST_MESSAGES.menuItems,
  searchBy: 'name or description',
  filter: filterMenuItems,
  toForm: menuItemForm,
};

/**
 * Menu items: of the restaurant selected on the campus admin dashboard (`restaurantId`), or of
 * every restaurant with filters and a search (super admin). Add, edit, delete, a photo per item
 * (compressed, then uploaded), and for the super admin, clear a restaurant's menu.
 */
export function MenuItemsManager({
  scope,
  restaurantId,
}: {
  scope: AdminScope;
  /** Campus scope: the restaurant whose menu is shown and added to. */
  restaurantId?: string | null;
}) {
  const catalogue = useCatalogueScope(scope);
  const { all, campus } = catalogue;
  // The super admin's restaurant filter holds for the campus it was chosen in.
  const [restaurantFilter, setRestaurantFilter] = useState({ campusId: '', restaurantId: '' });
  const filteredRestaurant =
    restaurantFilter.campusId === campus.campusId ? restaurantFilter.restaurantId : '';
  const place = { ...campus, restaurantId: all ? filteredRestaurant : (restaurantId ?? '') };
  // Campus scope: the campus's restaurants (the same list the restaurants manager shows).
  // Super admin: every restaurant, for the selects and the restaurant of each row.
  const restaurants = useAdminRestaurants(all ? {} : campus);
  const restaurantsOf = (campusId: string) =>
    restaurants.data?.filter((restaurant) => restaurant.campusId === campusId);
  const restaurantName = (id: string) =>
    restaurants.data?.find((restaurant) => restaurant.id === id)?.name ?? '';
  const listReady = all || place.restaurantId !== '';
  const items = useAdminMenuItems(place, listReady);
  const actor = all ? 'superAdmin' : 'campusAdmin';
  const crud = useCrudManager({
    empty: () => emptyMenuItemForm(place),
    writes: useMemo(() => menuItemWrites(actor), [actor]),
    texts: TEXTS,
  });
  const clearMenu =
    place.restaurantId && items.data?.length
      ? () =>
          crud.askClear(TEXTS.clear, restaurantName(place.restaurantId), () =>
            deleteRestaurantMenu(place.restaurantId),
          )
      : null;
  const selectedName = all ? '' : restaurantName(place.restaurantId);

  return (
    <CatalogueSection
      title={selectedName ? `Menu Items of ${selectedName}` : 'Menu Items'}
      catalogue={catalogue}
      crud={crud}
      // On the campus dashboard the restaurants list above shows its own failure.
      lookup={all ? restaurants : undefined}
    >
      <MenuItemForm crud={crud} catalogue={catalogue} restaurantsOf={restaurantsOf} />
      {place.restaurantId && (
        <CatalogueImportPanel target={{ kind: 'menu', restaurantId: place.restaurantId }} />
      )}
      <CatalogueFilters catalogue={catalogue} clear={TEXTS.clear} onClear={clearMenu}>
        <OptionSelect
          label="Filter by restaurant"
          options={restaurantsOf(campus.campusId)}
          emptyLabel="All restaurants"
          value={filteredRestaurant}
          disabled={campus.campusId === ''}
          onChange={(event) =>
            setRestaurantFilter({ campusId: campus.campusId, restaurantId: event.target.value })
          }
        />
      </CatalogueFilters>
      {listReady ? (
        <ItemList
          {...LIST}
          query={items}
          crud={crud}
          placeOf={all ? (item) => restaurantName(item.restaurantId) : undefined}
        />
      ) : (
        <StatusMessage title={ADMIN_FORM_MESSAGES.selectRestaurantFirst} />
      )}
    </CatalogueSection>
  );
}
