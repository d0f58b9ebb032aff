import { USE_AUTH_OUTSIDE_PROVIDER } from '@campus/shared/domain/storefront-messages';
import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useAuth } from './auth';

function NeedsAuth() {
  useAuth();
  return null;
}

describe('useAuth', () => {
  it('throws the spec text outside its provider', () => {
    expect(() => render(<NeedsAuth />)).toThrow(USE_AUTH_OUTSIDE_PROVIDER);
    expect(USE_AUTH_OUTSIDE_PROVIDER).toBe('useAuth must be used within an AuthProvider');
  });
});
