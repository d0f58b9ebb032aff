import { filterRestaurants } from '@campus/shared/domain/search';
import { useState } from 'react';
import { ListState } from '@/components/ui/list-state';
import { SearchBox } from '@/components/ui/search-box';
import { SelectCampusMessage } from '@/components/ui/select-campus-message';
import { useCampusSelection } from '@/lib/campus-selection';
import { useNow } from '@/lib/use-now';
import { useRestaurants } from '../api/use-restaurants';
import { RestaurantCard } from './restaurant-card';

/** SPEC §2 Restaurants: the chosen campus's restaurants, searchable by name, cuisine, location. */
export function RestaurantsScreen() {
  const { selectedUniversity, selectedCampus } = useCampusSelection();
  const [term, setTerm] = useState('');
  const restaurants = useRestaurants(selectedCampus?.id ?? null);
  const now = useNow();

  if (!selectedCampus) {
    return (
      <section className="mx-auto max-w-6xl px-4 py-8">
        <h1 className="mb-6 text-3xl font-bold">Restaurants</h1>
        <SelectCampusMessage universityChosen={selectedUniversity !== null} what="restaurants" />
      </section>
    );
  }

  const all = restaurants.data ?? [];
  const shown = filterRestaurants(all, term);
  return (
    <section className="mx-auto max-w-6xl px-4 py-8">
      <h1 className="text-3xl font-bold">Restaurants at {selectedCampus.name}</h1>
      <div className="mt-4 mb-6">
        <SearchBox
          label="Search restaurants"
          placeholder="Search restaurants by name, cuisine, or location..."
          value={term}
          onChange={setTerm}
        />
      </div>
      <ListState
        query={restaurants}
        loadingTitle="Loading Restaurants..."
        items={all}
        shown={shown}
        emptyTitle="No restaurants available at this campus"
        emptyHint="Check back later for new restaurants!"
        noMatchTitle={`No restaurants found matching "${term.trim()}"`}
        renderItem={(restaurant) => <RestaurantCard restaurant={restaurant} now={now} />}
      />
    </section>
  );
}
