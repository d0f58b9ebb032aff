import {
  createServer,
  type IncomingMessage,
  type OutgoingHttpHeaders,
  type ServerResponse,
} from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local stand-in of the part of the Google Sheets v4 REST API that the Google SheetStore
 * adapter uses (DESIGN §2): tabs and rows in memory, request shapes checked the way Google
 * checks them, a per-minute write quota, and faults to inject. It lives only in tests.
 */

/** A cell as the API carries it in JSON. */
export type StandInCell = string | number | boolean;

/**
 * What goes wrong on a call:
 * - '429': quota exceeded, nothing written (Retry-After: retryAfterSeconds, default 1; none if null);
 * - '500', '503': server error, nothing written;
 * - '403': permission denied, nothing written;
 * - 'timeout': held past the client's timeout, then dropped; nothing written;
 * - 'lost-response': written, then the connection is cut before the answer;
 * - 'written-500': written, then answered 500;
 * - 'written-timeout': written, then held past the client's timeout and dropped.
 */
export type SheetsFault =
  | '429'
  | '500'
  | '503'
  | '403'
  | 'timeout'
  | 'lost-response'
  | 'written-500'
  | 'written-timeout';

/** Which calls a fault may hit. Faults that write something only ever hit writes. */
export type FaultTarget = 'write' | 'read' | 'any';

export interface SheetsCallCounts {
  /** Every call that reached the service (after authentication and shape checks or not). */
  total: number;
  reads: number;
  /** batchUpdate and values.append calls. */
  writes: number;
  /** values.append calls (also counted in writes). */
  appends: number;
  /** Writes that changed the spreadsheet, whatever the client heard back. */
  applied: number;
  /** Calls answered with an error status or dropped. */
  rejected: number;
  /** Calls answered 429 (injected or by the quota). */
  rateLimited: number;
  /** Faults injected (queued or random), by kind. */
  faults: Partial<Record<SheetsFault, number>>;
}

/** An append the stand-in holds unanswered until the test releases it (holdNextAppend). */
export interface HeldAppend {
  /** The bearer token of the caller, which tells the test whose call it is. */
  token: string;
  rows: number;
  /** Applies the append, then answers it if the caller still listens. */
  release(): void;
}

export interface SheetsRequestRecord {
  method: string;
  /** The path as sent, percent-encoding included. */
  path: string;
  kind: 'read' | 'write' | 'other';
  /** The status answered, or 'dropped' when the connection was cut without an answer. */
  outcome: number | 'dropped';
}

export interface SheetsStandInOptions {
  spreadsheetId?: string;
  /** When set, only this bearer token is accepted (else any non-empty one). */
  accessToken?: string;
  /** Write calls allowed per rolling window; default 60. */
  writesPerMinute?: number;
  /** The quota's rolling window; default 60 000 ms. */
  quotaWindowMs?: number;
  /** Delay before every answer. */
  latencyMs?: number;
  /** How long a 'timeout' fault holds a request before dropping it; default 25 000 ms. */
  holdMs?: number;
  /** Seed of the random faults, so a failing run can be replayed. */
  seed?: number;
  /** Tabs at the start; default one empty 'Sheet1' with sheetId 0, like a new spreadsheet. */
  tabs?: Record<string, StandInCell[][]>;
  port?: number;
  /**
   * Appends holding a cell with this text are refused with Google's 400 for a value it will not
   * take, as it refuses a cell over 50,000 characters (which the stand-in always does).
   */
  refuseCellsContaining?: string;
}

