import { randomInt } from 'node:crypto';
import { auth as googleAuth, sheets, type sheets_v4 } from '@googleapis/sheets';
import { columnLetter } from '../../domain/sheet-tab';
import { toSheetStoreError } from './google-sheet-errors';
import {
  type SheetCellUpdate,
  type SheetStore,
  SheetStoreError,
  type SheetTabInfo,
} from './sheet-store';

const SPREADSHEETS_SCOPE = 'https://www.googleapis.com/auth/spreadsheets';
const DEFAULT_TIMEOUT_MS = 20_000;
// A new Google tab has 26 columns; writing past the grid is refused, so wider headers widen it.
const DEFAULT_COLUMN_COUNT = 26;
const ADD_TAB_ATTEMPTS = 3;

/**
 * An auth client of google-auth-library (OAuth2Client, JWT, GoogleAuth) as @googleapis/sheets takes
 * it.
 */
export type GoogleSheetsAuth = Exclude<sheets_v4.Options['auth'], string | undefined>;

/**
 * How to reach the spreadsheet: a service account (production), a ready token or client (tests).
 */
export interface GoogleSheetStoreOptions {
  spreadsheetId: string;
  clientEmail?: string;
  privateKey?: string;
  /** An OAuth access token used as is (no refresh): for tests against a stand-in. */
  accessToken?: string;
  auth?: GoogleSheetsAuth;
  /** Where the Sheets v4 API lives; a stand-in's address in tests. */
  rootUrl?: string;
  timeoutMs?: number;
}

/**
 * The SheetStore over one Google spreadsheet (docs/architecture.md §2), through the Sheets v4 API.
 */
