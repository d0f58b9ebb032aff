import type { IncomingMessage, OutgoingHttpHeaders } from 'node:http';
import type { StandInCell } from './types';

// What a call to the stand-in is: which endpoint, who calls, and whether its body has the shape
// Google requires. Failures are Google's error answers (ApiError).

/** An error answer of the API: HTTP code, Google's status name, message, extra headers. */
export class ApiError extends Error {
  constructor(
    readonly code: number,
    readonly status: string,
    message: string,
    readonly headers: OutgoingHttpHeaders = {},
  ) {
    super(message);
  }
}

export const invalid = (message: string) => new ApiError(400, 'INVALID_ARGUMENT', message);

/** An endpoint of the API that the adapter uses, as one call named it. */
export interface Route {
  name: 'get' | 'batchUpdate' | 'append' | 'getValues' | 'batchUpdateValues';
  spreadsheetId: string;
  /** The decoded A1 range of values calls. */
  range: string;
  query: URLSearchParams;
}

export function matchRoute(method: string, rawUrl: string): Route | undefined {
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
  const batchValues = /^\/v4\/spreadsheets\/([^/:]+)\/values:batchUpdate$/.exec(path);
  if (batchValues) {
    if (method !== 'POST') return undefined;
    return {
      name: 'batchUpdateValues',
      spreadsheetId: decode(batchValues[1] as string),
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

export function bearerToken(header: string | undefined): string | undefined {
  return /^Bearer (\S+)$/.exec(header ?? '')?.[1];
}

export function checkAuthorization(header: string | undefined, expected: string | undefined) {
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

export function parseJson(body: string): unknown {
  try {
    return JSON.parse(body);
  } catch {
    throw invalid('Invalid JSON payload received.');
  }
}

/** How many rows an append's body carries (its shape was checked before). */
export function appendedRowCount(body: string): number {
  const values = (parseJson(body) as { values?: unknown[] }).values;
  return Array.isArray(values) ? values.length : 0;
}

/** The rows of an append's ValueRange, checked as Google checks them. */
export function checkValueRange(body: unknown, range: string): StandInCell[][] {
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

export function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}
