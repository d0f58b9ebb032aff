import {
  CATALOGUE_FILE_MAX_ROWS,
  CATALOGUE_IMPORT_MESSAGES,
} from '@campus/shared/domain/catalogue-import-api';
import { type ReadSheet, readSpreadsheet } from '../spreadsheets/read-sheet';

/** An uploaded catalogue file's rows, at most CATALOGUE_FILE_MAX_ROWS, refused in its words. */
export function readCatalogueFile(bytes: Uint8Array): Promise<ReadSheet> {
  return readSpreadsheet(bytes, {
    what: 'catalogue file',
    maxRows: CATALOGUE_FILE_MAX_ROWS,
    messages: CATALOGUE_IMPORT_MESSAGES,
  });
}