export interface SheetsStandIn {
  /** The rootUrl to give the adapter, e.g. http://127.0.0.1:PORT/. */
  readonly url: string;
  readonly port: number;
  readonly spreadsheetId: string;
  /** Calls by kind since the start or the last resetCounts(). */
  readonly calls: Readonly<SheetsCallCounts>;
  /** Every call in order (method, raw path, outcome). */
  readonly requests: readonly SheetsRequestRecord[];
  /** Delay before every answer; may be changed at any time. */
  latencyMs: number;
  /** The tab's rows, header first (a copy), or undefined when there is no such tab. */
  tab(name: string): StandInCell[][] | undefined;
  /** The tabs in order. */
  tabs(): { title: string; sheetId: number }[];
  /** Queues faults for the next calls of that target (writes by default), in order. */
  failNext(
    fault: SheetsFault,
    options?: { times?: number; on?: FaultTarget; retryAfterSeconds?: number | null },
  ): void;
  /** Each call of that target (writes by default) fails with this probability, one of the kinds at random. */
  setRandomFaults(options: {
    probability: number;
    kinds: SheetsFault[];
    on?: FaultTarget;
    retryAfterSeconds?: number | null;
  }): void;
  /** Drops queued and random faults. */
  clearFaults(): void;
  /**
   * Holds the next append (ahead of any fault) and resolves once it arrives; nothing is written
   * until it is released. Rejects if none arrives within `withinMs`.
   */
  holdNextAppend(withinMs: number): Promise<HeldAppend>;
  setWriteQuota(writesPerMinute: number, windowMs?: number): void;
  resetCounts(): void;
  /** Stops listening and cuts open connections: clients get connection refused. */
  down(): Promise<void>;
  /** Listens again on the same port, with the same tabs. */
  up(): Promise<void>;
  close(): Promise<void>;
}

interface Tab {
  title: string;
  sheetId: number;
  rows: (StandInCell | null)[][];
}

interface QueuedFault {
  fault: SheetsFault;
  on: FaultTarget;
  retryAfterSeconds: number | null;
}

class ApiError extends Error {
  constructor(
    readonly code: number,
    readonly status: string,
    message: string,
    readonly headers: OutgoingHttpHeaders = {},
  ) {
    super(message);
  }
}

const invalid = (message: string) => new ApiError(400, 'INVALID_ARGUMENT', message);
const WRITING_FAULTS: ReadonlySet<SheetsFault> = new Set([
  'lost-response',
  'written-500',
  'written-timeout',
]);
// Longer than the adapter's default timeout (20 s), so a held call always times out.
const DEFAULT_HOLD_MS = 25_000;
// Short, so tests that honour it stay fast; Google itself seldom sends Retry-After at all.
const DEFAULT_RETRY_AFTER_S = 1;

