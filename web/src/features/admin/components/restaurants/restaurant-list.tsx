import type { TAdminRestaurant, TRestaurantFormValues } from '@campus/shared/domain/admin-forms';
import { HOURS_MESSAGES } from '@campus/shared/domain/restaurant-hours';
import { EMPTY_LIST_MESSAGES } from '@campus/shared/domain/screen-messages';
import { filterRestaurants } from '@campus/shared/domain/search';
import { restaurantForm } from '../../utils/form-values';
import { RecordList, type TListProps, type TListSpec } from '../record-list';

const LIST: TListSpec<TAdminRestaurant, TRestaurantFormValues> = {
  noun: 'restaurants',
  empty: EMPTY_LIST_MESSAGES.restaurants,
  searchBy: 'name, cuisine or location',
  filter: filterRestaurants,
  toForm: restaurantForm,
};

/**
 * The restaurants with a search. A row selects its restaurant (on the campus dashboard its menu
 * shows below), and so does opening it for editing.
 */
export function RestaurantList({
  selectedId,
  onSelect,
  placeOf,
  ...list
}: TListProps<TAdminRestaurant, TRestaurantFormValues> & {
  selectedId: string | null;
  onSelect(id: string): void;
}) {
  return (
    <RecordList
      {...list}
      {...LIST}
      selectedId={selectedId}
      onEdit={(restaurant) => onSelect(restaurant.id)}
    >
      {(restaurant) => (
        <button
          type="button"
          aria-pressed={restaurant.id === selectedId}
          onClick={() => onSelect(restaurant.id)}
          className="min-w-0 flex-1 rounded text-left focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-orange-700"
        >
          <span className="block font-medium text-gray-900">{restaurant.name}</span>
          <span className="block text-sm text-gray-700">
            {restaurant.cuisine} · {restaurant.location} ·{' '}
            {restaurant.is24x7
              ? HOURS_MESSAGES.open24x7
              : `${restaurant.openTime ?? ''} - ${restaurant.closeTime ?? ''}`}
          </span>
          {placeOf && <span className="block text-sm text-gray-700">{placeOf(restaurant)}</span>}
        </button>
      )}
    </RecordList>
  );
}
