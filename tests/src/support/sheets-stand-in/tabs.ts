import { invalid } from './requests';
import type { StandInCell } from './types';

// The tabs of the stand-in's spreadsheet, their cells, and enough A1 notation to name them.

export interface Tab {
  title: string;
  sheetId: number;
  rows: (StandInCell | null)[][];
  /** The grid's width: values written past it are refused, as Google refuses them. */
  columnCount: number;
}

/** The columns of a new tab's grid (Google's default). */
export const DEFAULT_COLUMN_COUNT = 26;

interface ParsedRange {
  tab: Tab;
  firstRow: number;
  lastRow?: number;
  firstColumn: number;
  lastColumn?: number;
}

/** Enough A1 notation for the adapter: 'Tab'!A1, 'Tab'!R2:R, Tab!A:Z, Tab!A1:C5, 'Tab'. */
export function parseRange(range: string, tabs: Tab[]): ParsedRange {
  const unparsable = () => invalid(`Unable to parse range: ${range}`);
  const match = /^(?:'((?:[^']|'')+)'|([^'!:]+))(?:!([A-Z]*)(\d*)(?::([A-Z]*)(\d*))?)?$/.exec(
    range,
  );
  if (!match) throw unparsable();
  const title = match[1] !== undefined ? match[1].replaceAll("''", "'") : (match[2] as string);
  const tab = tabs.find((t) => t.title === title);
  if (!tab) throw unparsable();
  const [, , , startColumn = '', startRow = '', endColumn, endRow] = match;
  if (match[3] === undefined) return { tab, firstRow: 0, firstColumn: 0 };
  // A cell needs a column or a row on each side: 'A1', 'A:C', '2:5', 'R2:R'.
  if (startColumn === '' && startRow === '') throw unparsable();
  if (endColumn !== undefined && endColumn === '' && (endRow ?? '') === '') throw unparsable();
  const single = endColumn === undefined;
  return {
    tab,
    firstRow: startRow ? Number(startRow) - 1 : 0,
    lastRow: single
      ? startRow
        ? Number(startRow) - 1
        : undefined
      : endRow
        ? Number(endRow) - 1
        : undefined,
    firstColumn: startColumn ? columnIndex(startColumn) : 0,
    lastColumn: single
      ? startColumn
        ? columnIndex(startColumn)
        : undefined
      : endColumn
        ? columnIndex(endColumn)
        : undefined,
  };
}

/** The name Google gives a tab added without one: the first free 'SheetN'. */
export function freeTitle(tabs: Tab[]): string {
  for (let n = tabs.length + 1; ; n++) {
    const title = `Sheet${n}`;
    if (!tabs.some((tab) => tab.title.toLowerCase() === title.toLowerCase())) return title;
  }
}

function columnIndex(letters: string): number {
  let n = 0;
  for (const letter of letters) n = n * 26 + (letter.charCodeAt(0) - 64);
  return n - 1;
}

export function columnName(index: number): string {
  let name = '';
  for (let n = index + 1; n > 0; n = Math.floor((n - 1) / 26)) {
    name = String.fromCharCode(65 + ((n - 1) % 26)) + name;
  }
  return name;
}

export function a1TabName(title: string): string {
  return `'${title.replaceAll("'", "''")}'`;
}

export function setCell(tab: Tab, row: number, column: number, value: StandInCell) {
  while (tab.rows.length <= row) tab.rows.push([]);
  const cells = tab.rows[row] as (StandInCell | null)[];
  while (cells.length < column) cells.push(null);
  cells[column] = value;
}

export function lastUsedRow(tab: Tab): number {
  for (let r = tab.rows.length - 1; r >= 0; r--) {
    if ((tab.rows[r] ?? []).some((cell) => !isEmpty(cell))) return r;
  }
  return -1;
}

export function isEmpty(cell: StandInCell | null | undefined): boolean {
  return cell === null || cell === undefined || cell === '';
}
