import type { StandInCell } from '../sheets-stand-in';
import { checkValueRange, invalid, isObject, parseJson, type Route } from './requests';
import {
  a1TabName,
  columnName,
  freeTitle,
  isEmpty,
  lastUsedRow,
  parseRange,
  setCell,
  type Tab,
} from './tabs';

/**
 * The stand-in's spreadsheet: its tabs in memory, and the calls that read and change them. A call
 * is checked whole first (prepare) and then applied in one synchronous step, so a refused write
 * changes nothing, as with Google.
 */
export class Spreadsheet {
  private tabs: Tab[];

  constructor(
    readonly spreadsheetId: string,
    initialTabs: Record<string, StandInCell[][]>,
    /** Appends holding a cell with this text are refused (SheetsStandInOptions). */
    private readonly refuseCellsContaining: string | undefined,
  ) {
    this.tabs = Object.entries(initialTabs).map(([title, rows], i) => ({
      title,
      sheetId: i,
      rows: rows.map((row) => [...row]),
    }));
  }

  /** The tab's rows, header first (a copy), or undefined when there is no such tab. */
  tab(name: string): StandInCell[][] | undefined {
    const tab = this.tabs.find((t) => t.title === name);
    return tab?.rows.map((row) =>
      Array.from(row, (cell) => (isEmpty(cell) ? '' : (cell as StandInCell))),
    );
  }

  /** The tabs in order. */
  list(): { title: string; sheetId: number }[] {
    return this.tabs.map(({ title, sheetId }) => ({ title, sheetId }));
  }

  /** Checks a call and returns the step that applies it and builds Google's answer. */
  prepare(route: Route, body: string): () => unknown {
    switch (route.name) {
      case 'get':
        return () => this.resource(route.query.get('fields'));
      case 'batchUpdate':
        return this.prepareBatchUpdate(parseJson(body));
      case 'append':
        return this.prepareAppend(route, parseJson(body));
      case 'getValues':
        return this.prepareGetValues(route);
    }
  }

  private resource(fields: string | null) {
    const { spreadsheetId } = this;
    const sheets = this.tabs.map((tab, index) => ({
      properties: {
        sheetId: tab.sheetId,
        title: tab.title,
        index,
        sheetType: 'GRID',
        gridProperties: { rowCount: Math.max(1000, tab.rows.length), columnCount: 26 },
      },
    }));
    // Just the field masks the adapter sends: sheets.properties(a,b).
    const mask = fields?.match(/^sheets\.properties\(([\w,]+)\)$/);
    if (fields && !mask) throw invalid(`stand-in: unsupported field mask '${fields}'`);
    if (!mask) {
      return {
        spreadsheetId,
        properties: { title: 'Orders (stand-in)' },
        sheets,
        spreadsheetUrl: `https://docs.google.com/spreadsheets/d/${spreadsheetId}/edit`,
      };
    }
    const keep = (mask[1] as string).split(',');
    return {
      sheets: sheets.map(({ properties }) => ({
        properties: Object.fromEntries(
          Object.entries(properties).filter(([key]) => keep.includes(key)),
        ),
      })),
    };
  }

  private prepareBatchUpdate(body: unknown): () => unknown {
    if (!isObject(body) || !Array.isArray(body.requests) || body.requests.length === 0) {
      throw invalid('Invalid JSON payload: "requests" must be a non-empty list.');
    }
    // Google applies the requests in order and all or nothing: work on a copy.
    const next: Tab[] = this.tabs.map((tab) => ({ ...tab, rows: tab.rows.map((row) => [...row]) }));
    const replies: unknown[] = [];
    body.requests.forEach((request: unknown, i: number) => {
      const where = `Invalid requests[${i}]`;
      if (!isObject(request) || Object.keys(request).length !== 1) {
        throw invalid(`${where}: exactly one kind of request is required.`);
      }
      if (isObject(request.addSheet)) {
        replies.push(addSheet(next, request.addSheet, `${where}.addSheet`));
      } else if (isObject(request.deleteSheet)) {
        deleteSheet(next, request.deleteSheet, `${where}.deleteSheet`);
        replies.push({});
      } else if (isObject(request.updateCells)) {
        updateCells(next, request.updateCells, `${where}.updateCells`);
        replies.push({});
      } else {
        throw invalid(`stand-in: unsupported request ${Object.keys(request)[0]}`);
      }
    });
    return () => {
      this.tabs = next;
      return { spreadsheetId: this.spreadsheetId, replies };
    };
  }

