import { describe, expect, it } from 'vitest';
import { AppError } from './app-error';
import {
  appErrorFromResponse,
  CODE_MESSAGES,
  categorizeError,
  codeMessage,
  ERROR_CATEGORIES,
  formatError,
  HTTP_STATUS_MESSAGES,
  networkError,
  toApiErrorResponse,
} from './error-catalogue';

function withCode(code: string, message = 'boom'): Error {
  return Object.assign(new Error(message), { code });
}

describe('categorizeError', () => {
  it.each([
    [withCode('auth/wrong-password'), 'AUTHENTICATION'],
    [withCode('auth/network-request-failed'), 'AUTHENTICATION'],
    [withCode('permission-denied'), 'AUTHORIZATION'],
    [{ status: 401 }, 'AUTHENTICATION'],
    [appErrorFromResponse(403, {}), 'AUTHORIZATION'],
    [{ status: 404 }, 'NOT_FOUND'],
    [{ status: 500 }, 'SERVER'],
    [appErrorFromResponse(503, {}), 'SERVER'],
    [{ status: 400 }, 'VALIDATION'],
    [new Error('Network Error'), 'NETWORK'],
    [withCode('NETWORK_ERROR'), 'NETWORK'],
    [new TypeError('Failed to fetch'), 'NETWORK'],
    [new Error('validation failed'), 'VALIDATION'],
    [new Error('Invalid user role'), 'VALIDATION'],
    [new Error('something else'), 'UNKNOWN'],
    [{ status: 429 }, 'UNKNOWN'],
    ['plain text', 'UNKNOWN'],
    [null, 'UNKNOWN'],
    [42, 'UNKNOWN'],
  ])('puts %o in %s', (err, category) => {
    expect(categorizeError(err)).toBe(category);
  });

  it('applies the mapping in the spec order', () => {
    // An auth code wins over a status; a status wins over the message text.
    expect(categorizeError(Object.assign(withCode('auth/user-disabled'), { status: 500 }))).toBe(
      'AUTHENTICATION',
    );
    expect(categorizeError({ status: 404, message: 'Network Error' })).toBe('NOT_FOUND');
    expect(categorizeError({ message: 'Network Error: invalid' })).toBe('NETWORK');
  });
});

describe('formatError', () => {
  it('prefers the message written for users', () => {
    const err = new AppError({
      code: 'not-found',
      status: 404,
      userMessage: 'Restaurant not found at this campus.',
      logMessage: 'restaurant r9 missing in campus c1',
    });
    expect(formatError(err)).toEqual({
      category: 'NOT_FOUND',
      title: 'Not Found',
      message: 'Restaurant not found at this campus.',
      action: 'Go Home',
      code: 'not-found',
      status: 404,
    });
  });

  it('reads the api error body, with its fields', () => {
    const body = {
      error: { code: 'validation', message: 'Your cart is empty.', fields: { cartItems: 'x' } },
    };
    expect(formatError({ status: 400, ...body })).toMatchObject({
      category: 'VALIDATION',
      title: 'Invalid Input',
      message: 'Your cart is empty.',
      action: 'Fix Input',
      fields: { cartItems: 'x' },
    });
    expect(formatError(body).message).toBe('Your cart is empty.');
    expect(formatError(appErrorFromResponse(409, body)).message).toBe('Your cart is empty.');
  });

  it('uses the code message, then the status message', () => {
    expect(formatError(withCode('auth/user-not-found'))).toMatchObject({
      category: 'AUTHENTICATION',
      title: 'Authentication Error',
      message: 'No account found with this email address.',
      action: 'Login',
    });
    expect(formatError(withCode('deadline-exceeded')).message).toBe(
      'Request timed out. Please try again.',
    );
    expect(formatError(appErrorFromResponse(504, 'Gateway Timeout'))).toMatchObject({
      category: 'SERVER',
      message: HTTP_STATUS_MESSAGES[504],
      action: 'Retry',
    });
  });

  it('shows thrown text, but not that of programming errors or failed fetches', () => {
    expect(formatError(new Error('Request timeout after 30 seconds')).message).toBe(
      'Request timeout after 30 seconds',
    );
    expect(formatError('Something broke')).toMatchObject({
      message: 'Something broke',
      category: 'UNKNOWN',
    });
    expect(formatError(new TypeError("Cannot read properties of undefined (reading 'x')"))).toEqual(
      { category: 'UNKNOWN', ...ERROR_CATEGORIES.UNKNOWN },
    );
    expect(formatError(new TypeError('Failed to fetch'))).toEqual({
      category: 'NETWORK',
      ...ERROR_CATEGORIES.NETWORK,
    });
  });

  it('handles values that are not errors at all', () => {
    for (const value of [undefined, null, 42, {}, [], Symbol('x')]) {
      expect(formatError(value)).toEqual({ category: 'UNKNOWN', ...ERROR_CATEGORIES.UNKNOWN });
    }
  });

  it('does not mistake inherited object keys for codes', () => {
    expect(codeMessage('toString')).toBeUndefined();
    expect(formatError(withCode('constructor', '')).message).toBe(ERROR_CATEGORIES.UNKNOWN.message);
  });

  it('has a message for every status the spec names', () => {
    for (const status of [400, 401, 403, 404, 408, 429, 500, 502, 503, 504]) {
      expect(HTTP_STATUS_MESSAGES[status]).toMatch(/\.$/);
    }
    expect(Object.keys(CODE_MESSAGES)).toHaveLength(20);
  });
});

describe('api helpers', () => {
  it('turns a failed response into an AppError', () => {
    const withBody = appErrorFromResponse(403, {
      error: {
        code: 'permission-denied',
        message: 'Access denied. Campus Admin privileges required.',
      },
    });
    expect([withBody.code, withBody.status, withBody.userMessage]).toEqual([
      'permission-denied',
      403,
      'Access denied. Campus Admin privileges required.',
    ]);
    const bare = appErrorFromResponse(502, '<html>Bad Gateway</html>');
    expect([bare.code, bare.userMessage]).toEqual(['http-502', HTTP_STATUS_MESSAGES[502]]);
    expect(formatError(networkError(new TypeError('fetch failed'))).category).toBe('NETWORK');
  });

  it('answers AppErrors with their status and hides everything else behind a 500', () => {
    const err = new AppError({
      code: 'validation',
      status: 400,
      userMessage: 'Please fill in all required fields.',
      fields: { phone: 'Please fill in all required fields.' },
    });
    expect(toApiErrorResponse(err)).toEqual({
      status: 400,
      body: {
        error: {
          code: 'validation',
          message: 'Please fill in all required fields.',
          fields: { phone: 'Please fill in all required fields.' },
        },
      },
    });
    expect(toApiErrorResponse(new Error('db password wrong'))).toEqual({
      status: 500,
      body: { error: { code: 'internal', message: 'Internal server error. Please try again.' } },
    });
  });
});
