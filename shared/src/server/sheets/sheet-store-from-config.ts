import { googleSheetsConfig, type TServerConfig } from '../config';
import type { Db } from '../db/client';
import { createGoogleSheetStore } from './google-sheet-store';
import { createLocalSheetStore } from './local-sheet-store';
import type { SheetStore } from './sheet-store';

/** Google Sheets when GOOGLE_SHEETS_* are set, else tabs in our own database. */
export function sheetStoreFromConfig(config: TServerConfig, db: Db): SheetStore {
  const google = googleSheetsConfig(config);
  return google ? createGoogleSheetStore(google) : createLocalSheetStore(db);
}
