import type { TRestaurantMenuResponse } from '@campus/shared/domain/catalogue-api';
import { useQuery } from '@tanstack/react-query';
import { apiGet } from '@/lib/api-client';
import { restaurantMenuPath } from '@/lib/first-paint-requests';
import { CATALOGUE_QUERY_KEY } from '@/stores/campus-selection';

/**
 * A restaurant and its menu. With a campus chosen the restaurant must be at that campus (else the
 * api answers 'Restaurant not found at this campus.'); without one, any campus's restaurant.
 */
export function useRestaurantMenu(restaurantId: string, campusId: string | null) {
  return useQuery({
    queryKey: [CATALOGUE_QUERY_KEY, 'menu', campusId, restaurantId],
    ...apiGet<TRestaurantMenuResponse>(restaurantMenuPath(campusId, restaurantId)),
    // A restaurant that is not there will not appear by asking again.
    retry: (failures, error) =>
      failures < 2 && !(error instanceof Error && 'status' in error && error.status === 404),
  });
}
