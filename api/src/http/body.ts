import { ERROR_CATEGORIES } from '@campus/shared/domain/error-catalogue';
import { isIdText, TEXT_MESSAGES } from '@campus/shared/domain/text';
import type { Context } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { z } from 'zod';
import { invalidArgument, invalidField, payloadTooLarge } from './errors';

/**
 * Refuses a body over `maxBytes` with a 413 before it is read into memory; `message` is what the
 * person reads (the catalogue's 'check your input' unless given).
 */
export function limitBody(maxBytes: number, message?: string) {
  return bodyLimit({
    maxSize: maxBytes,
    onError: (c) => {
      throw payloadTooLarge(`${c.req.method} ${c.req.path} body over ${maxBytes} bytes`, message);
    },
  });
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