export function createGoogleSheetStore(options: GoogleSheetStoreOptions): SheetStore {
  const { spreadsheetId } = options;
  const timeout = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const api = sheets({
    version: 'v4',
    auth: authFor(options, timeout),
    // Only the per-service rootUrl redirects requests; a global option would be ignored.
    rootUrl: options.rootUrl,
    timeout,
    // The worker owns retries (backoff, 429 pauses, reconciliation after a lost answer); the
    // library's own would hide 429s from it and stretch one call far past its timeout.
    retry: false,
    // Node's own fetch: the library's default (node-fetch 3) can throw an uncaught AbortError out
    // of a request that timed out, which would bring the whole worker down.
    fetchImplementation: fetch,
  });

  async function call<T>(what: string, request: () => Promise<T>): Promise<T> {
    try {
      return await request();
    } catch (error) {
      throw toSheetStoreError(error, what, timeout);
    }
  }

  const tabInfo = (name: string, sheetId: number): SheetTabInfo => ({
    name,
    sheetId,
    url: `https://docs.google.com/spreadsheets/d/${encodeURIComponent(spreadsheetId)}/edit#gid=${sheetId}`,
  });

  async function listTabs(): Promise<SheetTabInfo[]> {
    const response = await call('list tabs', () =>
      api.spreadsheets.get({ spreadsheetId, fields: 'sheets.properties(sheetId,title)' }),
    );
    return (response.data.sheets ?? []).flatMap(({ properties }) =>
      typeof properties?.title === 'string' && typeof properties.sheetId === 'number'
        ? [tabInfo(properties.title, properties.sheetId)]
        : [],
    );
  }

  async function findTab(name: string): Promise<SheetTabInfo | undefined> {
    return (await listTabs()).find((tab) => tab.name === name);
  }

  return {
    kind: 'google',
    // A call we stopped waiting for may still be applied by Google; allow it one more timeout.
    settleMs: 2 * timeout + 1_000,
    listTabs,

    async ensureTab(name, header) {
      const existing = await findTab(name);
      if (existing) return existing;
      for (let attempt = 1; ; attempt++) {
        // We pick the sheetId so the header can be written in the same batchUpdate: Google
        // applies a batch atomically, so no tab is ever left without its header row, and it
        // costs one write of the per-minute quota instead of two.
        const sheetId = randomInt(1, 2 ** 31 - 1);
        try {
          await call(`create tab '${name}'`, () =>
            api.spreadsheets.batchUpdate({
              spreadsheetId,
              requestBody: { requests: addTabRequests(name, sheetId, header) },
            }),
          );
          return tabInfo(name, sheetId);
        } catch (error) {
          if (!(error instanceof SheetStoreError && /already exists/i.test(error.message))) {
            throw error;
          }
          // Another worker created it first (or, rarely, our random sheetId was taken).
          const created = await findTab(name);
          if (created) return created;
          if (attempt >= ADD_TAB_ATTEMPTS) throw error;
        }
      }
    },

    async deleteTab(name) {
      const tab = await findTab(name);
      if (!tab) return false;
      try {
        await call(`delete tab '${name}'`, () =>
          api.spreadsheets.batchUpdate({
            spreadsheetId,
            requestBody: { requests: [{ deleteSheet: { sheetId: tab.sheetId } }] },
          }),
        );
        return true;
      } catch (error) {
        // Deleted by someone else between our look-up and our request.
        if (error instanceof SheetStoreError && /no grid with id/i.test(error.message)) {
          return false;
        }
        throw error;
      }
    },

    async appendRows(tab, rows) {
      if (rows.length === 0) return;
      await call(`append ${rows.length} row(s) to '${tab}'`, () =>
        api.spreadsheets.values.append({
          spreadsheetId,
          range: `${quoteTabName(tab)}!A1`,
          // RAW: a phone number stays text and a cell starting with '=' is never a formula.
          valueInputOption: 'RAW',
          // INSERT_ROWS never overwrites whatever sits below the table.
          insertDataOption: 'INSERT_ROWS',
          requestBody: { majorDimension: 'ROWS', values: rows.map((row) => [...row]) },
        }),
      );
    },

    async readColumn(tab, column) {
      const letter = columnLetter(column);
      const response = await call(`read column ${letter} of '${tab}'`, () =>
        api.spreadsheets.values.get({
          spreadsheetId,
          range: `${quoteTabName(tab)}!${letter}2:${letter}`,
          majorDimension: 'ROWS',
          valueRenderOption: 'UNFORMATTED_VALUE',
        }),
      );
      // Google leaves out trailing empty rows and answers an empty cell with an empty row.
      const values = (response.data.values ?? []) as unknown[][];
      return values.map((row) => (row[0] === undefined || row[0] === null ? '' : String(row[0])));
    },

    async readHeader(tab) {
      const response = await call(`read the header of '${tab}'`, () =>
        api.spreadsheets.values.get({
          spreadsheetId,
          range: `${quoteTabName(tab)}!1:1`,
          majorDimension: 'ROWS',
          valueRenderOption: 'UNFORMATTED_VALUE',
        }),
      );
      const [header = []] = (response.data.values ?? []) as unknown[][];
      return header.map((cell) => (cell === undefined || cell === null ? '' : String(cell)));
    },

    async updateCells(tab, cells) {
      if (cells.length === 0) return;
      const send = () =>
        call(`update ${cells.length} cell(s) of '${tab}'`, () =>
          api.spreadsheets.values.batchUpdate({
            spreadsheetId,
            // RAW, as the append: a value is never read as a formula or a date.
            requestBody: { valueInputOption: 'RAW', data: valueRanges(tab, cells) },
          }),
        );
      try {
        await send();
      } catch (error) {
        if (!(error instanceof SheetStoreError && /exceeds grid limits/i.test(error.message))) {
          throw error;
        }
        // A column past the tab's grid (people added columns of their own to the right): widen
        // the grid, once per tab, then write. Refused as a whole, the first call wrote nothing.
        await widenTab(tab, Math.max(...cells.map((cell) => cell.column)) + 1);
        await send();
      }
    },
  };

  /** Gives the tab at least `columns` columns. */
  async function widenTab(tab: string, columns: number): Promise<void> {
    const response = await call(`read the grid of '${tab}'`, () =>
      api.spreadsheets.get({
        spreadsheetId,
        fields: 'sheets.properties(sheetId,title,gridProperties)',
      }),
    );
    const properties = (response.data.sheets ?? []).find(
      (sheet) => sheet.properties?.title === tab,
    )?.properties;
    if (typeof properties?.sheetId !== 'number') {
      throw new SheetStoreError('not-found', `Google Sheets: no tab named '${tab}'`);
    }
    const have = properties.gridProperties?.columnCount ?? DEFAULT_COLUMN_COUNT;
    if (have >= columns) return;
    await call(`widen '${tab}' to ${columns} columns`, () =>
      api.spreadsheets.batchUpdate({
        spreadsheetId,
        requestBody: {
          requests: [
            {
              appendDimension: {
                sheetId: properties.sheetId,
                dimension: 'COLUMNS',
                length: columns - have,
              },
            },
          ],
        },
      }),
    );
  }
}

