import type { SheetCell } from './order';

// The answers of the own-backend sheet calls the admin screens make (SPEC §7; every one is
// `{ ok: true, ... }` or the error shape of CONVENTIONS.md). Set-aside rows: sheet-requests.ts.

/** A tab of the orders spreadsheet and the address 'View Orders' opens. */
export interface TSheetTabLink {
  name: string;
  sheetId: number;
  /** Local: the app's own /sheets/{tab} page (a path); Google: the tab's URL with its gid. */
  url: string;
}

/** GET /api/sheets/tabs: all tabs for a super admin, only their campus's for a campus admin. */
export interface TSheetTabsResponse {
  ok: true;
  tabs: TSheetTabLink[];
}

/** POST /api/sheets/master (and the tab create and delete calls): the tab job was queued. */
export interface TSheetTabJobResponse {
  ok: true;
  tabName: string;
  jobId: string;
}

/** GET /api/sheets/tabs/:name/rows: one tab of the local orders spreadsheet, header first. */
export interface TSheetTabRowsResponse {
  ok: true;
  tab: TSheetTabLink;
  header: string[];
  rows: SheetCell[][];
}
