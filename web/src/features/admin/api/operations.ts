import {
  OPERATIONS_API,
  type TOperationsOverviewResponse,
  type TOrdersExportQuery,
} from '@campus/shared/domain/operations-api';
import { adminGet, useAdminQuery } from './admin-client';

/** The campus the figures are about; both empty: every campus (a super admin's). */
export type TOperationsCampus = { universityId: string; campusId: string };

const queryOf = (values: Record<string, string | undefined>) => {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(values)) if (value) params.set(key, value);
  const text = params.toString();
  return text === '' ? '' : `?${text}`;
};

/** What an operator reads first (GET /api/admin/operations), for a campus or every campus. */
export function useOperationsOverview(campus: TOperationsCampus) {
  const path = `${OPERATIONS_API.overview}${queryOf(campus)}`;
  return useAdminQuery(
    ['admin', 'operations', campus.universityId, campus.campusId],
    () => adminGet<TOperationsOverviewResponse>(path),
    (answer) => answer,
  );
}

/** The addresses of the orders export of these filters, as XLSX and as CSV. */
export function ordersExportHrefs(filters: Partial<Record<keyof TOrdersExportQuery, string>>) {
  const query = queryOf(filters);
  return {
    xlsx: `${OPERATIONS_API.ordersExportXlsx}${query}`,
    csv: `${OPERATIONS_API.ordersExportCsv}${query}`,
  };
}
