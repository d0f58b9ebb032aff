import type {
  LocalSheetStore,
  SheetTabContents,
} from '@campus/shared/server/sheets/local-sheet-store';
import type { SheetStore } from '@campus/shared/server/sheets/sheet-store';
import { notFound } from '../http/errors';

/** The local store keeps rows the app can show and export; Google's are read in Google. */
function isLocalSheetStore(store: SheetStore): store is LocalSheetStore {
  return store.kind === 'local' && 'readTab' in store;
}

/** The whole tab from the local store; a 404 for a tab that is not there, or with Google. */
export async function readSheetTab(sheets: SheetStore, name: string): Promise<SheetTabContents> {
  if (!isLocalSheetStore(sheets)) throw notFound();
  const contents = await sheets.readTab(name);
  if (!contents) throw notFound();
  return contents;
}
