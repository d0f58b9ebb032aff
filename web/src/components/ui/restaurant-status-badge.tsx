import type { RestaurantStatus } from '@campus/shared/domain/restaurant-hours';
import { useEffect } from 'react';

const TONES: Record<RestaurantStatus['state'], string> = {
  open: 'bg-green-100 text-green-900',
  closed: 'bg-red-100 text-red-900',
  unknown: 'bg-gray-200 text-gray-900',
};

/**
 * The open/closed badge of a restaurant. Unknown hours (a malformed stored time) are logged for the
 * operator; the student reads only 'Hours unknown'.
 */
export function RestaurantStatusBadge({
  restaurant,
  status,
}: {
  restaurant: { id: string; name: string; openTime?: string | null; closeTime?: string | null };
  status: RestaurantStatus;
}) {
  const unknown = status.state === 'unknown';
  useEffect(() => {
    if (unknown) {
      console.warn(
        `Restaurant ${restaurant.id} (${restaurant.name}) has malformed hours`,
        restaurant.openTime,
        restaurant.closeTime,
      );
    }
  }, [unknown, restaurant.id, restaurant.name, restaurant.openTime, restaurant.closeTime]);
  return (
    <p
      className={`mt-3 inline-flex w-fit rounded-full px-2.5 py-0.5 text-sm font-medium ${TONES[status.state]}`}
    >
      {status.label}
    </p>
  );
}
