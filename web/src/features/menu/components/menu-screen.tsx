import { formatError } from '@campus/shared/domain/error-catalogue';
import { isRestaurantOpen, restaurantStatusLabel } from '@campus/shared/domain/restaurant-hours';
import { CATALOGUE_MESSAGES } from '@campus/shared/domain/screen-messages';
import { filterMenuItems } from '@campus/shared/domain/search';
import { useState } from 'react';
import { useParams } from 'react-router-dom';
import { FloatingCartButton } from '@/components/cart/floating-cart-button';
import { Alert } from '@/components/ui/alert';
import { ListState } from '@/components/ui/list-state';
import { SearchBox } from '@/components/ui/search-box';
import { StatusMessage } from '@/components/ui/status-message';
import { useCampusSelection } from '@/lib/campus-selection';
import { useNow } from '@/lib/use-now';
import { useRestaurantMenu } from '../api/use-restaurant-menu';
import { MenuItemCard } from './menu-item-card';

/** SPEC §2 Menu: one restaurant's menu, searchable by item name and description. */
export function MenuScreen() {
  const { restaurantId = '' } = useParams();
  const { selectedCampus } = useCampusSelection();
  const menu = useRestaurantMenu(restaurantId, selectedCampus?.id ?? null);
  const [term, setTerm] = useState('');
  const now = useNow();

  if (menu.isPending || menu.isError) {
    return (
      <section className="mx-auto max-w-6xl px-4 py-8">
        <h1 className="mb-6 text-3xl font-bold">Menu</h1>
        {menu.isPending ? (
          <StatusMessage title={CATALOGUE_MESSAGES.menu.loading} busy />
        ) : (
          <Alert>{formatError(menu.error).message}</Alert>
        )}
        <FloatingCartButton />
      </section>
    );
  }

  const { restaurant, menuItems } = menu.data;
  const open = isRestaurantOpen(restaurant, now);
  const shown = filterMenuItems(menuItems, term);
  return (
    <section className="mx-auto max-w-6xl px-4 py-8">
      <h1 className="text-3xl font-bold">{CATALOGUE_MESSAGES.menu.title(restaurant.name)}</h1>
      <p className="mt-2 text-gray-700">
        {restaurant.location} · {restaurant.cuisine}
      </p>
      <p
        className={`mt-2 inline-flex rounded-full px-2.5 py-0.5 text-sm font-medium ${
          open ? 'bg-green-100 text-green-900' : 'bg-red-100 text-red-900'
        }`}
      >
        {restaurantStatusLabel(restaurant, now)}
      </p>
      <div className="mt-4 mb-6">
        <SearchBox
          label="Search the menu"
          placeholder="Search menu items by name or description..."
          value={term}
          onChange={setTerm}
        />
      </div>
      <ListState
        items={menuItems}
        shown={shown}
        emptyTitle={CATALOGUE_MESSAGES.menu.empty}
        noMatchTitle={CATALOGUE_MESSAGES.menu.noMatch(term.trim())}
        renderItem={(item) => <MenuItemCard item={item} restaurant={restaurant} open={open} />}
      />
      <FloatingCartButton />
    </section>
  );
}
