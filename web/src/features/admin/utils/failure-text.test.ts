import { appErrorFromResponse } from '@campus/shared/domain/error-catalogue';
import { ADMIN_MESSAGES } from '@campus/shared/domain/screen-messages';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { failureText } from './failure-text';

describe('failureText', () => {
  afterEach(() => vi.restoreAllMocks());

  it("keeps the spec's message and adds the field the server refused", () => {
    const refused = appErrorFromResponse(400, {
      error: {
        code: 'invalid-argument',
        message: 'Please check your input and try again.',
        fields: { name: 'Another campus already uses the order sheet tab Riverbend_Riverside.' },
      },
    });
    expect(failureText(ADMIN_MESSAGES.saveCampusFailed, refused)).toBe(
      'Failed to save campus: Another campus already uses the order sheet tab Riverbend_Riverside.',
    );
  });

  it("shows the spec's message alone for any other failure, and logs what went wrong", () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const broken = appErrorFromResponse(500, {
      error: { code: 'internal', message: 'Internal server error. Please try again.' },
    });
    expect(failureText(ADMIN_MESSAGES.saveRestaurantFailed, broken)).toBe(
      'Failed to save restaurant',
    );
    expect(warn).toHaveBeenCalledOnce();
  });
});
