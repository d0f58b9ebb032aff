import { csvText } from '@campus/shared/domain/csv';
import type { SheetCell } from '@campus/shared/domain/order';
import ExcelJS from 'exceljs';

/** A tab as the downloads carry it: its header row and every row below it. */
export type SheetExport = {
  name: string;
  header: readonly string[];
  rows: readonly (readonly SheetCell[])[];
};

/**
 * The tab as RFC 4180 CSV: CRLF between records, header first. It starts with a UTF-8 byte order
 * mark, without which Excel reads the file as Windows-1252 and garbles Urdu names and 'Rs'.
 */
export function toCsv(sheet: Pick<SheetExport, 'header' | 'rows'>): string {
  return csvText(sheet.header, sheet.rows);
}

const MIN_COLUMN_WIDTH = 8;
const MAX_COLUMN_WIDTH = 60;

/** The widest line of a cell, in characters. */
function widthOf(cell: SheetCell | undefined): number {
  if (cell === undefined) return 0;
  return String(cell)
    .split('\n')
    .reduce((most, line) => Math.max(most, line.length), 0);
}

// Excel refuses a worksheet name over 31 characters or with any of : \ / ? * [ ].
function worksheetName(name: string): string {
  const cleaned = name.replace(/[:\\/?*[\]]/g, '_').slice(0, 31);
  return cleaned.trim() === '' ? 'Orders' : cleaned;
}

/**
 * The tab as an .xlsx workbook: the header row bold and frozen, columns as wide as their content
 * (within bounds), long text wrapped, numbers kept as numbers. Text is always written as text, so
 * a cell starting with '=' is never a formula in the file.
 */
export async function toXlsx(sheet: SheetExport): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  workbook.creator = 'CampusBucket';
  workbook.created = new Date();
  const worksheet = workbook.addWorksheet(worksheetName(sheet.name), {
    views: [{ state: 'frozen', ySplit: 1 }],
  });
  const columnCount = sheet.rows.reduce(
    (most, row) => Math.max(most, row.length),
    sheet.header.length,
  );
  worksheet.addRow([...sheet.header]);
  for (const row of sheet.rows) worksheet.addRow([...row]);
  worksheet.getRow(1).font = { bold: true };
  for (let index = 0; index < columnCount; index++) {
    // reduce, not Math.max(...rows): a spread of a long tab overflows the call stack.
    const widest = sheet.rows.reduce(
      (most, row) => Math.max(most, widthOf(row[index])),
      widthOf(sheet.header[index]),
    );
    const column = worksheet.getColumn(index + 1);
    column.width = Math.min(MAX_COLUMN_WIDTH, Math.max(MIN_COLUMN_WIDTH, widest + 2));
    // Wider than the column or on several lines (Cart Items): wrap instead of running over.
    const multiline = sheet.rows.some((row) => String(row[index] ?? '').includes('\n'));
    if (widest + 2 > MAX_COLUMN_WIDTH || multiline) {
      column.alignment = { wrapText: true, vertical: 'top' };
    }
  }
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

/**
 * A Content-Disposition that downloads the file under the tab's name: an ASCII `filename` for
 * old clients and the exact name as RFC 5987 `filename*` (tab names may hold any letter).
 */
export function attachmentDisposition(name: string, extension: 'xlsx' | 'csv'): string {
  const ascii = name.replace(/[^A-Za-z0-9_.-]/g, '_') || 'orders';
  return `attachment; filename="${ascii}.${extension}"; filename*=UTF-8''${encodeURIComponent(`${name}.${extension}`)}`;
}
