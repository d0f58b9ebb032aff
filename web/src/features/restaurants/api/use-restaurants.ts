import type { TRestaurantsResponse } from '@campus/shared/domain/catalogue-api';
import { useQuery } from '@tanstack/react-query';
import { apiGet } from '@/lib/api-client';
import { restaurantsPath } from '@/lib/first-paint-requests';
import { CATALOGUE_QUERY_KEY } from '@/stores/campus-selection';

/** The restaurants of a campus (public catalogue). */
export function useRestaurants(campusId: string | null) {
  return useQuery({
    queryKey: [CATALOGUE_QUERY_KEY, 'restaurants', campusId],
    ...apiGet<TRestaurantsResponse>(restaurantsPath(campusId ?? '')),
    select: (answer) => answer.restaurants,
    enabled: campusId !== null,
  });
}
