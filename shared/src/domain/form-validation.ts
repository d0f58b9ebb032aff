import { z } from 'zod';
import {
  isBlankText,
  isIdText,
  TEXT_LIMITS,
  TEXT_MESSAGES,
  type TextRule,
  textProblem,
  textProblemMessage,
  trimText,
} from './text';

/** The first rule a form breaks: the field to highlight and the spec's message. */
export type FieldError = { field: string; message: string };

/** A form rule set: returns the first failure in the spec's order, or null. */
export type Validator<T> = (values: T) => FieldError | null;

/** Builds a FieldError. */
export function fieldError(field: string, message: string): FieldError {
  return { field, message };
}

/** True when a value is missing, not text, or only white space and zero-width characters. */
export function isBlank(value: unknown): boolean {
  return typeof value !== 'string' || isBlankText(value);
}

/**
 * Text that may be absent, under the shared text rule (text.ts): absent and null become '', the
 * rest is trimmed of white space and zero-width characters; control characters, lone surrogates
 * and text over the field's maximum are refused with the field's message. Whether it must be
 * given is the form's rule (isBlank), so that the spec's messages come in the spec's order.
 */
export function zText(rule: TextRule = { max: TEXT_LIMITS.name }) {
  return z
    .string()
    .nullish()
    .transform((value, ctx) => {
      const text = trimText(value ?? '');
      const problem = textProblem(text, rule);
      if (problem === null) return text;
      ctx.issues.push({ code: 'custom', message: textProblemMessage(problem, rule), input: value });
      return z.NEVER;
    });
}

/**
 * Text kept exactly as typed (passwords, captcha payloads); absent and null become ''. Only
 * control characters, lone surrogates and more than `max` characters are refused.
 */
export function zRawText(max = 4096) {
  return z
    .string()
    .nullish()
    .transform((value, ctx) => {
      const text = value ?? '';
      const rule = { max };
      const problem = textProblem(text, rule);
      if (problem === null) return text;
      ctx.issues.push({ code: 'custom', message: textProblemMessage(problem, rule), input: value });
      return z.NEVER;
    });
}

/**
 * An id chosen in a form (university, campus, restaurant, the record edited): empty when none is
 * chosen (the form's rule says what to choose), else the server's id format.
 */
export function zIdText() {
  return zText({ max: TEXT_LIMITS.param }).refine((id) => id === '' || isIdText(id), {
    message: TEXT_MESSAGES.invalidId,
  });
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

/**
 * The first message of each field a schema refuses in `value`, by the path the api names it with
 * too ('slots.3.cutoff', 'places.2.code'); none when it holds.
 */
export function fieldMessages(schema: z.ZodType, value: unknown): Record<string, string> {
  const messages: Record<string, string> = {};
  const parsed = schema.safeParse(value);
  if (parsed.success) return messages;
  for (const issue of parsed.error.issues) messages[issue.path.join('.')] ??= issue.message;
  return messages;
}
