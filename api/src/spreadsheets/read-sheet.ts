import Papa from 'papaparse';
import { invalidArgument } from '../http/errors';
import { type ReadCell, readXlsx, type XlsxRefusal, XlsxRefused } from './read-xlsx';

/** A row of the file below its header, with its number in the spreadsheet (the header is row 1). */
export type ReadRow = { row: number; cells: ReadCell[] };

/** The first worksheet of a file: its header row and the rows below it that are not empty. */
export type ReadSheet = { header: string[]; rows: ReadRow[] };

/** What a reader of files says to the person, in its own words, and what it reads at most. */
export type SheetReading = {
  /** For the log: 'catalogue file', 'statement'. */
  what: string;
  maxRows: number;
  messages: Record<'notSpreadsheet' | 'noRows' | XlsxRefusal, string>;
};

const ZIP_MAGIC = [0x50, 0x4b, 0x03, 0x04];
const FORMULA_START = /^'[=+\-@\t\r]/;

const isZip = (bytes: Uint8Array) => ZIP_MAGIC.every((byte, index) => bytes[index] === byte);

const refuse = (message: string, logMessage: string) => invalidArgument(message, { logMessage });

function isBlankCell(cell: ReadCell): boolean {
  return typeof cell === 'string' && cell.trim() === '';
}

/** The workbook's rows, read within XLSX_BUDGET; a refusal in the reader's words. */
async function readWorkbook(bytes: Uint8Array, reading: SheetReading): Promise<ReadCell[][]> {
  try {
    return await readXlsx(bytes, reading.maxRows + 1);
  } catch (error) {
    if (!(error instanceof XlsxRefused)) throw error;
    throw invalidArgument(reading.messages[error.reason], {
      logMessage: `${reading.what}: ${error.message}`,
    });
  }
}

function readCsv(bytes: Uint8Array, { what, messages: M }: SheetReading): ReadCell[][] {
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    throw refuse(M.notSpreadsheet, `${what}: neither a zip nor UTF-8 text`);
  }
  // NUL never occurs in a CSV file: a binary (an .xls, an image) that happens to be valid UTF-8.
  if (text.includes('\u0000')) throw refuse(M.notSpreadsheet, `${what}: binary content`);
  const parsed = Papa.parse<string[]>(text.replace(/^\uFEFF/, ''), { skipEmptyLines: false });
  const broken = parsed.errors.find((error) => error.type === 'Quotes');
  if (broken) throw refuse(M.unreadable, `${what} csv: ${broken.message} (row ${broken.row})`);
  // Our CSV exports guard cells a spreadsheet would run ('=…' written as "'=…"): undo it, so
  // export → edit → import gives back the same names.
  return parsed.data.map((row) =>
    row.map((cell) => (FORMULA_START.test(cell) ? cell.slice(1) : cell)),
  );
}

/**
 * Reads an uploaded spreadsheet by its content (a zip is an .xlsx workbook, UTF-8 text a CSV
 * file; the file's name is not trusted): the header row and every row below it that has a value,
 * at most `reading.maxRows`. Refuses with a 400 whose message the person reads.
 */
export async function readSpreadsheet(
  bytes: Uint8Array,
  reading: SheetReading,
): Promise<ReadSheet> {
  const { what, maxRows, messages: M } = reading;
  if (bytes.length === 0) throw refuse(M.noRows, `${what}: empty`);
  const grid = isZip(bytes) ? await readWorkbook(bytes, reading) : readCsv(bytes, reading);
  const [headerCells = [], ...below] = grid;
  const header = headerCells.map((cell) => (typeof cell === 'object' ? '' : String(cell).trim()));
  const rows = below
    .map((cells, index) => ({ row: index + 2, cells }))
    .filter(({ cells }) => !cells.every(isBlankCell));
  if (rows.length > maxRows) throw refuse(M.tooManyRows, `${what} with ${rows.length} rows`);
  return { header, rows };
}
