import { AppError } from '@campus/shared/domain/app-error';
import { PRICES_CHANGED_CODE } from '@campus/shared/domain/cart-prices';
import {
  CODE_MESSAGES,
  ERROR_CATEGORIES,
  HTTP_STATUS_MESSAGES,
} from '@campus/shared/domain/error-catalogue';
import { isUniqueViolation } from '@campus/shared/server/db/errors';

// Every refusal the api answers, each with its code, status and the catalogue's message
// (docs/product.md §8). A message of the spec's own for the case replaces the generic one where a
// caller gives it.

/** What a refusal may carry besides its message: the form field it is about, and for the log. */
type ErrorDetails = { field?: string; logMessage?: string; cause?: unknown };

function refusal(code: string, status: number, message: string, details: ErrorDetails = {}) {
  const { field, logMessage, cause } = details;
  return new AppError({
    code,
    status,
    userMessage: message,
    fields: field === undefined ? undefined : { [field]: message },
    logMessage,
    cause,
  });
}

/** A 400: the input is not what the form asks for. */
export const invalidArgument = (
  message: string = ERROR_CATEGORIES.VALIDATION.message,
  details?: ErrorDetails,
) => refusal('invalid-argument', 400, message, details);

/** A 400 for one field, with the message to show next to it. */
export const invalidField = (field: string, message: string) => invalidArgument(message, { field });

/** A 400: a number (a quantity, a total) outside what is allowed. */
export const outOfRange = (message: string, details?: ErrorDetails) =>
  refusal('out-of-range', 400, message, details);

/** The 401 of a request that needs a signed-in person. */
export const unauthenticated = () => refusal('unauthenticated', 401, CODE_MESSAGES.unauthenticated);

/** A 403 with the spec's message of what the person lacks. */
export const forbidden = (
  message: string = CODE_MESSAGES['permission-denied'],
  details?: ErrorDetails,
) => refusal('permission-denied', 403, message, details);

/** The 404 of an id that names nothing. */
export const notFound = (message: string = ERROR_CATEGORIES.NOT_FOUND.message) =>
  refusal('not-found', 404, message);

/** A 409: the request is sound, but what it needs is no longer so (closed, sold out, gone). */
export const failedPrecondition = (message: string, details?: ErrorDetails) =>
  refusal('failed-precondition', 409, message, details);

/** The 409 of an order whose prices changed since the cart showed them. */
export const pricesChanged = (message: string) =>
  refusal(PRICES_CHANGED_CODE, 409, message, { field: 'cartItems' });

/** The 409 of a request that waited for another one that did not finish. */
export const aborted = () => refusal('aborted', 409, CODE_MESSAGES.aborted);

/** A 413: a body over the route's limit, refused before it is read. */
export const payloadTooLarge = (
  logMessage: string,
  message: string = ERROR_CATEGORIES.VALIDATION.message,
) => refusal('invalid-argument', 413, message, { logMessage });

/** The 429 of too many attempts by one person or address (sign-in, sign-up). */
export const tooManyAttempts = () =>
  refusal('auth/too-many-requests', 429, CODE_MESSAGES['auth/too-many-requests']);

/** The 429 of a service that asks us to slow down; `message` says which limit a person reached. */
export const tooManyRequests = (details?: ErrorDetails, message?: string) =>
  refusal(
    'resource-exhausted',
    429,
    message ?? HTTP_STATUS_MESSAGES[429] ?? CODE_MESSAGES['resource-exhausted'],
    details,
  );

/** A refusal of the sign-in and sign-up codes of docs/product.md §8, in the spec's words. */
export const authRefusal = (
  code: Extract<keyof typeof CODE_MESSAGES, `auth/${string}`>,
  status: number,
) => refusal(code, status, CODE_MESSAGES[code]);

/**
 * The 403 of a sign-in whose address is not verified yet (the message says which link went when).
 */
export const emailNotVerified = (message: string) =>
  refusal('auth/email-not-verified', 403, message);

/**
 * The 403 of a sign-in to an account brought over from Firebase without its password (decision
 * 016): a reset link is on its way.
 */
export const passwordNotSet = (message: string) => refusal('auth/password-not-set', 403, message);

/** A 500 of our own making, with what to tell the person. */
export const internal = (message: string = CODE_MESSAGES.internal, details?: ErrorDetails) =>
  refusal('internal', 500, message, details);

/** A 502: a service behind us (the sheet, Cloudinary) refused for good. */
export const badGateway = (
  message: string = HTTP_STATUS_MESSAGES[502] ?? CODE_MESSAGES.internal,
  details?: ErrorDetails,
) => refusal('bad-gateway', 502, message, details);

/** A 503: something we need (Redis, the sheet, the disk) does not answer; trying later may do. */
export const unavailable = (details?: ErrorDetails) =>
  refusal('unavailable', 503, CODE_MESSAGES.unavailable, details);

/** The message of a name or e-mail already taken (unique indexes of schema.ts). */
export const alreadyExists = (value: string) => `"${value}" already exists.`;

/** A `.catch` that turns the database's unique violation into a 400 on the form field. */
export function uniqueViolation(field: string, message: string) {
  return (error: unknown): never => {
    if (isUniqueViolation(error)) throw invalidField(field, message);
    throw error;
  };
}