/** Starts a stand-in on 127.0.0.1 (a random port unless one is given). */
export async function startSheetsStandIn(
  options: SheetsStandInOptions = {},
): Promise<SheetsStandIn> {
  const spreadsheetId = options.spreadsheetId ?? 'stand-in-spreadsheet';
  const holdMs = options.holdMs ?? DEFAULT_HOLD_MS;
  let writesPerMinute = options.writesPerMinute ?? 60;
  let quotaWindowMs = options.quotaWindowMs ?? 60_000;
  let random = mulberry32(options.seed ?? 20240601);
  let randomFaults:
    | {
        probability: number;
        kinds: SheetsFault[];
        on: FaultTarget;
        retryAfterSeconds: number | null;
      }
    | undefined;
  const queue: QueuedFault[] = [];
  let holdAppend: ((held: HeldAppend) => void) | undefined;
  const writeTimes: number[] = [];
  const requests: SheetsRequestRecord[] = [];
  const timers = new Set<NodeJS.Timeout>();
  const emptyCounts = (): SheetsCallCounts => ({
    total: 0,
    reads: 0,
    writes: 0,
    appends: 0,
    applied: 0,
    rejected: 0,
    rateLimited: 0,
    faults: {},
  });
  let calls = emptyCounts();

  let tabs: Tab[] = Object.entries(options.tabs ?? { Sheet1: [] }).map(([title, rows], i) => ({
    title,
    sheetId: i,
    rows: rows.map((row) => [...row]),
  }));

  const sleep = (ms: number) =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(() => {
        timers.delete(timer);
        resolve();
      }, ms);
      timers.add(timer);
    });

  const server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      // A client that hung up mid-request is part of the game.
      if (req.destroyed || res.destroyed) return;
      // A bug of the stand-in must fail the test (console.error does), not pass for a 500 of
      // Google that the adapter would just retry.
      console.error('sheets stand-in failed on', req.method, req.url, error);
      answerError(req, res, new ApiError(500, 'INTERNAL', `stand-in failure: ${String(error)}`));
    });
  });
  // Clients that vanish mid-request are part of the game, not an error.
  server.on('clientError', (_error, socket) => socket.destroy());

  function record(
    req: IncomingMessage,
    kind: SheetsRequestRecord['kind'],
    outcome: number | 'dropped',
  ) {
    if (requests.length < 10_000) {
      requests.push({ method: req.method ?? '', path: req.url ?? '', kind, outcome });
    }
    if (outcome === 'dropped' || outcome >= 400) calls.rejected++;
    if (outcome === 429) calls.rateLimited++;
  }

  function answer(
    req: IncomingMessage,
    res: ServerResponse,
    status: number,
    body: unknown,
    headers: OutgoingHttpHeaders = {},
  ) {
    // A caller that is gone (killed while its call was held) hears nothing.
    if (res.destroyed) return record(req, kindOf(req), 'dropped');
    record(req, kindOf(req), status);
    res.writeHead(status, { 'content-type': 'application/json; charset=UTF-8', ...headers });
    res.end(JSON.stringify(body));
  }

  function answerError(req: IncomingMessage, res: ServerResponse, error: ApiError) {
    answer(
      req,
      res,
      error.code,
      { error: { code: error.code, message: error.message, status: error.status } },
      error.headers,
    );
  }

  function drop(req: IncomingMessage, res: ServerResponse) {
    record(req, kindOf(req), 'dropped');
    res.socket?.destroy();
  }

  /** Holds the request, then cuts it; stops early when the client gives up first. */
  function holdThenDrop(req: IncomingMessage, res: ServerResponse) {
    const timer = setTimeout(() => {
      timers.delete(timer);
      drop(req, res);
    }, holdMs);
    timers.add(timer);
    res.once('close', () => {
      if (timers.delete(timer)) {
        clearTimeout(timer);
        record(req, kindOf(req), 'dropped');
      }
    });
  }

  function kindOf(req: IncomingMessage): SheetsRequestRecord['kind'] {
    if (req.method === 'GET') return 'read';
    if (req.method === 'POST' || req.method === 'PUT') return 'write';
    return 'other';
  }

  function nextFault(kind: 'read' | 'write'): QueuedFault | undefined {
    const index = queue.findIndex(
      (q) =>
        (q.on === 'any' || q.on === kind) && (kind === 'write' || !WRITING_FAULTS.has(q.fault)),
    );
    if (index >= 0) return queue.splice(index, 1)[0];
    if (randomFaults && (randomFaults.on === 'any' || randomFaults.on === kind)) {
      const kinds = randomFaults.kinds.filter((f) => kind === 'write' || !WRITING_FAULTS.has(f));
      if (kinds.length > 0 && random() < randomFaults.probability) {
        const fault = kinds[Math.floor(random() * kinds.length)] as SheetsFault;
        return { fault, on: randomFaults.on, retryAfterSeconds: randomFaults.retryAfterSeconds };
      }
    }
    return undefined;
  }

  function quotaError(): ApiError | undefined {
    const now = Date.now();
    while (writeTimes.length > 0 && (writeTimes[0] as number) <= now - quotaWindowMs) {
      writeTimes.shift();
    }
    if (writeTimes.length < writesPerMinute) return undefined;
    const waitMs = (writeTimes[0] as number) + quotaWindowMs - now;
    return new ApiError(
      429,
      'RESOURCE_EXHAUSTED',
      "Quota exceeded for quota metric 'Write requests' and limit 'Write requests per minute per user' of service 'sheets.googleapis.com'.",
      { 'retry-after': String(Math.max(1, Math.ceil(waitMs / 1000))) },
    );
  }

  async function handle(req: IncomingMessage, res: ServerResponse) {
    calls.total++;
    const method = req.method ?? 'GET';
    const kind = method === 'GET' ? 'read' : 'write';
    const body = await readBody(req);
    if (stand.latencyMs > 0) await sleep(stand.latencyMs);

    const route = matchRoute(method, req.url ?? '/');
    if (kind === 'read') calls.reads++;
    else calls.writes++;
    if (route?.name === 'append') calls.appends++;

    let apply: () => unknown;
    try {
      checkAuthorization(req.headers.authorization, options.accessToken);
      if (!route) {
        throw new ApiError(404, 'NOT_FOUND', `stand-in: no such endpoint ${method} ${req.url}`);
      }
      if (route.spreadsheetId !== spreadsheetId) {
        throw new ApiError(404, 'NOT_FOUND', 'Requested entity was not found.');
      }
      // Validation comes first and applying is one synchronous step, so a refused write
      // changes nothing, as with Google.
      apply = prepare(route, body);
    } catch (error) {
      if (error instanceof ApiError) return answerError(req, res, error);
      throw error;
    }

    if (route.name === 'append' && holdAppend) {
      const arrived = holdAppend;
      holdAppend = undefined;
      return arrived({
        token: bearerToken(req.headers.authorization) ?? '',
        rows: appendedRowCount(body),
        release() {
          writeTimes.push(Date.now());
          const result = apply();
          calls.applied++;
          answer(req, res, 200, result);
        },
      });
    }

    const fault = nextFault(kind);
    // Counted once it happens: a fault that writes first may yet be refused by the quota.
    const happened = (what: SheetsFault) => {
      calls.faults[what] = (calls.faults[what] ?? 0) + 1;
    };
    if (fault && !WRITING_FAULTS.has(fault.fault)) happened(fault.fault);
    if (fault) {
      switch (fault.fault) {
        case '429':
          return answerError(
            req,
            res,
            new ApiError(
              429,
              'RESOURCE_EXHAUSTED',
              "Quota exceeded for quota metric 'Write requests' and limit 'Write requests per minute per user' of service 'sheets.googleapis.com'.",
              fault.retryAfterSeconds === null
                ? {}
                : { 'retry-after': String(fault.retryAfterSeconds) },
            ),
          );
        case '500':
          return answerError(
            req,
            res,
            new ApiError(500, 'INTERNAL', 'Internal error encountered.'),
          );
        case '503':
          return answerError(
            req,
            res,
            new ApiError(503, 'UNAVAILABLE', 'The service is currently unavailable.'),
          );
        case '403':
          return answerError(
            req,
            res,
            new ApiError(403, 'PERMISSION_DENIED', 'The caller does not have permission'),
          );
        case 'timeout':
          return holdThenDrop(req, res);
        default:
          break;
      }
    }

    if (kind === 'write') {
      const exhausted = quotaError();
      if (exhausted) return answerError(req, res, exhausted);
      writeTimes.push(Date.now());
    }
    const result = apply();
    if (kind === 'write') calls.applied++;
    if (fault) happened(fault.fault);

    switch (fault?.fault) {
      case 'lost-response':
        return drop(req, res);
      case 'written-500':
        return answerError(req, res, new ApiError(500, 'INTERNAL', 'Internal error encountered.'));
      case 'written-timeout':
        return holdThenDrop(req, res);
      default:
        return answer(req, res, 200, result);
    }
  }

  /** Checks a call and returns the step that applies it and builds Google's answer. */
  function prepare(route: Route, body: string): () => unknown {
    switch (route.name) {
      case 'get':
        return () => spreadsheetResource(route.query.get('fields'));
      case 'batchUpdate':
        return prepareBatchUpdate(parseJson(body));
      case 'append':
        return prepareAppend(route, parseJson(body));
      case 'getValues':
        return prepareGetValues(route);
    }
  }

  function spreadsheetResource(fields: string | null) {
    const sheets = tabs.map((tab, index) => ({
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

  function prepareBatchUpdate(body: unknown): () => unknown {
    if (!isObject(body) || !Array.isArray(body.requests) || body.requests.length === 0) {
      throw invalid('Invalid JSON payload: "requests" must be a non-empty list.');
    }
    // Google applies the requests in order and all or nothing: work on a copy.
    const next: Tab[] = tabs.map((tab) => ({ ...tab, rows: tab.rows.map((row) => [...row]) }));
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
      tabs = next;
      return { spreadsheetId, replies };
    };
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
        const value =
          isObject(cell) && isObject(cell.userEnteredValue) ? cell.userEnteredValue : {};
        const entered = value.stringValue ?? value.numberValue ?? value.boolValue;
        if (entered === undefined || Object.keys(value).length !== 1) {
          throw invalid(`${where}: rows[${r}].values[${c}] needs exactly one userEnteredValue.`);
        }
        setCell(tab, rowIndex + r, columnIndex + c, entered as StandInCell);
      });
    });
  }

  function prepareAppend(route: Route, body: unknown): () => unknown {
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
    const range = parseRange(route.range, tabs);
    const values = checkValueRange(body, route.range);
    for (const [r, row] of values.entries()) {
      for (const [c, cell] of row.entries()) {
        if (typeof cell !== 'string') continue;
        if (cell.length > 50_000) {
          throw invalid(
            'Your input contains more than the maximum of 50000 characters in a single cell.',
          );
        }
        if (options.refuseCellsContaining && cell.includes(options.refuseCellsContaining)) {
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

  function prepareGetValues(route: Route): () => unknown {
    const range = parseRange(route.range, tabs);
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

  const stand: SheetsStandIn = {
    url: '',
    port: 0,
    spreadsheetId,
    get calls() {
      return calls;
    },
    requests,
    latencyMs: options.latencyMs ?? 0,
    tab(name) {
      const tab = tabs.find((t) => t.title === name);
      return tab?.rows.map((row) =>
        Array.from(row, (cell) => (isEmpty(cell) ? '' : (cell as StandInCell))),
      );
    },
    tabs: () => tabs.map(({ title, sheetId }) => ({ title, sheetId })),
    failNext(fault, { times = 1, on = 'write', retryAfterSeconds = DEFAULT_RETRY_AFTER_S } = {}) {
      for (let i = 0; i < times; i++) queue.push({ fault, on, retryAfterSeconds });
    },
    setRandomFaults({
      probability,
      kinds,
      on = 'write',
      retryAfterSeconds = DEFAULT_RETRY_AFTER_S,
    }) {
      randomFaults = { probability, kinds, on, retryAfterSeconds };
    },
    holdNextAppend(withinMs) {
      if (holdAppend) throw new Error('an append is already awaited');
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => {
          timers.delete(timer);
          holdAppend = undefined;
          reject(new Error(`no append reached the sheets stand-in within ${withinMs} ms`));
        }, withinMs);
        timers.add(timer);
        holdAppend = (held) => {
          clearTimeout(timer);
          timers.delete(timer);
          resolve(held);
        };
      });
    },
    clearFaults() {
      queue.length = 0;
      randomFaults = undefined;
      random = mulberry32(options.seed ?? 20240601);
    },
    setWriteQuota(writes, windowMs = 60_000) {
      writesPerMinute = writes;
      quotaWindowMs = windowMs;
      writeTimes.length = 0;
    },
    resetCounts() {
      calls = emptyCounts();
      requests.length = 0;
    },
    async down() {
      for (const timer of timers) clearTimeout(timer);
      timers.clear();
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
    },
    async up() {
      await listen(stand.port);
    },
    async close() {
      if (server.listening) await stand.down();
    },
  };

  function listen(port: number): Promise<void> {
    return new Promise((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, '127.0.0.1', () => {
        server.off('error', reject);
        resolve();
      });
    });
  }

  await listen(options.port ?? 0);
  const { port } = server.address() as AddressInfo;
  Object.assign(stand, { port, url: `http://127.0.0.1:${port}/` });
  return stand;
}

