import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from 'node:http';
import { type AppendHold, type FaultInjector, WRITING_FAULTS, type WriteQuota } from './faults';
import {
  ApiError,
  appendedRowCount,
  bearerToken,
  checkAuthorization,
  matchRoute,
  readBody,
} from './requests';
import type { Spreadsheet } from './spreadsheet';
import type { Timers } from './timers';
import type { SheetsCallCounts, SheetsFault, SheetsRequestRecord } from './types';

/**
 * What the HTTP side of the stand-in works with; `stats` and `latencyMs` may change between calls.
 */
export interface HandlerDeps {
  spreadsheet: Spreadsheet;
  faults: FaultInjector;
  quota: WriteQuota;
  holds: AppendHold;
  timers: Timers;
  /** The counts (replaced by resetCounts) and the log of calls. */
  stats: { calls: SheetsCallCounts; requests: SheetsRequestRecord[] };
  latencyMs(): number;
  /** When set, only this bearer token is accepted. */
  accessToken: string | undefined;
  /** How long a 'timeout' fault holds a request before dropping it. */
  holdMs: number;
}

const QUOTA_MESSAGE =
  "Quota exceeded for quota metric 'Write requests' and limit 'Write requests per minute per user' of service 'sheets.googleapis.com'.";

/** Answers one HTTP call as Google would, with the faults, quota and holds the test set up. */
export function createHandler(deps: HandlerDeps) {
  const { spreadsheet, faults, quota, holds, timers, stats } = deps;

  function record(
    req: IncomingMessage,
    kind: SheetsRequestRecord['kind'],
    outcome: number | 'dropped',
  ) {
    if (stats.requests.length < 10_000) {
      stats.requests.push({ method: req.method ?? '', path: req.url ?? '', kind, outcome });
    }
    if (outcome === 'dropped' || outcome >= 400) stats.calls.rejected++;
    if (outcome === 429) stats.calls.rateLimited++;
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
    const timer = timers.start(deps.holdMs, () => drop(req, res));
    res.once('close', () => {
      if (timers.cancel(timer)) record(req, kindOf(req), 'dropped');
    });
  }

  /** The answer of a fault that writes nothing, or undefined for one that writes first. */
  function failWithoutWriting(
    req: IncomingMessage,
    res: ServerResponse,
    fault: { fault: SheetsFault; retryAfterSeconds: number | null },
  ): true | undefined {
    switch (fault.fault) {
      case '429':
        answerError(
          req,
          res,
          new ApiError(
            429,
            'RESOURCE_EXHAUSTED',
            QUOTA_MESSAGE,
            fault.retryAfterSeconds === null
              ? {}
              : { 'retry-after': String(fault.retryAfterSeconds) },
          ),
        );
        return true;
      case '500':
        answerError(req, res, new ApiError(500, 'INTERNAL', 'Internal error encountered.'));
        return true;
      case '503':
        answerError(
          req,
          res,
          new ApiError(503, 'UNAVAILABLE', 'The service is currently unavailable.'),
        );
        return true;
      case '403':
        answerError(
          req,
          res,
          new ApiError(403, 'PERMISSION_DENIED', 'The caller does not have permission'),
        );
        return true;
      case 'timeout':
        holdThenDrop(req, res);
        return true;
      default:
        return undefined;
    }
  }

  async function handle(req: IncomingMessage, res: ServerResponse) {
    stats.calls.total++;
    const method = req.method ?? 'GET';
    const kind = method === 'GET' ? 'read' : 'write';
    const body = await readBody(req);
    if (deps.latencyMs() > 0) await timers.sleep(deps.latencyMs());

    const route = matchRoute(method, req.url ?? '/');
    if (kind === 'read') stats.calls.reads++;
    else stats.calls.writes++;
    if (route?.name === 'append') stats.calls.appends++;
    if (route?.name === 'batchUpdateValues') stats.calls.cellUpdates++;

    let apply: () => unknown;
    try {
      checkAuthorization(req.headers.authorization, deps.accessToken);
      if (!route) {
        throw new ApiError(404, 'NOT_FOUND', `stand-in: no such endpoint ${method} ${req.url}`);
      }
      if (route.spreadsheetId !== spreadsheet.spreadsheetId) {
        throw new ApiError(404, 'NOT_FOUND', 'Requested entity was not found.');
      }
      // Validation comes first and applying is one synchronous step, so a refused write
      // changes nothing, as with Google.
      apply = spreadsheet.prepare(route, body);
    } catch (error) {
      if (error instanceof ApiError) return answerError(req, res, error);
      throw error;
    }

    if (
      route.name === 'append' &&
      holds.take(() => ({
        token: bearerToken(req.headers.authorization) ?? '',
        rows: appendedRowCount(body),
        release() {
          quota.take();
          const result = apply();
          stats.calls.applied++;
          answer(req, res, 200, result);
        },
      }))
    ) {
      return;
    }

    const fault = faults.next(kind);
    // Counted once it happens: a fault that writes first may yet be refused by the quota.
    const happened = (what: SheetsFault) => {
      stats.calls.faults[what] = (stats.calls.faults[what] ?? 0) + 1;
    };
    if (fault && !WRITING_FAULTS.has(fault.fault)) happened(fault.fault);
    if (fault && failWithoutWriting(req, res, fault)) return;

    if (kind === 'write') {
      const exhausted = quota.refusal();
      if (exhausted) return answerError(req, res, exhausted);
      quota.take();
    }
    const result = apply();
    if (kind === 'write') stats.calls.applied++;
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

  /** The request listener: a bug of the stand-in fails the test rather than passing for a 500. */
  return (req: IncomingMessage, res: ServerResponse) => {
    handle(req, res).catch((error: unknown) => {
      // A client that hung up mid-request is part of the game. (Not req.destroyed: a request is
      // destroyed as soon as its body has been read, and the caller would then wait forever.)
      if (res.destroyed) return;
      // A bug of the stand-in must fail the test (console.error does), not pass for a 500 of
      // Google that the adapter would just retry; the 500 ends the call, so nothing hangs on it.
      console.error('sheets stand-in failed on', req.method, req.url, error);
      if (!res.headersSent) {
        answerError(req, res, new ApiError(500, 'INTERNAL', `stand-in failure: ${String(error)}`));
      } else if (!res.writableEnded) {
        res.destroy();
      }
    });
  };
}

function kindOf(req: IncomingMessage): SheetsRequestRecord['kind'] {
  if (req.method === 'GET') return 'read';
  if (req.method === 'POST' || req.method === 'PUT') return 'write';
  return 'other';
}
