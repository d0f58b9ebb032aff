import type { TRestaurant } from '@campus/shared/domain/entities';
import { restaurantStatus } from '@campus/shared/domain/restaurant-hours';
import { Link } from '@/components/link';
import { primaryButton } from '@/components/ui/button-styles';
import { RestaurantStatusBadge } from '@/components/ui/restaurant-status-badge';

/** One restaurant: name, location, cuisine, open/closed badge (device clock) and 'View Menu'. */
export function RestaurantCard({ restaurant, now }: { restaurant: TRestaurant; now: Date }) {
  const status = restaurantStatus(restaurant, now);
  return (
    <article className="flex w-full flex-col rounded-lg border border-gray-200 bg-white p-4 shadow-sm">
      <h2 className="text-lg font-semibold">{restaurant.name}</h2>
      <dl className="mt-2 space-y-1 text-sm text-gray-700">
        <div>
          <dt className="sr-only">Location</dt>
          <dd>{restaurant.location}</dd>
        </div>
        <div>
          <dt className="sr-only">Cuisine</dt>
          <dd>{restaurant.cuisine}</dd>
        </div>
      </dl>
      <RestaurantStatusBadge restaurant={restaurant} status={status} />
      <Link
        to={`/menu/${encodeURIComponent(restaurant.id)}`}
        aria-label={`View Menu: ${restaurant.name}`}
        className={`${primaryButton} mt-4`}
      >
        View Menu
      </Link>
    </article>
  );
}
