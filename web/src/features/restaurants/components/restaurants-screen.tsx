import { filterRestaurants } from '@campus/shared/domain/search';
import { CATALOGUE_MESSAGES } from '@campus/shared/domain/storefront-messages';
import { useState } from 'react';
import { ListState } from '@/components/ui/list-state';
import { SearchBox } from '@/components/ui/search-box';
import { SelectCampusMessage } from '@/components/ui/select-campus-message';
import { useNow } from '@/lib/use-now';
import { useCampusSelection } from '@/stores/campus-selection';
import { useRestaurants } from '../api/use-restaurants';
import { RestaurantCard } from './restaurant-card';

/**
 * docs/product.md §2 Restaurants: the chosen campus's restaurants, searchable by name, cuisine,
 * location.
 */
export function RestaurantsScreen() {
  const { selectedUniversity, selectedCampus } = useCampusSelection();
  const [term, setTerm] = useState('');
  const restaurants = useRestaurants(selectedCampus?.id ?? null);
  const now = useNow();

  if (!selectedCampus) {
    return (
      <section className="mx-auto max-w-6xl px-4 py-4 sm:py-8">
        <h1 className="mb-6 text-2xl font-bold sm:text-3xl">Restaurants</h1>
        <SelectCampusMessage universityChosen={selectedUniversity !== null} what="restaurants" />
      </section>
    );
  }

  const all = restaurants.data ?? [];
  const shown = filterRestaurants(all, term);
  return (
    <section className="mx-auto max-w-6xl px-4 py-4 sm:py-8">
      <h1 className="text-2xl font-bold sm:text-3xl">
        {CATALOGUE_MESSAGES.restaurants.title(selectedCampus.name)}
      </h1>
      <div className="mt-4 mb-4 sm:mb-6">
        <SearchBox
          label="Search restaurants"
          placeholder={CATALOGUE_MESSAGES.restaurants.searchPlaceholder}
          value={term}
          onChange={setTerm}
        />
      </div>
      <ListState
        query={restaurants}
        loadingTitle={CATALOGUE_MESSAGES.restaurants.loading}
        items={all}
        shown={shown}
        emptyTitle={CATALOGUE_MESSAGES.restaurants.empty}
        emptyHint={CATALOGUE_MESSAGES.restaurants.emptyHint}
        noMatchTitle={CATALOGUE_MESSAGES.restaurants.noMatch(term.trim())}
        renderItem={(restaurant) => <RestaurantCard restaurant={restaurant} now={now} />}
      />
    </section>
  );
}
