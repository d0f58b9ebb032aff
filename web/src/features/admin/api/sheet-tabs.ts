import type {
  TSetAsideRowsResponse,
  TSheetJobResponse,
  TSheetTabsResponse,
} from '@campus/shared/domain/sheet-requests';
import { apiPost } from '@/lib/api-client';
import { adminGet, adminKeys, useAdminQuery } from './admin-client';

/** The spreadsheet's tabs: all for a super admin, only their own for a campus admin. */
const fetchSheetTabs = () => adminGet<TSheetTabsResponse>('/api/sheets/tabs');

/** The tab's orders whose rows the spreadsheet refused for their content. */
const fetchSetAsideRows = (tab: string) =>
  adminGet<TSetAsideRowsResponse>(`/api/sheets/tabs/${encodeURIComponent(tab)}/set-aside`);

/** Asks the worker to make sure the Master tab exists (super admin dashboard load). */
export const ensureMasterTab = () => apiPost<TSheetJobResponse>('/api/sheets/master', {});

/** The spreadsheet's tabs (GET /api/sheets/tabs). */
export function useSheetTabs(enabled = true) {
  return useAdminQuery(adminKeys.sheetTabs(), fetchSheetTabs, (answer) => answer.tabs, enabled);
}

/** The tab's set-aside rows (GET /api/sheets/tabs/:name/set-aside). */
export function useSetAsideRows(tab: string | null) {
  return useAdminQuery(
    adminKeys.setAsideRows(tab ?? ''),
    () => fetchSetAsideRows(tab ?? ''),
    (answer) => answer.rows,
    tab !== null,
  );
}