  private prepareAppend(route: Route, body: unknown): () => unknown {
    const { spreadsheetId } = this;
    const valueInputOption = route.query.get('valueInputOption');
    if (!valueInputOption) throw invalid("'valueInputOption' is required but not specified");
    // Google also takes USER_ENTERED, but then '=1+1' becomes a formula and '0300' a number:
    // the adapter must not send it, so the stand-in refuses it.
    if (valueInputOption !== 'RAW') {
      throw invalid(`stand-in: valueInputOption must be RAW, got ${valueInputOption}`);
    }
    // Without INSERT_ROWS Google overwrites whatever lies below the table.
    if (route.query.get('insertDataOption') !== 'INSERT_ROWS') {
      throw invalid(
        `stand-in: insertDataOption must be INSERT_ROWS, got ${route.query.get('insertDataOption')}`,
      );
    }
    const range = parseRange(route.range, this.tabs);
    const values = checkValueRange(body, route.range);
    for (const [r, row] of values.entries()) {
      for (const [c, cell] of row.entries()) {
        if (typeof cell !== 'string') continue;
        if (cell.length > 50_000) {
          throw invalid(
            'Your input contains more than the maximum of 50000 characters in a single cell.',
          );
        }
        if (this.refuseCellsContaining && cell.includes(this.refuseCellsContaining)) {
          throw invalid(`Invalid values[${r}][${c}]: the spreadsheet refused this value.`);
        }
      }
    }
    return () => {
      const { tab, firstColumn } = range;
      const firstRow = lastUsedRow(tab) + 1;
      values.forEach((row, r) => {
        row.forEach((cell, c) => {
          setCell(tab, firstRow + r, firstColumn + c, cell);
        });
      });
      const width = Math.max(1, ...values.map((row) => row.length));
      const updatedRange = `${columnName(firstColumn)}${firstRow + 1}:${columnName(firstColumn + width - 1)}${firstRow + values.length}`;
      return {
        spreadsheetId,
        updates: {
          spreadsheetId,
          updatedRange: `${a1TabName(tab.title)}!${updatedRange}`,
          updatedRows: values.length,
          updatedColumns: width,
          updatedCells: values.reduce((sum, row) => sum + row.length, 0),
        },
      };
    };
  }

  private prepareGetValues(route: Route): () => unknown {
    const range = parseRange(route.range, this.tabs);
    const majorDimension = route.query.get('majorDimension') ?? 'ROWS';
    if (majorDimension !== 'ROWS') throw invalid(`stand-in: majorDimension ${majorDimension}`);
    const render = route.query.get('valueRenderOption') ?? 'FORMATTED_VALUE';
    if (render !== 'FORMATTED_VALUE' && render !== 'UNFORMATTED_VALUE') {
      throw invalid(`stand-in: valueRenderOption ${render}`);
    }
    return () => {
      const { tab } = range;
      const lastRow = Math.min(range.lastRow ?? Number.POSITIVE_INFINITY, lastUsedRow(tab));
      const lastColumn = range.lastColumn ?? Number.POSITIVE_INFINITY;
      const values: StandInCell[][] = [];
      for (let r = range.firstRow; r <= lastRow; r++) {
        const row = (tab.rows[r] ?? []).slice(range.firstColumn, lastColumn + 1);
        // Google leaves out empty cells at the end of a row and empty rows at the end.
        while (row.length > 0 && isEmpty(row[row.length - 1])) row.pop();
        values.push(
          row.map((cell) => {
            if (isEmpty(cell)) return '';
            if (render === 'UNFORMATTED_VALUE') return cell as StandInCell;
            if (typeof cell === 'boolean') return cell ? 'TRUE' : 'FALSE';
            return String(cell);
          }),
        );
      }
      while (values.length > 0 && (values[values.length - 1] as StandInCell[]).length === 0) {
        values.pop();
      }
      const cells = route.range.includes('!')
        ? route.range.slice(route.range.indexOf('!') + 1)
        : '';
      return {
        range: `${a1TabName(tab.title)}!${cells || 'A1:Z1000'}`,
        majorDimension: 'ROWS',
        ...(values.length > 0 ? { values } : {}),
      };
    };
  }
}

