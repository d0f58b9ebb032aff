// The shapes the stand-in's parts and its tests share (see ../sheets-stand-in.ts).

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
  /** values.batchUpdate calls, which set cells (also counted in writes). */
  cellUpdates: number;
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
