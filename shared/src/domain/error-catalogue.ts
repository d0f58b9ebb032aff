// No zod here: the web formats errors on first paint, and zod's core alone is 17 KB gzip there.
import { AppError } from './app-error';

/** The error categories of docs/product.md §8 with their title, message and action. */
export const ERROR_CATEGORIES = {
  NETWORK: {
    title: 'Network Error',
    message:
      'Unable to connect to the server. Please check your internet connection and try again.',
    action: 'Retry',
  },
  AUTHENTICATION: {
    title: 'Authentication Error',
    message: 'Your session has expired. Please log in again.',
    action: 'Login',
  },
  AUTHORIZATION: {
    title: 'Access Denied',
    message: 'You do not have permission to perform this action.',
    action: 'Go Back',
  },
  VALIDATION: {
    title: 'Invalid Input',
    message: 'Please check your input and try again.',
    action: 'Fix Input',
  },
  NOT_FOUND: {
    title: 'Not Found',
    message: 'The requested resource was not found.',
    action: 'Go Home',
  },
  SERVER: {
    title: 'Server Error',
    message: 'Something went wrong on our end. Please try again later.',
    action: 'Retry',
  },
  UNKNOWN: {
    title: 'Unexpected Error',
    message: 'An unexpected error occurred. Please try again.',
    action: 'Retry',
  },
} as const;

export type ErrorCategory = keyof typeof ERROR_CATEGORIES;

/** The code of an error meaning the server could not be reached. */
export const NETWORK_ERROR_CODE = 'NETWORK_ERROR';

/** The user message of each error code of docs/product.md §8. */
export const CODE_MESSAGES = {
  'auth/user-not-found': 'No account found with this email address.',
  'auth/wrong-password': 'Incorrect password. Please try again.',
  'auth/too-many-requests': 'Too many failed attempts. Please try again later.',
  'auth/user-disabled': 'This account has been disabled. Please contact support.',
  'auth/email-already-in-use': 'An account with this email already exists.',
  'auth/weak-password': 'Password should be at least 6 characters long.',
  'auth/invalid-email': 'Please enter a valid email address.',
  'auth/operation-not-allowed': 'This operation is not allowed. Please contact support.',
  'auth/network-request-failed': 'Network error. Please check your connection.',
  'permission-denied': 'You do not have permission to access this resource.',
  unavailable: 'Service is currently unavailable.',
  'deadline-exceeded': 'Request timed out. Please try again.',
  'resource-exhausted': 'Service quota exceeded. Please try again later.',
  'failed-precondition': 'Operation failed due to a precondition.',
  aborted: 'Operation was aborted. Please try again.',
  'out-of-range': 'Operation is out of valid range.',
  unimplemented: 'Operation is not implemented.',
  internal: 'Internal server error. Please try again.',
  'data-loss': 'Data loss occurred. Please try again.',
  unauthenticated: 'Authentication required. Please log in.',
} as const;

export type ErrorCode = keyof typeof CODE_MESSAGES;

/** The user message of each HTTP status the spec names (its wording is ours). */
export const HTTP_STATUS_MESSAGES: Readonly<Record<number, string>> = {
  400: 'Bad request. Please check your input and try again.',
  401: CODE_MESSAGES.unauthenticated,
  403: 'Access denied. You do not have permission to perform this action.',
  404: ERROR_CATEGORIES.NOT_FOUND.message,
  408: 'The request timed out. Please try again.',
  429: 'Too many requests. Please wait a moment and try again.',
  500: 'Internal server error. Please try again later.',
  502: 'Bad gateway. The server is temporarily unreachable. Please try again later.',
  503: 'Service unavailable. Please try again later.',
  504: 'Gateway timeout. The server took too long to respond. Please try again.',
};

/** The error body every api route answers with on failure. */
export type TApiErrorBody = {
  error: { code: string; message: string; fields?: Record<string, string> };
};

/** What the shared formatter gives the screen. */
export type FormattedError = {
  category: ErrorCategory;
  title: string;
  message: string;
  action: string;
  code?: string;
  status?: number;
  fields?: Record<string, string>;
};

type Facts = {
  code?: string;
  status?: number;
  /** Written for users: AppError.userMessage or the api body's message. */
  userMessage?: string;
  /** Raw text of a thrown Error or string; shown only when nothing better is known. */
  message?: string;
  fields?: Record<string, string>;
  /** A fetch that never got an answer. */
  noResponse?: boolean;
  /** A built-in programming error (TypeError, RangeError...), whose text is not for users. */
  internal?: boolean;
};

// What browsers and Node say when fetch gets no answer at all.
const FETCH_FAILURES = [
  'failed to fetch',
  'fetch failed',
  'load failed',
  'networkerror when attempting to fetch resource',
];

const BUILT_IN_ERRORS = new Set([
  'TypeError',
  'RangeError',
  'ReferenceError',
  'SyntaxError',
  'EvalError',
  'URIError',
]);

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

function numberOf(value: unknown): number | undefined {
  return typeof value === 'number' && Number.isInteger(value) ? value : undefined;
}

function stringOf(value: unknown): string | undefined {
  return typeof value === 'string' && value !== '' ? value : undefined;
}

function isStringRecord(value: unknown): value is Record<string, string> {
  return (
    isRecord(value) &&
    !Array.isArray(value) &&
    Object.values(value).every((entry) => typeof entry === 'string')
  );
}