interface Route {
  name: 'get' | 'batchUpdate' | 'append' | 'getValues';
  spreadsheetId: string;
  /** The decoded A1 range of values calls. */
  range: string;
  query: URLSearchParams;
}

function matchRoute(method: string, rawUrl: string): Route | undefined {
  const url = new URL(rawUrl, 'http://stand-in');
  const path = url.pathname;
  const decode = (text: string) => {
    try {
      return decodeURIComponent(text);
    } catch {
      return text;
    }
  };
  const spreadsheet = /^\/v4\/spreadsheets\/([^/:]+)(:batchUpdate)?$/.exec(path);
  if (spreadsheet) {
    const name = spreadsheet[2] ? 'batchUpdate' : 'get';
    if ((name === 'get' && method !== 'GET') || (name === 'batchUpdate' && method !== 'POST')) {
      return undefined;
    }
    return {
      name,
      spreadsheetId: decode(spreadsheet[1] as string),
      range: '',
      query: url.searchParams,
    };
  }
  // The client percent-encodes the range (':' included), so a literal ':' starts the method.
  const values = /^\/v4\/spreadsheets\/([^/:]+)\/values\/([^/]+?)(:append)?$/.exec(path);
  if (!values) return undefined;
  const name = values[3] ? 'append' : 'getValues';
  if ((name === 'append' && method !== 'POST') || (name === 'getValues' && method !== 'GET')) {
    return undefined;
  }
  return {
    name,
    spreadsheetId: decode(values[1] as string),
    range: decode(values[2] as string),
    query: url.searchParams,
  };
}

