import { AppError } from '@campus/shared/domain/app-error';
import { ERROR_CATEGORIES } from '@campus/shared/domain/error-catalogue';
import { isIdText, TEXT_MESSAGES } from '@campus/shared/domain/text';
import type { Context } from 'hono';
import { z } from 'zod';

/** The request's JSON body, or a 400 when it is not JSON. */
export async function jsonBody(c: Context): Promise<unknown> {
  try {
    return await c.req.json();
  } catch {
    throw new AppError({
      code: 'invalid-argument',
      status: 400,
      userMessage: ERROR_CATEGORIES.VALIDATION.message,
      logMessage: 'request body is not JSON',
    });
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

/** A 400 for one field, with the message to show next to it. */
export function invalidField(field: string, message: string): AppError {
  return new AppError({
    code: 'invalid-argument',
    status: 400,
    userMessage: message,
    fields: { [field]: message },
  });
}

/** A query value that names a record: '' when absent, a 400 when not of the server's id format. */
export function idQuery(c: Context, name: string): string {
  const value = c.req.query(name) ?? '';
  if (value !== '' && !isIdText(value)) throw invalidField(name, TEXT_MESSAGES.invalidId);
  return value;
}
