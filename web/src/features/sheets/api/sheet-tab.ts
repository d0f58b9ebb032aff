import { AppError } from '@campus/shared/domain/app-error';
import type { TSheetTabRowsResponse } from '@campus/shared/domain/sheet-requests';
import { useQuery } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';

const tabPath = (name: string) => `/api/sheets/tabs/${encodeURIComponent(name)}`;

/** The address of a tab's download; the browser sends the session cookie with it. */
export function sheetExportUrl(name: string, format: 'xlsx' | 'csv'): string {
  return `${tabPath(name)}/export.${format}`;
}

/** Whether asking again could help: not for 4xx (access, a missing tab), which stay as they are. */
function worthRetrying(failures: number, error: Error): boolean {
  const status = error instanceof AppError ? error.status : 0;
  return failures < 2 && !(status >= 400 && status < 500);
}

/** Every row of one tab of the local orders spreadsheet. */
export function useSheetTab(name: string) {
  return useQuery({
    queryKey: ['sheet-tab', name],
    queryFn: () => apiFetch<TSheetTabRowsResponse>(`${tabPath(name)}/rows`),
    enabled: name !== '',
    retry: worthRetrying,
  });
}
