import type { TCatalogueMartItemsResponse } from '@campus/shared/domain/catalogue-api';
import { useQuery } from '@tanstack/react-query';
import { apiGet } from '@/lib/api-client';
import { martItemsPath } from '@/lib/first-paint-requests';
import { CATALOGUE_QUERY_KEY } from '@/stores/campus-selection';

/** The mart items of a campus (public catalogue). */
export function useMartItems(campusId: string | null) {
  return useQuery({
    queryKey: [CATALOGUE_QUERY_KEY, 'mart-items', campusId],
    ...apiGet<TCatalogueMartItemsResponse>(martItemsPath(campusId ?? '')),
    select: (answer) => answer.martItems,
    enabled: campusId !== null,
  });
}
