import {
  CATALOGUE_FILE_MAX_ROWS,
  CATALOGUE_IMPORT_MESSAGES as M,
} from '@campus/shared/domain/catalogue-import-api';
import ExcelJS from 'exceljs';
import Papa from 'papaparse';
import { invalidArgument } from '../http/errors';

/** A cell as the import reads it: text, a number, or a formula, whose value is never used. */
export type ReadCell = string | number | { formula: true };

/** A row of the file below its header, with its number in the spreadsheet (the header is row 1). */
export type ReadRow = { row: number; cells: ReadCell[] };

/** The first worksheet of a file: its header row and the rows below it that are not empty. */
export type ReadSheet = { header: string[]; rows: ReadRow[] };

const ZIP_MAGIC = [0x50, 0x4b, 0x03, 0x04];
const FORMULA_START = /^'[=+\-@\t\r]/;

const isZip = (bytes: Uint8Array) => ZIP_MAGIC.every((byte, index) => bytes[index] === byte);

const refuse = (message: string, logMessage: string) => invalidArgument(message, { logMessage });

function isBlankCell(cell: ReadCell): boolean {
  return typeof cell === 'string' && cell.trim() === '';
}

function tooManyRows(count: number) {
  if (count > CATALOGUE_FILE_MAX_ROWS + 1) {
    throw refuse(M.tooManyRows, `catalogue file with ${count} rows`);
  }
}

/** A cell of exceljs as text or a number; formulas (and errors they left) are marked, not evaluated. */
function excelCell(value: ExcelJS.CellValue): ReadCell {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') return value;
  if (typeof value === 'string') return value;
  if (typeof value === 'boolean') return String(value);
  if (value instanceof Date) return value.toISOString();
  if ('formula' in value || 'sharedFormula' in value || 'error' in value) return { formula: true };
  if ('richText' in value) return value.richText.map((part) => part.text).join('');
  if ('text' in value) return typeof value.text === 'string' ? value.text : '';
  return '';
}

async function readXlsx(bytes: Uint8Array): Promise<ReadCell[][]> {
  const workbook = new ExcelJS.Workbook();
  try {
    await workbook.xlsx.load(bytes as unknown as ArrayBuffer);
  } catch (cause) {
    throw invalidArgument(M.unreadable, { logMessage: 'catalogue file: not an xlsx', cause });
  }
  const sheet = workbook.worksheets[0];
  if (!sheet) throw refuse(M.unreadable, 'catalogue file: a workbook without worksheets');
  tooManyRows(sheet.actualRowCount);
  const rows: ReadCell[][] = [];
  sheet.eachRow({ includeEmpty: true }, (row, rowNumber) => {
    const values = row.values as ExcelJS.CellValue[];
    // exceljs numbers columns from 1: values[0] is always empty.
    rows[rowNumber - 1] = values.slice(1).map(excelCell);
  });
  return Array.from(rows, (row) => row ?? []);
}

function readCsv(bytes: Uint8Array): ReadCell[][] {
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    throw refuse(M.notSpreadsheet, 'catalogue file: neither a zip nor UTF-8 text');
  }
  // NUL never occurs in a CSV file: a binary (an .xls, an image) that happens to be valid UTF-8.
  if (text.includes('\u0000')) throw refuse(M.notSpreadsheet, 'catalogue file: binary content');
  const parsed = Papa.parse<string[]>(text.replace(/^\uFEFF/, ''), { skipEmptyLines: false });
  const broken = parsed.errors.find((error) => error.type === 'Quotes');
  if (broken) throw refuse(M.unreadable, `catalogue csv: ${broken.message} (row ${broken.row})`);
  // Our CSV export guards cells a spreadsheet would run ('=…' written as "'=…"): undo it, so
  // export → edit → import gives back the same names.
  return parsed.data.map((row) =>
    row.map((cell) => (FORMULA_START.test(cell) ? cell.slice(1) : cell)),
  );
}

/**
 * Reads an uploaded catalogue file by its content (a zip is an .xlsx workbook, UTF-8 text a CSV
 * file; the file's name is not trusted): the header row and every row below it that has a value,
 * at most CATALOGUE_FILE_MAX_ROWS. Refuses with a 400 whose message the person reads.
 */
export async function readSpreadsheet(bytes: Uint8Array): Promise<ReadSheet> {
  if (bytes.length === 0) throw refuse(M.noRows, 'catalogue file: empty');
  const grid = isZip(bytes) ? await readXlsx(bytes) : readCsv(bytes);
  const [headerCells = [], ...below] = grid;
  const header = headerCells.map((cell) => (typeof cell === 'object' ? '' : String(cell).trim()));
  const rows = below
    .map((cells, index) => ({ row: index + 2, cells }))
    .filter(({ cells }) => !cells.every(isBlankCell));
  if (rows.length > CATALOGUE_FILE_MAX_ROWS) {
    throw refuse(M.tooManyRows, `catalogue file with ${rows.length} item rows`);
  }
  return { header, rows };
}