/** The error of an api error body, or undefined for any other value (an answer is not trusted). */
function apiBodyOf(value: unknown): TApiErrorBody['error'] | undefined {
  if (!isRecord(value) || !isRecord(value.error)) return undefined;
  const { code, message, fields } = value.error;
  if (typeof code !== 'string' || typeof message !== 'string') return undefined;
  if (fields === undefined) return { code, message };
  return isStringRecord(fields) ? { code, message, fields } : undefined;
}

/** The facts of any thrown value: AppError, the api error body, an Error or object, a string. */
export function errorFacts(err: unknown): Facts {
  if (typeof err === 'string') return { message: err };
  if (err instanceof AppError) {
    return {
      code: err.code,
      status: err.status,
      userMessage: err.userMessage,
      message: err.message,
      fields: err.fields,
      noResponse: err.code === NETWORK_ERROR_CODE,
    };
  }
  if (!isRecord(err)) return {};
  const body = apiBodyOf(err) ?? apiBodyOf(err.body);
  const message = stringOf(err.message);
  const name = err instanceof Error ? err.name : undefined;
  const fetchFailed =
    name === 'TypeError' &&
    FETCH_FAILURES.some((text) => message?.toLowerCase().startsWith(text) ?? false);
  return {
    code: body?.code ?? stringOf(err.code),
    status: numberOf(err.status),
    userMessage: body?.message,
    message,
    fields: body?.fields,
    noResponse: fetchFailed || stringOf(err.code) === NETWORK_ERROR_CODE,
    internal: name !== undefined && BUILT_IN_ERRORS.has(name),
  };
}

function categoryOf(facts: Facts): ErrorCategory {
  const { code, status } = facts;
  if (code?.startsWith('auth/')) return 'AUTHENTICATION';
  if (code === 'permission-denied') return 'AUTHORIZATION';
  if (status === 401) return 'AUTHENTICATION';
  if (status === 403) return 'AUTHORIZATION';
  if (status === 404) return 'NOT_FOUND';
  if (status !== undefined && status >= 500) return 'SERVER';
  if (status === 400) return 'VALIDATION';
  const text = `${facts.message ?? ''} ${facts.userMessage ?? ''}`;
  if (facts.noResponse || code === NETWORK_ERROR_CODE || text.includes('Network Error')) {
    return 'NETWORK';
  }
  if (/validation|invalid/i.test(text)) return 'VALIDATION';
  return 'UNKNOWN';
}

/** The spec's category of any thrown value (docs/product.md §8 category mapping, in its order). */
export function categorizeError(err: unknown): ErrorCategory {
  return categoryOf(errorFacts(err));
}

/** The message of a code of docs/product.md §8, if it has one. */
export function codeMessage(code: string): string | undefined {
  return Object.hasOwn(CODE_MESSAGES, code) ? CODE_MESSAGES[code as ErrorCode] : undefined;
}

/**
 * Formats any thrown value for the screen: AppError, the api error body, an Error or object with
 * code / status / message, a string, or anything else. The message is, first
 * found: the message written for users, the code's message, the status message, the thrown text
 * (not for built-in programming errors), the category's message.
 */
export function formatError(err: unknown): FormattedError {
  const facts = errorFacts(err);
  const category = categoryOf(facts);
  const entry = ERROR_CATEGORIES[category];
  const thrownText = facts.internal || facts.noResponse ? undefined : facts.message;
  const message =
    facts.userMessage ??
    (facts.code ? codeMessage(facts.code) : undefined) ??
    (facts.status ? HTTP_STATUS_MESSAGES[facts.status] : undefined) ??
    thrownText ??
    entry.message;
  const formatted: FormattedError = { category, title: entry.title, message, action: entry.action };
  if (facts.code) formatted.code = facts.code;
  if (facts.status) formatted.status = facts.status;
  if (facts.fields) formatted.fields = facts.fields;
  return formatted;
}

/**
 * The AppError a web client throws for a failed api response: the body's code, message and
 * fields when it has the api error shape, else the status message.
 */
export function appErrorFromResponse(status: number, body: unknown): AppError {
  const error = apiBodyOf(body);
  const fallback = HTTP_STATUS_MESSAGES[status] ?? ERROR_CATEGORIES.UNKNOWN.message;
  return new AppError({
    code: error?.code ?? `http-${status}`,
    status,
    userMessage: error?.message ?? fallback,
    fields: error?.fields,
    logMessage: `HTTP ${status}`,
  });
}

/** The AppError a web client throws when a request got no answer (maps to NETWORK). */
export function networkError(cause?: unknown): AppError {
  return new AppError({
    code: NETWORK_ERROR_CODE,
    status: 0,
    userMessage: ERROR_CATEGORIES.NETWORK.message,
    cause,
  });
}

/** The status and body the api answers for a thrown value; unknown errors become a plain 500. */
export function toApiErrorResponse(err: unknown): { status: number; body: TApiErrorBody } {
  if (err instanceof AppError) {
    const error: TApiErrorBody['error'] = { code: err.code, message: err.userMessage };
    if (err.fields) error.fields = err.fields;
    return { status: err.status, body: { error } };
  }
  return { status: 500, body: { error: { code: 'internal', message: CODE_MESSAGES.internal } } };
}
