import type { SheetCell } from '../../domain/order';

/** A tab of the orders spreadsheet, with the address 'View Orders' opens. */
export interface SheetTabInfo {
  name: string;
  sheetId: number;
  /** Local: the app's own /sheets/{tab} page (a path); Google: the tab's URL with its gid. */
  url: string;
}

/**
 * The orders spreadsheet (docs/architecture.md §2): tabs of rows. Adapters know tabs, rows and
 * HTTP, never orders. Every method is safe to repeat: creating a tab that exists or deleting one
 * that does not is not an error.
 */
export interface SheetStore {
  readonly kind: 'local' | 'google';
  /**
   * How long after a write was sent it may still be applied although its caller saw it fail (a
   * timeout): a read of the tab before then may not show it yet. 0 for a store with no such lag.
   */
  readonly settleMs: number;
  listTabs(): Promise<SheetTabInfo[]>;
  /** Creates the tab with this header row unless it exists; returns it either way. */
  ensureTab(name: string, header: readonly string[]): Promise<SheetTabInfo>;
  /** Removes the tab; false when there was none. */
  deleteTab(name: string): Promise<boolean>;
  /** Appends the rows after the last row of the tab, in one write. Throws SheetStoreError. */
  appendRows(tab: string, rows: readonly (readonly SheetCell[])[]): Promise<void>;
  /**
   * The texts of one column (0-based) of every row below the header: used to find out which
   * orders an append whose answer was lost did write (the order id is the last column).
   */
  readColumn(tab: string, column: number): Promise<string[]>;
  /** The texts of the header row (the tab's first row), without the empty cells at its end. */
  readHeader(tab: string): Promise<string[]>;
  /**
   * Sets each cell to its value, in one write; setting a cell again to the same value changes
   * nothing, so a repeat is harmless. Rows and columns are 0-based, row 0 being the header row.
   * Throws SheetStoreError.
   */
  updateCells(tab: string, cells: readonly SheetCellUpdate[]): Promise<void>;
}

/** One cell to set: 0-based row (0 is the header row) and column, and its value. */
export interface SheetCellUpdate {
  row: number;
  column: number;
  value: SheetCell;
}

/**
 * Why a sheet call failed, as the caller must treat it:
 * - rate-limited: the service said 429; nothing was written; wait retryAfterMs, then retry.
 * - transient: 5xx, timeout or a lost connection; the write may or may not have happened.
 * - not-found: the tab does not exist.
 * - content-refused: the service refused what a row holds (a cell over its limit); nothing was
 *   written; the same rows will always be refused, other rows will not.
 * - permanent: a request the service will never accept (bad credentials, bad request).
 */
export type SheetFailure =
  | 'rate-limited'
  | 'transient'
  | 'not-found'
  | 'content-refused'
  | 'permanent';

export class SheetStoreError extends Error {
  readonly failure: SheetFailure;
  readonly retryAfterMs?: number;

  constructor(
    failure: SheetFailure,
    message: string,
    options?: { retryAfterMs?: number; cause?: unknown },
  ) {
    super(message, { cause: options?.cause });
    this.name = 'SheetStoreError';
    this.failure = failure;
    this.retryAfterMs = options?.retryAfterMs;
  }

  /** Whether the failed call surely wrote nothing (so no reconciliation read is needed). */
  get wroteNothing(): boolean {
    return this.failure !== 'transient';
  }
}
