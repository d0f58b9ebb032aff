import type { TRestaurantsResponse } from '@campus/shared/domain/catalogue-api';
import { useQuery } from '@tanstack/react-query';
import { apiGet } from '@/lib/api-client';
import { CATALOGUE_QUERY_KEY } from '@/lib/campus-selection';
import { restaurantsPath } from '@/lib/first-paint-requests';

/** The restaurants of a campus (public catalogue). */
export function useRestaurants(campusId: string | null) {
  return useQuery({
    queryKey: [CATALOGUE_QUERY_KEY, 'restaurants', campusId],
    ...apiGet<TRestaurantsResponse>(restaurantsPath(campusId ?? '')),
    select: (answer) => answer.restaurants,
    enabled: campusId !== null,
  });
}
