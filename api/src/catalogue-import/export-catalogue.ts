import {
  CATALOGUE_FILE_HEADER,
  type TCatalogueKind,
} from '@campus/shared/domain/catalogue-import-api';
import { paisaToRupees } from '@campus/shared/domain/money';
import type { SheetCell } from '@campus/shared/domain/order';
import type { AdminDeps } from '../admin/deps';
import { type SheetExport, toCsv, toXlsx } from '../sheets/sheet-export';
import { type ImportScope, rulesOf } from './catalogue-kinds';

/** A download: its bytes (or text) and how the route names and types it. */
export type CatalogueFile = {
  body: Uint8Array<ArrayBuffer> | string;
  contentType: string;
  name: string;
};

const CONTENT_TYPE = {
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  csv: 'text/csv; charset=utf-8',
} as const;

async function fileOf(sheet: SheetExport, format: 'xlsx' | 'csv'): Promise<CatalogueFile> {
  // The CSV cells are guarded against formula injection (csvField); the workbook writes text as text.
  const body = format === 'csv' ? toCsv(sheet) : new Uint8Array(await toXlsx(sheet));
  return { body, contentType: CONTENT_TYPE[format], name: sheet.name };
}

/** The empty file of a kind: its header row only. */
export function catalogueTemplate(kind: TCatalogueKind, format: 'xlsx' | 'csv') {
  const name = kind === 'menu' ? 'menu-template' : 'mart-template';
  return fileOf({ name, header: CATALOGUE_FILE_HEADER[kind], rows: [] }, format);
}

/**
 * A menu or mart in the import's format (prices in rupees, as the admin forms type them), sorted
 * by name, so that export → edit → import changes only what was edited.
 */
export async function exportCatalogue(
  deps: Pick<AdminDeps, 'db'>,
  scope: ImportScope,
  format: 'xlsx' | 'csv',
): Promise<CatalogueFile> {
  const rules = rulesOf(scope);
  const items = await rules.load(deps.db, scope, false);
  items.sort((a, b) => a.name.localeCompare(b.name));
  const rows = items.map((item) =>
    rules.fields.map(
      (field): SheetCell => (field === 'price' ? paisaToRupees(item.price) : (item[field] ?? '')),
    ),
  );
  const header = CATALOGUE_FILE_HEADER[scope.kind];
  return fileOf({ name: scope.kind === 'menu' ? 'menu' : 'mart', header, rows }, format);
}
