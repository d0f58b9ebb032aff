import { checkValueRange, invalid, isObject, parseJson, type Route } from './requests';
import {
  a1TabName,
  columnName,
  DEFAULT_COLUMN_COUNT,
  freeTitle,
  isEmpty,
  lastUsedRow,
  parseRange,
  setCell,
  type Tab,
} from './tabs';
import type { StandInCell } from './types';

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
      columnCount: Math.max(DEFAULT_COLUMN_COUNT, ...rows.map((row) => row.length)),
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
      case 'batchUpdateValues':
        return this.prepareBatchUpdateValues(parseJson(body));
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
        gridProperties: { rowCount: rowCount(tab), columnCount: tab.columnCount },
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
      } else if (isObject(request.appendDimension)) {
        appendDimension(next, request.appendDimension, `${where}.appendDimension`);
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
    this.checkCells(values);
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

  /** values.batchUpdate: each ValueRange checked, then all of them applied in one step. */
  private prepareBatchUpdateValues(body: unknown): () => unknown {
    const { spreadsheetId } = this;
    if (!isObject(body)) throw invalid('Invalid JSON payload received.');
    if (body.valueInputOption === undefined) {
      throw invalid("'valueInputOption' is required but not specified");
    }
    // As for appends: USER_ENTERED would turn '=1+1' into a formula; the adapter must send RAW.
    if (body.valueInputOption !== 'RAW') {
      throw invalid(`stand-in: valueInputOption must be RAW, got ${String(body.valueInputOption)}`);
    }
    if (!Array.isArray(body.data) || body.data.length === 0) {
      throw invalid("stand-in: 'data' must be a non-empty list of ValueRanges.");
    }
    const writes = body.data.map((valueRange: unknown, i: number) => {
      if (!isObject(valueRange) || typeof valueRange.range !== 'string') {
        throw invalid(`Invalid data[${i}]: a ValueRange with a range is required.`);
      }
      const a1 = valueRange.range;
      const range = parseRange(a1, this.tabs);
      const values = checkValueRange(valueRange, a1);
      const width = Math.max(...values.map((row) => row.length));
      const lastRow = range.firstRow + values.length - 1;
      const lastColumn = range.firstColumn + width - 1;
      if (range.lastRow !== undefined && lastRow > range.lastRow) {
        throw invalid(
          `Requested writing within range [${a1}], but tried writing to row [${lastRow + 1}]`,
        );
      }
      if (range.lastColumn !== undefined && lastColumn > range.lastColumn) {
        throw invalid(
          `Requested writing within range [${a1}], but tried writing to column [${columnName(lastColumn)}]`,
        );
      }
      if (lastColumn >= range.tab.columnCount) {
        throw invalid(
          `Range (${a1}) exceeds grid limits. Max rows: ${rowCount(range.tab)}, max columns: ${range.tab.columnCount}`,
        );
      }
      this.checkCells(values);
      return { range, values, width };
    });
    return () => {
      const responses = writes.map(({ range, values, width }) => {
        values.forEach((row, r) => {
          row.forEach((cell, c) => {
            setCell(range.tab, range.firstRow + r, range.firstColumn + c, cell);
          });
        });
        const cells = `${columnName(range.firstColumn)}${range.firstRow + 1}:${columnName(range.firstColumn + width - 1)}${range.firstRow + values.length}`;
        return {
          spreadsheetId,
          updatedRange: `${a1TabName(range.tab.title)}!${cells}`,
          updatedRows: values.length,
          updatedColumns: width,
          updatedCells: values.reduce((sum, row) => sum + row.length, 0),
        };
      });
      const sum = (key: 'updatedRows' | 'updatedCells') =>
        responses.reduce((total, response) => total + response[key], 0);
      return {
        spreadsheetId,
        totalUpdatedRows: sum('updatedRows'),
        totalUpdatedColumns: Math.max(...responses.map((response) => response.updatedColumns)),
        totalUpdatedCells: sum('updatedCells'),
        totalUpdatedSheets: new Set(writes.map(({ range }) => range.tab.sheetId)).size,
        responses,
      };
    };
  }

  /** Refuses cells Google would not take: over 50,000 characters, or the test's refused text. */
  private checkCells(values: StandInCell[][]) {
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
  const grid = isObject(properties.gridProperties) ? properties.gridProperties : {};
  const columnCount = grid.columnCount ?? DEFAULT_COLUMN_COUNT;
  if (!Number.isInteger(columnCount) || (columnCount as number) < 1) {
    throw invalid(`${where}: gridProperties.columnCount must be a positive integer.`);
  }
  const tab: Tab = {
    title,
    sheetId: sheetId as number,
    rows: [],
    columnCount: columnCount as number,
  };
  next.push(tab);
  return {
    addSheet: {
      properties: { sheetId: tab.sheetId, title, index: next.length - 1, sheetType: 'GRID' },
    },
  };
}

function appendDimension(next: Tab[], request: Record<string, unknown>, where: string) {
  const tab = next.find((t) => t.sheetId === request.sheetId);
  if (!tab) throw invalid(`${where}: No grid with id: ${String(request.sheetId)}`);
  if (request.dimension !== 'COLUMNS') {
    throw invalid(
      `stand-in: ${where}: only COLUMNS are appended, got ${String(request.dimension)}`,
    );
  }
  if (!Number.isInteger(request.length) || (request.length as number) < 1) {
    throw invalid(`${where}: length must be a positive integer.`);
  }
  tab.columnCount += request.length as number;
}

/** The grid's rows: Google's 1,000 of a new tab, or more once appends inserted them. */
function rowCount(tab: Tab): number {
  return Math.max(1000, tab.rows.length);
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
