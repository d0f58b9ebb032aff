import { ADMIN_API, type TOverviewResponse } from '@campus/shared/domain/admin-api';
import { adminGet, adminKeys, useAdminQuery } from './admin-client';

const fetchOverview = () => adminGet<TOverviewResponse>(ADMIN_API.overview);

/** The counts of the System Overview (GET /api/admin/overview). */
export function useAdminOverview() {
  return useAdminQuery(adminKeys.overview(), fetchOverview, (answer) => answer);
}