function addSheet(next: Tab[], request: Record<string, unknown>, where: string) {
  const properties = isObject(request.properties) ? request.properties : {};
  const title = properties.title === undefined ? freeTitle(next) : (properties.title as unknown);
  if (typeof title !== 'string' || title.trim() === '') {
    throw invalid(`${where}: the sheet name must not be empty.`);
  }
  // Google compares sheet names without regard to case.
  if (next.some((tab) => tab.title.toLowerCase() === title.toLowerCase())) {
    throw invalid(
      `${where}: A sheet with the name "${title}" already exists. Please enter another name.`,
    );
  }
  let sheetId = properties.sheetId;
  if (sheetId === undefined) {
    sheetId = Math.max(0, ...next.map((tab) => tab.sheetId)) + 1;
  } else if (
    !Number.isInteger(sheetId) ||
    (sheetId as number) < 0 ||
    (sheetId as number) > 2 ** 31 - 1
  ) {
    throw invalid(`${where}: sheetId must be a non-negative 32-bit integer.`);
  } else if (next.some((tab) => tab.sheetId === sheetId)) {
    throw invalid(`${where}: Sheet with id ${sheetId} already exists.`);
  }
  const tab: Tab = { title, sheetId: sheetId as number, rows: [] };
  next.push(tab);
  return {
    addSheet: {
      properties: { sheetId: tab.sheetId, title, index: next.length - 1, sheetType: 'GRID' },
    },
  };
}

function deleteSheet(next: Tab[], request: Record<string, unknown>, where: string) {
  const index = next.findIndex((tab) => tab.sheetId === request.sheetId);
  if (index < 0) throw invalid(`${where}: No grid with id: ${String(request.sheetId)}`);
  if (next.length === 1) {
    throw invalid(`${where}: You can't remove all the sheets in a document.`);
  }
  next.splice(index, 1);
}

function updateCells(next: Tab[], request: Record<string, unknown>, where: string) {
  if (request.fields !== 'userEnteredValue' && request.fields !== '*') {
    throw invalid(`${where}: 'fields' must name what to update (stand-in: userEnteredValue).`);
  }
  const start = isObject(request.start) ? request.start : undefined;
  const tab = next.find((t) => t.sheetId === start?.sheetId);
  if (!start || !tab) throw invalid(`${where}: No grid with id: ${String(start?.sheetId)}`);
  const rowIndex = (start.rowIndex ?? 0) as number;
  const columnIndex = (start.columnIndex ?? 0) as number;
  if (!Array.isArray(request.rows)) throw invalid(`${where}: 'rows' must be a list.`);
  request.rows.forEach((row: unknown, r: number) => {
    if (!isObject(row) || !Array.isArray(row.values)) {
      throw invalid(`${where}: rows[${r}].values must be a list.`);
    }
    row.values.forEach((cell: unknown, c: number) => {
      const value = isObject(cell) && isObject(cell.userEnteredValue) ? cell.userEnteredValue : {};
      const entered = value.stringValue ?? value.numberValue ?? value.boolValue;
      if (entered === undefined || Object.keys(value).length !== 1) {
        throw invalid(`${where}: rows[${r}].values[${c}] needs exactly one userEnteredValue.`);
      }
      setCell(tab, rowIndex + r, columnIndex + c, entered as StandInCell);
    });
  });
}
