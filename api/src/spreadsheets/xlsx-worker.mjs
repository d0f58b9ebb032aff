// Reads the first worksheet of an .xlsx workbook in a worker thread (read-grid.ts starts it with a
// heap ceiling), row by row with exceljs's streaming reader, stopping past the most rows wanted: a
// workbook that inflates far past its size costs this thread, never the api's event loop.
// Plain JavaScript: the worker runs as it is in the workspace and is bundled as its own entry.
import { Readable } from 'node:stream';
import { parentPort, workerData } from 'node:worker_threads';
import ExcelJS from 'exceljs';

/**
 * A cell of exceljs as text or a number; formulas (and errors they left) are marked, not
 * evaluated.
 * @param {ExcelJS.CellValue} value
 * @returns {string | number | { formula: true }}
 */
function cellOf(value) {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number' || typeof value === 'string') return value;
  if (typeof value === 'boolean') return String(value);
  if (value instanceof Date) return value.toISOString();
  if ('formula' in value || 'sharedFormula' in value || 'error' in value) return { formula: true };
  if ('richText' in value) return value.richText.map((part) => part.text).join('');
  if ('text' in value) return typeof value.text === 'string' ? value.text : '';
  return '';
}

/** @param {{ bytes: Uint8Array, maxRows: number }} input */
async function read({ bytes, maxRows }) {
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(Readable.from([Buffer.from(bytes)]), {
    sharedStrings: 'cache',
    hyperlinks: 'ignore',
    styles: 'ignore',
    worksheets: 'emit',
  });
  for await (const sheet of reader) {
    /** @type {Array<Array<string | number | { formula: true }>>} */
    const rows = [];
    for await (const row of sheet) {
      if (row.number > maxRows) return { refused: 'tooManyRows', rows: row.number };
      // exceljs numbers columns from 1: values[0] is always empty.
      rows[row.number - 1] = /** @type {ExcelJS.CellValue[]} */ (row.values).slice(1).map(cellOf);
    }
    return { grid: Array.from(rows, (row) => row ?? []) };
  }
  return { refused: 'noWorksheet' };
}

read(workerData).then(
  (answer) => parentPort?.postMessage(answer),
  (error) => parentPort?.postMessage({ refused: 'unreadable', reason: String(error) }),
);
