import { menuItemToCartLine } from '@campus/shared/domain/cart';
import { restaurantStatus } from '@campus/shared/domain/restaurant-hours';
import { filterMenuItems } from '@campus/shared/domain/search';
import { CATALOGUE_MESSAGES } from '@campus/shared/domain/storefront-messages';
import { useMemo, useState } from 'react';
import { useParams } from 'react-router-dom';
import { FloatingCartButton } from '@/components/cart/floating-cart-button';
import { ListState } from '@/components/ui/list-state';
import { LoadFailure } from '@/components/ui/load-failure';
import { RestaurantStatusBadge } from '@/components/ui/restaurant-status-badge';
import { SearchBox } from '@/components/ui/search-box';
import { StatusMessage } from '@/components/ui/status-message';
import { useNow } from '@/lib/use-now';
import { useCampusSelection } from '@/stores/campus-selection';
import { useRepriceFrom } from '@/stores/cart';
import { useRestaurantMenu } from '../api/use-restaurant-menu';
import { MenuItemCard } from './menu-item-card';

/** docs/product.md §2 Menu: one restaurant's menu, searchable by item name and description. */
export function MenuScreen() {
  const { restaurantId = '' } = useParams();
  const { selectedCampus } = useCampusSelection();
  const menu = useRestaurantMenu(restaurantId, selectedCampus?.id ?? null);
  const [term, setTerm] = useState('');
  const now = useNow();
  const asLines = useMemo(
    () => menu.data?.menuItems.map((item) => menuItemToCartLine(item, menu.data.restaurant)),
    [menu.data],
  );
  useRepriceFrom(asLines);

  if (menu.isPending || menu.isError) {
    return (
      <section className="mx-auto max-w-6xl px-4 py-4 sm:py-8">
        <h1 className="mb-6 text-2xl font-bold sm:text-3xl">Menu</h1>
        {menu.isPending ? (
          <StatusMessage title={CATALOGUE_MESSAGES.menu.loading} busy />
        ) : (
          <LoadFailure error={menu.error} onRetry={() => menu.refetch()} />
        )}
        <FloatingCartButton />
      </section>
    );
  }

  const { restaurant, menuItems } = menu.data;
  const status = restaurantStatus(restaurant, now);
  const open = status.state === 'open';
  const shown = filterMenuItems(menuItems, term);
  return (
    <section className="mx-auto max-w-6xl px-4 py-4 sm:py-8">
      <h1 className="text-2xl font-bold sm:text-3xl">
        {CATALOGUE_MESSAGES.menu.title(restaurant.name)}
      </h1>
      <p className="mt-2 text-gray-700">
        {restaurant.location} · {restaurant.cuisine}
      </p>
      <RestaurantStatusBadge restaurant={restaurant} status={status} />
      <div className="mt-4 mb-4 sm:mb-6">
        <SearchBox
          label="Search the menu"
          placeholder="Search menu items by name or description..."
          value={term}
          onChange={setTerm}
        />
      </div>
      <ListState
        key={term}
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
