import type { TRestaurant } from '@campus/shared/domain/entities';
import { isRestaurantOpen, restaurantStatusLabel } from '@campus/shared/domain/restaurant-hours';
import { Link } from 'react-router-dom';
import { primaryButton } from '@/components/ui/button-styles';

/** One restaurant: name, location, cuisine, open/closed badge (device clock) and 'View Menu'. */
export function RestaurantCard({ restaurant, now }: { restaurant: TRestaurant; now: Date }) {
  const open = isRestaurantOpen(restaurant, now);
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
      <p
        className={`mt-3 inline-flex w-fit rounded-full px-2.5 py-0.5 text-sm font-medium ${
          open ? 'bg-green-100 text-green-900' : 'bg-red-100 text-red-900'
        }`}
      >
        {restaurantStatusLabel(restaurant, now)}
      </p>
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