function bearerToken(header: string | undefined): string | undefined {
  return /^Bearer (\S+)$/.exec(header ?? '')?.[1];
}

/** How many rows an append's body carries (its shape was checked before). */
function appendedRowCount(body: string): number {
  const values = (parseJson(body) as { values?: unknown[] }).values;
  return Array.isArray(values) ? values.length : 0;
}

function checkAuthorization(header: string | undefined, expected: string | undefined) {
  const token = bearerToken(header);
  if (!token) {
    throw new ApiError(
      401,
      'UNAUTHENTICATED',
      'Request is missing required authentication credential. Expected OAuth 2 access token, login cookie or other valid authentication credential.',
    );
  }
  if (expected !== undefined && token !== expected) {
    throw new ApiError(
      401,
      'UNAUTHENTICATED',
      'Request had invalid authentication credentials. Expected OAuth 2 access token, login cookie or other valid authentication credential.',
    );
  }
}

function parseJson(body: string): unknown {
  try {
    return JSON.parse(body);
  } catch {
    throw invalid('Invalid JSON payload received.');
  }
}

function checkValueRange(body: unknown, range: string): StandInCell[][] {
  if (!isObject(body)) throw invalid('Invalid JSON payload received: expected a ValueRange.');
  if (body.range !== undefined && body.range !== range) {
    throw invalid(
      `Requested writing within range [${range}], but tried writing to [${String(body.range)}]`,
    );
  }
  if (body.majorDimension !== undefined && body.majorDimension !== 'ROWS') {
    throw invalid(`stand-in: majorDimension ${String(body.majorDimension)}`);
  }
  if (!Array.isArray(body.values) || body.values.length === 0) {
    throw invalid("Invalid value at 'data.values': a non-empty list of rows is required.");
  }
  return body.values.map((row: unknown, r: number) => {
    if (!Array.isArray(row)) {
      throw invalid(
        `Invalid value at 'data.values[${r}]' (type.googleapis.com/google.protobuf.ListValue)`,
      );
    }
    return row.map((cell: unknown, c: number) => {
      if (typeof cell === 'string' || typeof cell === 'boolean') return cell;
      if (typeof cell === 'number' && Number.isFinite(cell)) return cell;
      throw invalid(`Invalid value at 'data.values[${r}].values[${c}]': ${JSON.stringify(cell)}`);
    });
  });
}

