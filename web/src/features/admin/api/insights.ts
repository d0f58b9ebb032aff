import { ADMIN_API } from '@campus/shared/domain/admin-api';
import { ZInsightsResponse } from '@campus/shared/domain/insights-api';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { adminGet, adminKeys } from './admin-client';

// The Insights tab's figures (GET /api/admin/insights, decision 014), checked against the shared
// schema before they are shown.

/** A campus ('' for every campus, a super admin's) and the days; '' asks for the last 30. */
export type TInsightsRequest = {
  universityId: string;
  campusId: string;
  from: string;
  to: string;
};

const insightsKey = (request: TInsightsRequest) => [...adminKeys.all, 'insights', request] as const;

function insightsPath(request: TInsightsRequest): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(request)) if (value) params.set(key, value);
  const query = params.toString();
  return query === '' ? ADMIN_API.insights : `${ADMIN_API.insights}?${query}`;
}

/** The figures of a campus (or every campus) over the days asked for. */
export function useInsights(request: TInsightsRequest, enabled = true) {
  return useQuery({
    queryKey: insightsKey(request),
    queryFn: async () => ZInsightsResponse.parse(await adminGet(insightsPath(request))),
    enabled,
    retry: false,
    refetchOnWindowFocus: false,
    // Another range keeps the last figures on screen until the new ones arrive.
    placeholderData: keepPreviousData,
  });
}
