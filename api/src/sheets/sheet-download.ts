import type { Context } from 'hono';
import { attachmentDisposition, type SheetExport, toCsv, toXlsx } from './sheet-export';

/** The formats a table downloads in. */
export type SheetFormat = 'xlsx' | 'csv';

const CONTENT_TYPES: Record<SheetFormat, string> = {
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  csv: 'text/csv; charset=utf-8',
};

/**
 * A table as a file to save (an order tab, a batch's lists, an orders export, a menu): XLSX, or
 * CSV guarded against formulas, named after the table and never cached, as it holds people's
 * orders or a campus's prices.
 */
export async function sheetDownload(c: Context, sheet: SheetExport, format: SheetFormat) {
  const body = format === 'csv' ? toCsv(sheet) : new Uint8Array(await toXlsx(sheet));
  return c.body(body, 200, {
    'Content-Type': CONTENT_TYPES[format],
    'Content-Disposition': attachmentDisposition(sheet.name, format),
    'Cache-Control': 'no-store',
  });
}
