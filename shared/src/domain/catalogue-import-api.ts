import { z } from 'zod';
import { ADMIN_API } from './admin-api';

// Catalogue import and export (docs/product.md §10): a restaurant's menu or a campus's mart as an
// XLSX or CSV file, in the columns of the admin forms (photos stay out of the file). The api parses
// the file, previews what it would do, and applies exactly that preview in one transaction.

/** What a file holds: a restaurant's menu items or a campus's mart items. */
export type TCatalogueKind = 'menu' | 'mart';

/** The header row of each kind's file, in the template's order. */
export const CATALOGUE_FILE_HEADER = {
  menu: ['Name', 'Price', 'Description'],
  mart: ['Name', 'Price', 'Category', 'Stock', 'Description'],
} as const satisfies Record<TCatalogueKind, readonly string[]>;

/**
 * The mart export's last column: the stock each item had when the file was made. A row whose
 * Stock still says the same leaves the stock to the orders that moved it since (the mart form's
 * rule); a new number sets it. Without the column (the template), Stock sets the stock.
 */
export const STOCK_WHEN_EXPORTED = 'Stock when exported';

/** The largest file the api reads (2 MB); larger ones are refused before they are read. */
export const CATALOGUE_FILE_MAX_BYTES = 2 * 1024 * 1024;

/** Previews and imports one person may run in a while: each reads a whole file. */
export const CATALOGUE_IMPORT_LIMIT = { max: 30, minutes: 10 } as const;

/** The most item rows a file may have, below its header. */
export const CATALOGUE_FILE_MAX_ROWS = 2000;

/**
 * The paths of the import and export routes of each kind (query: restaurantId, or universityId and
 * campusId).
 */
export function catalogueFilePaths(kind: TCatalogueKind) {
  const base = kind === 'menu' ? ADMIN_API.menuItems : ADMIN_API.martItems;
  return {
    template: (format: 'xlsx' | 'csv') => `${base}/template.${format}`,
    export: (format: 'xlsx' | 'csv') => `${base}/export.${format}`,
    preview: `${base}/import/preview`,
    apply: `${base}/import/apply`,
  } as const;
}

const WHAT = { menu: 'menu', mart: 'mart' } as const;

/** Messages of the import, for the whole file or one row. */
export const CATALOGUE_IMPORT_MESSAGES = {
  fileRequired: 'Choose an .xlsx or .csv file to import.',
  notSpreadsheet: 'The file must be an Excel workbook (.xlsx) or a CSV file (.csv).',
  unreadable: 'The file could not be read as a spreadsheet. Save it again as .xlsx or .csv.',
  tooLarge: 'The file is over 2 MB. Split it into smaller files.',
  unpacksTooLarge:
    'The workbook unpacks to far more than its items need. Save it again without pictures or other sheets, or as .csv.',
  tooManyRows: `The file has more than ${CATALOGUE_FILE_MAX_ROWS.toLocaleString('en-US')} rows. Split it into smaller files.`,
  noRows: 'The file has no items below its header row.',
  tooManyFiles: `You can preview or import at most ${CATALOGUE_IMPORT_LIMIT.max} files in ${CATALOGUE_IMPORT_LIMIT.minutes} minutes. Please wait a few minutes and try again.`,
  missingHeader: (kind: TCatalogueKind, missing: readonly string[]) =>
    `The first row must be the header ${CATALOGUE_FILE_HEADER[kind].join(', ')}; missing: ${missing.join(', ')}.`,
  duplicateName: (firstRow: number) => `The same name as row ${firstRow}; each item once per file.`,
  ambiguousName: (kind: TCatalogueKind) =>
    `Several items of the ${WHAT[kind]} have this name; rename them in the list first.`,
  formula: 'A cell of this row is a formula; type its value instead.',
  tokenRequired: 'Preview the file before applying it.',
  changedSincePreview: (kind: TCatalogueKind) =>
    `The ${WHAT[kind]} changed since the preview; preview again.`,
  invalidRows: (rows: readonly number[]) =>
    `Fix the invalid rows first (row ${rows.slice(0, 10).join(', ')}${rows.length > 10 ? ', …' : ''}); nothing was imported.`,
  leftAlone: (count: number) =>
    `${count} item${count === 1 ? '' : 's'} not in the file will be left as they are.`,
} as const;

/** What importing a row does. */
export const ZImportRowState = z.enum(['new', 'changed', 'unchanged', 'invalid']);
export type TImportRowState = z.infer<typeof ZImportRowState>;

/** One field a row sets: its value now (null for a new item) and in the file; prices in paisa. */
export const ZImportChange = z.object({
  field: z.enum(['name', 'price', 'description', 'category', 'stock']),
  from: z.union([z.string(), z.number()]).nullable(),
  to: z.union([z.string(), z.number()]),
});
export type TImportChange = z.infer<typeof ZImportChange>;

/**
 * A row of the file as the preview shows it; `row` is its number in the spreadsheet (header: 1).
 */
export const ZImportRow = z.object({
  row: z.number().int(),
  name: z.string(),
  state: ZImportRowState,
  changes: z.array(ZImportChange),
  /** Why an invalid row is refused (the admin form's message), else null. */
  reason: z.string().nullable(),
});
export type TImportRow = z.infer<typeof ZImportRow>;

/** POST …/import/preview: every row, the counts, and the token the apply must send back. */
export const ZImportPreviewResponse = z.object({
  ok: z.literal(true),
  kind: z.enum(['menu', 'mart']),
  rows: z.array(ZImportRow),
  counts: z.object({
    new: z.number().int(),
    changed: z.number().int(),
    unchanged: z.number().int(),
    invalid: z.number().int(),
  }),
  /** Items of the menu (or mart) that the file does not name: left as they are. */
  leftAlone: z.number().int(),
  /**
   * The preview's fingerprint; the apply refuses with 409 when the same file previews otherwise.
   */
  token: z.string(),
});
export type TImportPreviewResponse = z.infer<typeof ZImportPreviewResponse>;

/** POST …/import/apply (multipart: the same file and the preview's token). */
export const ZImportApplyResponse = z.object({
  ok: z.literal(true),
  created: z.number().int(),
  updated: z.number().int(),
  unchanged: z.number().int(),
});
export type TImportApplyResponse = z.infer<typeof ZImportApplyResponse>;