interface ParsedRange {
  tab: Tab;
  firstRow: number;
  lastRow?: number;
  firstColumn: number;
  lastColumn?: number;
}

/** Enough A1 notation for the adapter: 'Tab'!A1, 'Tab'!R2:R, Tab!A:Z, Tab!A1:C5, 'Tab'. */
function parseRange(range: string, tabs: Tab[]): ParsedRange {
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
function freeTitle(tabs: Tab[]): string {
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

function columnName(index: number): string {
  let name = '';
  for (let n = index + 1; n > 0; n = Math.floor((n - 1) / 26)) {
    name = String.fromCharCode(65 + ((n - 1) % 26)) + name;
  }
  return name;
}

function a1TabName(title: string): string {
  return `'${title.replaceAll("'", "''")}'`;
}

function setCell(tab: Tab, row: number, column: number, value: StandInCell) {
  while (tab.rows.length <= row) tab.rows.push([]);
  const cells = tab.rows[row] as (StandInCell | null)[];
  while (cells.length < column) cells.push(null);
  cells[column] = value;
}

function lastUsedRow(tab: Tab): number {
  for (let r = tab.rows.length - 1; r >= 0; r--) {
    if ((tab.rows[r] ?? []).some((cell) => !isEmpty(cell))) return r;
  }
  return -1;
}

function isEmpty(cell: StandInCell | null | undefined): boolean {
  return cell === null || cell === undefined || cell === '';
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

/** A small seeded PRNG, so random faults replay the same way for one seed. */
function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}