/**
 * The ranges of a values.batchUpdate: one per run of side-by-side cells of a row (a row's Status
 * and Status Time are one range), each a single row of values.
 */
function valueRanges(
  tab: string,
  cells: readonly SheetCellUpdate[],
): sheets_v4.Schema$ValueRange[] {
  const sorted = [...cells].sort((a, b) => a.row - b.row || a.column - b.column);
  const runs: SheetCellUpdate[][] = [];
  for (const cell of sorted) {
    const run = runs.at(-1);
    const last = run?.at(-1);
    if (run && last && last.row === cell.row && last.column + 1 === cell.column) run.push(cell);
    else runs.push([cell]);
  }
  return runs.map((run) => {
    const first = run[0] as SheetCellUpdate;
    const last = run.at(-1) as SheetCellUpdate;
    const from = `${columnLetter(first.column)}${first.row + 1}`;
    const to = `${columnLetter(last.column)}${last.row + 1}`;
    return {
      range: `${quoteTabName(tab)}!${from === to ? from : `${from}:${to}`}`,
      majorDimension: 'ROWS',
      values: [run.map((cell) => cell.value)],
    };
  });
}

function authFor(options: GoogleSheetStoreOptions, timeout: number): GoogleSheetsAuth {
  if (options.auth) return options.auth;
  if (options.accessToken) {
    const client = new googleAuth.OAuth2();
    // A far expiry date keeps the client from trying to refresh a token it cannot refresh.
    client.setCredentials({ access_token: options.accessToken, expiry_date: 8_640_000_000_000 });
    return client;
  }
  if (options.clientEmail && options.privateKey) {
    return new googleAuth.JWT({
      email: options.clientEmail,
      key: options.privateKey,
      scopes: [SPREADSHEETS_SCOPE],
      // The token request must not hang a worker either.
      transporterOptions: { timeout },
    });
  }
  throw new Error(
    'Google Sheets needs a service account (clientEmail and privateKey), an access token or an auth client',
  );
}

function addTabRequests(
  name: string,
  sheetId: number,
  header: readonly string[],
): sheets_v4.Schema$Request[] {
  return [
    {
      addSheet: {
        properties: {
          sheetId,
          title: name,
          gridProperties: { columnCount: Math.max(DEFAULT_COLUMN_COUNT, header.length) },
        },
      },
    },
    {
      updateCells: {
        start: { sheetId, rowIndex: 0, columnIndex: 0 },
        rows: [{ values: header.map((text) => ({ userEnteredValue: { stringValue: text } })) }],
        fields: 'userEnteredValue',
      },
    },
  ];
}

/** A tab name as A1 notation needs it: always quoted, quotes doubled ('It''s'). */
export function quoteTabName(name: string): string {
  return `'${name.replaceAll("'", "''")}'`;
}
