import { z } from 'zod';

/** The first rule a form breaks: the field to highlight and the spec's message. */
export type FieldError = { field: string; message: string };

/** A form rule set: returns the first failure in the spec's order, or null. */
export type Validator<T> = (values: T) => FieldError | null;

/** Builds a FieldError. */
export function fieldError(field: string, message: string): FieldError {
  return { field, message };
}

/** True when a value is missing, not text, or only white space. */
export function isBlank(value: unknown): boolean {
  return typeof value !== 'string' || value.trim() === '';
}

/** Text that may be absent; absent and null become '' and the rest is trimmed. */
export function zText() {
  return z
    .string()
    .nullish()
    .transform((value) => (value ?? '').trim());
}

/** Text kept exactly as typed (passwords, captcha payloads); absent and null become ''. */
export function zRawText() {
  return z
    .string()
    .nullish()
    .transform((value) => value ?? '');
}

/**
 * Attaches a validator to an object schema so that zod reports exactly the validator's first
 * failure, at its field. Field types stay permissive so that a missing value reaches the
 * validator and gets the spec's message rather than a generic type error.
 */
export function withValidator<T extends z.ZodObject>(schema: T, validate: Validator<z.output<T>>) {
  return schema.superRefine((values, ctx) => {
    const failure = validate(values);
    if (failure) ctx.addIssue({ code: 'custom', message: failure.message, path: [failure.field] });
  });
}
