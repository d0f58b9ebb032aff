import type { SheetCell } from './order';

// Cells a spreadsheet program would run as a formula when the file is opened (OWASP "CSV
// injection"): '=', '+', '-', '@', and tab / carriage return, which some programs skip first.
const FORMULA_START = /^[=+\-@\t\r]/;

/**
 * A CSV cell: text that a spreadsheet program would take for a formula gets a leading single
 * quote, so a student who types `=HYPERLINK(...)` in a form cannot run it on an operator's machine
 * (numbers are values the app wrote, never formulas, so -5 stays -5). Then RFC 4180: a field with
 * a comma, quote or line break is quoted, its quotes doubled.
 */
export function csvField(cell: SheetCell | null | undefined): string {
  if (cell === null || cell === undefined) return '';
  const text =
    typeof cell === 'number' ? String(cell) : FORMULA_START.test(cell) ? `'${cell}` : cell;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/**
 * A header and rows as RFC 4180 CSV: CRLF between records, header first. It starts with a UTF-8
 * byte order mark, without which Excel reads the file as Windows-1252 and garbles Urdu names and
 * 'Rs'.
 */
export function csvText(
  header: readonly string[],
  rows: readonly (readonly (SheetCell | null)[])[],
): string {
  const records = [header, ...rows].map((row) => row.map(csvField).join(','));
  return `\uFEFF${records.join('\r\n')}\r\n`;
}
