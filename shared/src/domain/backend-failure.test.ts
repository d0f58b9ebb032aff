import { describe, expect, it } from 'vitest';
import {
  backendFailureOf,
  describeBackendFailure,
  ownBackendErrorMessage,
} from './backend-failure';
import { appErrorFromResponse, networkError } from './error-catalogue';

describe('own backend mapping', () => {
  it.each([
    [400, 'missing campusName', 'Bad request: missing campusName'],
    [400, undefined, 'Bad request: Invalid request parameters'],
    [
      401,
      'x',
      'Unauthorized: Backend authentication failed. Please check your backend configuration.',
    ],
    [403, 'x', 'Forbidden: Access denied. Please ensure the backend has proper permissions.'],
    [404, 'x', 'Not found: The requested resource was not found.'],
    [429, 'x', 'Rate limit exceeded: Please wait before making more requests.'],
    [500, 'sheet quota', 'Backend error: sheet quota'],
    [500, '', 'Backend error: Internal server error'],
    [502, 'upstream', 'API error (502): upstream'],
    [418, null, 'API error (418): Unknown error'],
  ])('status %i with %j says %s', (status, serverError, message) => {
    expect(describeBackendFailure({ kind: 'status', status, serverError })).toBe(message);
  });

  it('covers no response and everything else', () => {
    expect(describeBackendFailure({ kind: 'no-response' })).toBe(
      'Network error: Unable to connect to backend. Please check if the backend server is running.',
    );
    expect(describeBackendFailure({ kind: 'other', message: 'API_URL is not set' })).toBe(
      'Configuration error: API_URL is not set',
    );
  });

  it('classifies thrown values', () => {
    expect(ownBackendErrorMessage(new TypeError('Failed to fetch'))).toMatch(/^Network error:/);
    expect(ownBackendErrorMessage(networkError())).toMatch(/^Network error:/);
    expect(ownBackendErrorMessage(appErrorFromResponse(400, {}))).toBe(
      'Bad request: Invalid request parameters',
    );
    expect(
      ownBackendErrorMessage(
        appErrorFromResponse(500, { error: { code: 'internal', message: 'Sheet is locked' } }),
      ),
    ).toBe('Backend error: Sheet is locked');
    expect(
      ownBackendErrorMessage(
        appErrorFromResponse(400, { error: { code: 'invalid-argument', message: 'no tab' } }),
      ),
    ).toBe('Bad request: no tab');
    expect(backendFailureOf(new Error('bad URL'))).toEqual({ kind: 'other', message: 'bad URL' });
  });
});
