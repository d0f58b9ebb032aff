// The one rule for text people type (every form field, query value and path segment the api
// reads): no control characters, no lone surrogates, not blank when it must be given (white space
// and zero-width characters do not count), and a maximum length per field. PostgreSQL refuses
// U+0000 outright, so without this rule such text reached the database and answered 500.

/** The most characters (code points) each kind of field holds. */
export const TEXT_LIMITS = {
  /** Names of people, universities, campuses, restaurants, items, domains; bank fields. */
  name: 100,
  /** Hostel room. */
  room: 100,
  /** Special instructions, item descriptions: a few sentences. */
  instructions: 500,
  /** Locations, cuisines, categories, times, phone numbers and other short values. */
  short: 100,
  /** E-mail addresses (RFC 5321's path limit). */
  email: 254,
  /** Photo addresses. */
  url: 500,
  /** Path segments that no schema of their own bounds. */
  param: 200,
  /** Query values that no schema of their own bounds (an e-mailed link's token is long). */
  query: 2048,
} as const;

/** Messages of the text rule, shown next to the field. */
export const TEXT_MESSAGES = {
  forbiddenCharacters: 'This field contains characters that are not allowed. Please retype it.',
  tooLong: (max: number) => `Please keep this field to at most ${max} characters.`,
  invalidId: 'This reference is not valid. Please reload the page and try again.',
  invalidToken: 'This link or code is not valid. Please request a new one.',
} as const;

// C0 and C1 control characters; a multi-line field may keep tab, line feed and carriage return.
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding them is this rule's purpose
const CONTROL = /[\u0000-\u001F\u007F-\u009F]/;
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding them is this rule's purpose
const CONTROL_BUT_LINES = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]/;
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
// White space as String.prototype.trim knows it, plus the zero-width characters it does not:
// zero-width space, non-joiner and joiner, word joiner, Mongolian vowel separator.
const EDGE_SPACE = /^[\s\u200B-\u200D\u2060\u180E]+|[\s\u200B-\u200D\u2060\u180E]+$/g;

/** Server-made ids (UUIDs) and the like: letters, digits, '-' and '_', at most 64. */
const ID_PATTERN = /^[A-Za-z0-9_-]{1,64}$/;
/** Tokens of e-mailed links and idempotency keys: URL-safe characters and dots. */
const TOKEN_PATTERN = /^[A-Za-z0-9_.~-]+$/;

/** What a field's text rule allows beyond the defaults. */
export type TextRule = {
  /** The most code points; TEXT_LIMITS has the value per kind of field. */
  max: number;
  /** Tab, line feed and carriage return are allowed (text areas). */
  multiline?: boolean;
};

export type TextProblem = 'forbiddenCharacters' | 'tooLong';

/** Removes white space and zero-width characters at both ends. */
export function trimText(text: string): string {
  return text.replace(EDGE_SPACE, '');
}

/** True when text is empty once white space and zero-width characters are trimmed. */
export function isBlankText(text: string): boolean {
  return trimText(text) === '';
}

function codePointLength(text: string, atMost: number): number {
  let n = 0;
  for (const _ of text) {
    n += 1;
    if (n > atMost) break;
  }
  return n;
}

/** What is wrong with text under a field's rule, or null when nothing is. */
export function textProblem(text: string, rule: TextRule): TextProblem | null {
  if ((rule.multiline ? CONTROL_BUT_LINES : CONTROL).test(text)) return 'forbiddenCharacters';
  if (LONE_SURROGATE.test(text)) return 'forbiddenCharacters';
  if (codePointLength(text, rule.max) > rule.max) return 'tooLong';
  return null;
}

/** The message for a text problem under a rule. */
export function textProblemMessage(problem: TextProblem, rule: TextRule): string {
  return problem === 'tooLong'
    ? TEXT_MESSAGES.tooLong(rule.max)
    : TEXT_MESSAGES.forbiddenCharacters;
}

/** Whether text is an id of the server's format. */
export function isIdText(text: string): boolean {
  return ID_PATTERN.test(text);
}

/** Whether text is a link token or idempotency key of length min..max. */
export function isTokenText(text: string, min: number, max: number): boolean {
  return text.length >= min && text.length <= max && TOKEN_PATTERN.test(text);
}
