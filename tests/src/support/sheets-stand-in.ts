import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  AppendHold,
  DEFAULT_RETRY_AFTER_S,
  FaultInjector,
  WriteQuota,
} from './sheets-stand-in/faults';
import { createHandler } from './sheets-stand-in/handler';
import { Spreadsheet } from './sheets-stand-in/spreadsheet';
import { Timers } from './sheets-stand-in/timers';
import type {
  FaultTarget,
  HeldAppend,
  SheetsCallCounts,
  SheetsFault,
  SheetsRequestRecord,
  StandInCell,
} from './sheets-stand-in/types';

/**
 * A local stand-in of the part of the Google Sheets v4 REST API that the Google SheetStore
 * adapter uses (docs/architecture.md §2): tabs and rows in memory, request shapes checked the way
 * Google checks them, a per-minute write quota, and faults to inject. It lives only in tests.
 *
 * Its parts, in sheets-stand-in/: the spreadsheet's state and operations (spreadsheet.ts,
 * tabs.ts), what a call is and whether it is well formed (requests.ts), the faults, quota and held
 * appends (faults.ts), the shapes they share (types.ts), and the HTTP side that puts them together
 * for each call (handler.ts).
 */

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
  /**
   * Each call of that target (writes by default) fails with this probability, one of the kinds at
   * random.
   */
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

// Longer than the adapter's default timeout (20 s), so a held call always times out.
const DEFAULT_HOLD_MS = 25_000;

const emptyCounts = (): SheetsCallCounts => ({
  total: 0,
  reads: 0,
  writes: 0,
  appends: 0,
  cellUpdates: 0,
  applied: 0,
  rejected: 0,
  rateLimited: 0,
  faults: {},
});

/** Starts a stand-in on 127.0.0.1 (a random port unless one is given). */
export async function startSheetsStandIn(
  options: SheetsStandInOptions = {},
): Promise<SheetsStandIn> {
  const spreadsheetId = options.spreadsheetId ?? 'stand-in-spreadsheet';
  const spreadsheet = new Spreadsheet(
    spreadsheetId,
    options.tabs ?? { Sheet1: [] },
    options.refuseCellsContaining,
  );
  const timers = new Timers();
  const faults = new FaultInjector(options.seed);
  const quota = new WriteQuota(options.writesPerMinute ?? 60, options.quotaWindowMs ?? 60_000);
  const holds = new AppendHold(timers);
  const stats = { calls: emptyCounts(), requests: [] as SheetsRequestRecord[] };

  const server = createServer(
    createHandler({
      spreadsheet,
      faults,
      quota,
      holds,
      timers,
      stats,
      latencyMs: () => stand.latencyMs,
      accessToken: options.accessToken,
      holdMs: options.holdMs ?? DEFAULT_HOLD_MS,
    }),
  );
  // Clients that vanish mid-request are part of the game, not an error.
  server.on('clientError', (_error, socket) => socket.destroy());

  function listen(port: number): Promise<void> {
    return new Promise((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, '127.0.0.1', () => {
        server.off('error', reject);
        resolve();
      });
    });
  }

  const stand: SheetsStandIn = {
    url: '',
    port: 0,
    spreadsheetId,
    get calls() {
      return stats.calls;
    },
    requests: stats.requests,
    latencyMs: options.latencyMs ?? 0,
    tab: (name) => spreadsheet.tab(name),
    tabs: () => spreadsheet.list(),
    failNext(fault, { times = 1, on = 'write', retryAfterSeconds = DEFAULT_RETRY_AFTER_S } = {}) {
      faults.failNext(fault, times, on, retryAfterSeconds);
    },
    setRandomFaults({
      probability,
      kinds,
      on = 'write',
      retryAfterSeconds = DEFAULT_RETRY_AFTER_S,
    }) {
      faults.setRandom({ probability, kinds, on, retryAfterSeconds });
    },
    holdNextAppend: (withinMs) => holds.next(withinMs),
    clearFaults: () => faults.clear(),
    setWriteQuota(writes, windowMs = 60_000) {
      quota.set(writes, windowMs);
    },
    resetCounts() {
      stats.calls = emptyCounts();
      stats.requests.length = 0;
    },
    async down() {
      timers.cancelAll();
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

  await listen(options.port ?? 0);
  const { port } = server.address() as AddressInfo;
  Object.assign(stand, { port, url: `http://127.0.0.1:${port}/` });
  return stand;
}
