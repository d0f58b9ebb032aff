import { SHEET_REQUEST_MESSAGES } from '@campus/shared/domain/sheet-requests';
import { SheetStoreError } from '@campus/shared/server/sheets/sheet-store';
import type { Context } from 'hono';
import type { AppEnv } from '../app-env';
import {
  badGateway,
  invalidArgument,
  notFound,
  tooManyRequests,
  unavailable,
} from '../http/errors';

/**
 * A SheetStoreError as the caller should read it: wait (429), retry (503), gone (404), the rows'
 * content (400), ours (502).
 */
function fromSheetError(c: Context<AppEnv>, error: unknown): unknown {
  if (!(error instanceof SheetStoreError)) return error;
  c.get('log').warn({ err: error, failure: error.failure }, 'sheet store call failed');
  switch (error.failure) {
    case 'rate-limited':
      if (error.retryAfterMs !== undefined) {
        c.header('Retry-After', String(Math.max(1, Math.ceil(error.retryAfterMs / 1000))));
      }
      return tooManyRequests({ cause: error });
    case 'transient':
      return unavailable({ logMessage: 'the sheet store did not answer', cause: error });
    case 'not-found':
      return notFound();
    case 'content-refused':
      // What a row holds (a cell over the service's limit): the same rows are always refused.
      return invalidArgument(SHEET_REQUEST_MESSAGES.refused(error.message), { cause: error });
    case 'permanent':
      return badGateway(undefined, { logMessage: error.message, cause: error });
  }
}

/** Runs work that calls the sheet store, answering its failures as fromSheetError says. */
export async function sheetCall<T>(c: Context<AppEnv>, call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    throw fromSheetError(c, error);
  }
}
