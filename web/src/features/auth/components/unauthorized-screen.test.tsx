import { ERROR_CATEGORIES } from '@campus/shared/domain/error-catalogue';
import { ROLE_MESSAGES } from '@campus/shared/domain/roles';
import { renderToString } from 'react-dom/server';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { UnauthorizedScreen } from './unauthorized-screen';

// Rendered to HTML (the unit project has no DOM), opened as the guard opens it: with its reason
// in the navigation state, or directly without one.

function render(state?: unknown) {
  return renderToString(
    <MemoryRouter initialEntries={[{ pathname: '/unauthorized', state }]}>
      <UnauthorizedScreen />
    </MemoryRouter>,
  );
}

/** The page's visible texts, in order. */
const texts = (html: string) =>
  [...html.matchAll(/>([^<>]+)</g)].map((match) => match[1]?.trim()).filter(Boolean);

describe('UnauthorizedScreen', () => {
  it('says why when the guard of a super admin page sent the visitor', () => {
    const html = render({ denied: ROLE_MESSAGES.superAdminRequired });
    expect(texts(html)).toEqual([
      'Access Denied',
      'Access denied. Super Admin privileges required.',
      'Go to Home',
      'Go Back',
    ]);
  });

  it('says why when the guard of a campus dashboard sent the visitor', () => {
    const html = render({ denied: ROLE_MESSAGES.campusAdminRequired });
    expect(html).toContain('Access denied. Campus Admin privileges required.');
    expect(html).not.toContain(ERROR_CATEGORIES.AUTHORIZATION.message);
  });

  it('shows the generic message when opened without a reason', () => {
    for (const state of [undefined, null, {}, { denied: 42 }, { denied: '' }]) {
      expect(texts(render(state))).toEqual([
        'Access Denied',
        'You do not have permission to perform this action.',
        'Go to Home',
        'Go Back',
      ]);
    }
  });
});
