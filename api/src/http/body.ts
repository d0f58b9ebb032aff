import { ERROR_CATEGORIES } from '@campus/shared/domain/error-catalogue';
import { isIdText, TEXT_MESSAGES } from '@campus/shared/domain/text';
import type { Context, MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { z } from 'zod';
import { invalidArgument, invalidField, payloadTooLarge } from './errors';

/**
 * Refuses a body over `maxBytes` with a 413 before it is read into memory; `message` is what the
 * person reads (the catalogue's 'check your input' unless given).
 *
 * A body of declared length is judged by its Content-Length alone, as Hono's bodyLimit judges it,
 * but without asking for the request's body stream: that stream makes @hono/node-server build a
 * fetch Request whose body a route then reads through web streams, where it otherwise reads
 * Node's request straight into one buffer. A chunked body is counted by bodyLimit as it comes.
 * A GET or HEAD carries no body the app reads (@hono/node-server drops it), so it is let by
 * without building that Request, which a Host the URL parser refuses would turn into a 500.
 */
export function limitBody(maxBytes: number, message?: string): MiddlewareHandler {
  const refuse = (c: Context): never => {
    throw payloadTooLarge(`${c.req.method} ${c.req.path} body over ${maxBytes} bytes`, message);
  };
  const counted = bodyLimit({ maxSize: maxBytes, onError: refuse });
  return async (c, next) => {
    if (c.req.method === 'GET' || c.req.method === 'HEAD') return next();
    const declared = c.req.header('content-length');
    if (declared === undefined || c.req.header('transfer-encoding') !== undefined) {
      return counted(c, next);
    }
    if (Number.parseInt(declared, 10) > maxBytes) refuse(c);
    await next();
  };
}

/** The request's JSON body, or a 400 when it is not JSON. */
export async function jsonBody(c: Context): Promise<unknown> {
  try {
    return await c.req.json();
  } catch {
    throw invalidArgument(undefined, { logMessage: 'request body is not JSON' });
  }
}

/**
 * Parses a value with a shared form schema; the first broken rule becomes a 400 whose message is
 * the spec's, with the field it belongs to.
 */
export function parseWith<S extends z.core.$ZodType>(schema: S, value: unknown): z.output<S> {
  const result = z.safeParse(schema, value ?? {});
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  const field = issue?.path.join('.') || 'body';
  throw invalidField(field, issue?.message ?? ERROR_CATEGORIES.VALIDATION.message);
}

/** A query value that names a record: '' when absent, a 400 when not of the server's id format. */
export function idQuery(c: Context, name: string): string {
  const value = c.req.query(name) ?? '';
  if (value !== '' && !isIdText(value)) throw invalidField(name, TEXT_MESSAGES.invalidId);
  return value;
}

// A bucket names a few restaurants; more is no bucket.
const MAX_LISTED_IDS = 50;

/** Ids given as one query value, comma-separated ('a,b'); none when the value is absent. */
export function idListQuery(c: Context, name: string): string[] {
  const ids = (c.req.query(name) ?? '').split(',').filter((id) => id !== '');
  if (ids.length > MAX_LISTED_IDS || ids.some((id) => !isIdText(id))) {
    throw invalidField(name, TEXT_MESSAGES.invalidId);
  }
  return ids;
}
