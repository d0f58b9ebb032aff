import { ADMIN_CONFIRM_MESSAGES, ADMIN_MESSAGES } from '@campus/shared/domain/screen-messages';
import { useState } from 'react';
import {
  deleteCampusRestaurants,
  restaurantWrites,
  useAdminRestaurants,
} from '../../api/restaurants';
import type { AdminScope } from '../../hooks/use-catalogue-scope';
import { useCatalogueScope } from '../../hooks/use-catalogue-scope';
import { useCrudManager } from '../../hooks/use-crud-manager';
import { emptyRestaurantForm } from '../../utils/form-values';
import { CatalogueFilters, CatalogueSection } from '../catalogue-section';
import { RestaurantForm } from './restaurant-form';
import { RestaurantList } from './restaurant-list';

const TEXTS = {
  saveFailed: ADMIN_MESSAGES.saveRestaurantFailed,
  deleteFailed: ADMIN_MESSAGES.deleteRestaurantFailed,
  confirmDelete: ADMIN_CONFIRM_MESSAGES.deleteRestaurant,
  clear: {
    label: 'Clear all restaurants',
    failed: ADMIN_MESSAGES.deleteRestaurantsFailed,
    confirm: ADMIN_CONFIRM_MESSAGES.clearRestaurants,
  },
};

/**
 * Restaurants of one campus (campus admin) or of every campus with filters and a search (super
 * admin): add, edit (which also selects the restaurant, so its menu shows), delete, and for the
 * super admin, clear a campus's restaurants.
 */
export function RestaurantsManager({
  scope,
  selectedRestaurantId,
  onSelectRestaurant,
}: {
  scope: AdminScope;
  /** The restaurant whose menu the page shows. */
  selectedRestaurantId?: string | null;
  /** A row was clicked or opened for editing (null: the selected restaurant was deleted). */
  onSelectRestaurant?(id: string | null): void;
}) {
  const catalogue = useCatalogueScope(scope);
  const { campusId } = catalogue.filter;
  const restaurants = useAdminRestaurants(catalogue.campus);
  const [ownSelection, setOwnSelection] = useState<string | null>(null);
  const selected = selectedRestaurantId !== undefined ? selectedRestaurantId : ownSelection;
  const select = (id: string | null) => {
    setOwnSelection(id);
    onSelectRestaurant?.(id);
  };
  const crud = useCrudManager({
    empty: () => emptyRestaurantForm(catalogue.campus),
    writes: restaurantWrites,
    texts: TEXTS,
    onDeleted: (_answer, id) => {
      if (selected === id) select(null);
    },
  });
  const clearCampus =
    campusId && restaurants.data?.length
      ? () =>
          crud.askClear(TEXTS.clear, catalogue.filteredCampus, async () => {
            await deleteCampusRestaurants(campusId);
            select(null);
          })
      : null;

  return (
    <CatalogueSection title="Restaurants" catalogue={catalogue} crud={crud}>
      <RestaurantForm crud={crud} catalogue={catalogue} />
      <CatalogueFilters catalogue={catalogue} clear={TEXTS.clear} onClear={clearCampus} />
      <RestaurantList
        query={restaurants}
        crud={crud}
        selectedId={selected}
        onSelect={select}
        placeOf={catalogue.placeOf}
      />
    </CatalogueSection>
  );
}
